"""``monolith serve``: run the web table on uvicorn.

Options override the ``MONOLITH_*`` environment variables, which override the defaults (a SQLite
file ``monolith.sqlite3`` in the working directory, 127.0.0.1:8000).
"""

from __future__ import annotations

from typing import Annotated

import typer


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
) -> None:
    """Serve the browser table and its API; open the printed address in a browser."""
    import uvicorn

    from monolith.server.app import create_app
    from monolith.server.settings import Settings
    from monolith.server.timeouts import HeaderTimeoutProtocol

    settings = Settings.from_env(host=host, port=port, database_url=database_url)
    typer.echo(f"Monolith table on http://{settings.host}:{settings.port}/ ", err=True)
    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        log_level="info",
        http=HeaderTimeoutProtocol.with_timeout(settings.header_timeout_seconds),
        ws_max_size=settings.max_body_bytes,  # the socket only pushes; clients send nothing big
    )


def main() -> None:
    """Run ``serve`` alone (``python -m monolith.cli.serve``), before it is wired into the CLI."""
    typer.run(serve)


if __name__ == "__main__":
    main()
