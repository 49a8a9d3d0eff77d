"""``monolith serve``: run the web table on uvicorn.

Options override the ``MONOLITH_*`` environment variables, which override the defaults (a SQLite
file ``monolith.sqlite3`` in the working directory, 127.0.0.1:8000).

``--workers N`` starts N server processes sharing the port (uvicorn's supervisor restarts one that
dies). They share matches through the database (:mod:`monolith.server.cluster`): PostgreSQL, or a
SQLite file they share on this machine (:mod:`monolith.server.sqlite_cluster`; not one in memory).
Each worker builds its app from the ``MONOLITH_*`` variables (uvicorn imports ``create_app`` by
name in each), so the options given here are passed on as those variables.
"""

from __future__ import annotations

import os
from typing import Annotated, Any

import typer

from monolith.usage import CliError, check_workers

__all__ = ["check_workers", "serve"]

APP = "monolith.server.app:create_app"
HTTP = "monolith.server.transports.protocol:TableProtocol"


def serve(
    host: Annotated[
        str | None, typer.Option(help="address to listen on (env MONOLITH_HOST; default 127.0.0.1)")
    ] = None,
    port: Annotated[
        int | None, typer.Option(help="port to listen on (env MONOLITH_PORT; default 8000)")
    ] = None,
    database_url: Annotated[
        str | None,
        typer.Option(
            help="SQLAlchemy URL: sqlite:///file.sqlite3 or postgresql+psycopg://... "
            "(env MONOLITH_DATABASE_URL; default sqlite:///./monolith.sqlite3)"
        ),
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option(
            help="server processes on the port, sharing the database "
            "(env MONOLITH_WORKERS; default 1)"
        ),
    ] = None,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            help="addresses of the reverse proxies whose X-Forwarded-For names the client, "
            "comma-separated (env FORWARDED_ALLOW_IPS; default none: the client is the "
            "connection's peer, whatever a request says)"
        ),
    ] = None,
    compute: Annotated[
        str | None,
        typer.Option(
            help="where bots, hints and reviews think: local (worker processes here), ray (a "
            "local Ray cluster started with the server) or ray://host:port (a running cluster) "
            "(env MONOLITH_COMPUTE; default local)"
        ),
    ] = None,
) -> None:
    """Serve the browser table and its API; open the printed address in a browser."""
    import uvicorn

    from monolith.server.app import create_app
    from monolith.server.settings import Settings
    from monolith.server.transports.protocol import TableProtocol

    settings = Settings.from_env(
        host=host, port=port, database_url=database_url, workers=workers, compute=compute
    )
    try:
        check_workers(settings.workers, settings.database_url)
        check_compute(settings.compute, settings.workers)
    except CliError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    proxies = proxy_options(forwarded_allow_ips)
    typer.echo(f"Monolith table on http://{settings.host}:{settings.port}/ ", err=True)
    if settings.workers > 1:
        overrides = {"HOST": host, "PORT": port, "DATABASE_URL": database_url, "COMPUTE": compute}
        for name, value in overrides.items():
            if value is not None:
                os.environ[f"MONOLITH_{name}"] = str(value)
        if settings.database_url.startswith("sqlite"):
            os.environ["MONOLITH_SHARED_SQLITE"] = "1"  # the workers share the file
        uvicorn.run(
            APP,
            factory=True,
            workers=settings.workers,
            host=settings.host,
            port=settings.port,
            log_level="info",
            http=HTTP,  # reads MONOLITH_HEADER_TIMEOUT_SECONDS, ..._MAX_HEADER_BYTES in each worker
            ws_max_size=settings.max_body_bytes,
            **proxies,
        )
        return
    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        log_level="info",
        http=TableProtocol.with_timeout(settings.header_timeout_seconds, settings.max_header_bytes),
        ws_max_size=settings.max_body_bytes,  # the socket only pushes; clients send nothing big
        **proxies,
    )


def check_compute(compute: str, workers: int) -> None:
    """A compute service the server can start: ``local``, ``ray`` or ``ray://host:port``; with
    several server processes, a Ray cluster must be started apart and named (each process would
    otherwise start a cluster of its own)."""
    if compute not in ("local", "ray", "threads") and not compute.startswith("ray://"):
        raise CliError(f"--compute must be local, ray or ray://host:port, not {compute!r}")
    if compute == "ray" and workers > 1:
        raise CliError(
            "--compute ray starts a Ray cluster inside the server; with --workers, start one "
            "with `ray start --head` and pass --compute ray://127.0.0.1:10001"
        )


def proxy_options(forwarded_allow_ips: str | None) -> dict[str, Any]:
    """uvicorn's options for ``X-Forwarded-For``: trusted from the proxies named (the option,
    else ``FORWARDED_ALLOW_IPS``), from nobody otherwise. (uvicorn trusts 127.0.0.1 unless told:
    then any local process, or a client behind a local proxy that forwards the header as sent,
    picks the address its rate limits count.)"""
    named = forwarded_allow_ips
    if named is None:
        named = os.environ.get("FORWARDED_ALLOW_IPS", "")
    named = named.strip()
    if not named:
        return {"proxy_headers": False}
    return {"proxy_headers": True, "forwarded_allow_ips": named}


def main() -> None:
    """Run ``serve`` alone (``python -m monolith.cli.serve``), before it is wired into the CLI."""
    typer.run(serve)


if __name__ == "__main__":
    main()
