"""Alembic's entry point for the server's schema; run programmatically by ``storage.migrate``."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from monolith.server.storage import Base

target_metadata = Base.metadata


def _in_alembic() -> bool:
    """Alembic sets ``context.config`` before running this file; a plain import finds none."""
    return hasattr(context, "config")


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations() -> None:
    """Use the caller's connection when given one, else connect to ``sqlalchemy.url``."""
    config = context.config
    if context.is_offline_mode():
        context.configure(url=config.get_main_option("sqlalchemy.url"), literal_binds=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    url = config.get_main_option("sqlalchemy.url")
    assert url is not None
    engine = create_engine(url)
    with engine.begin() as fresh:
        _run(fresh)
    engine.dispose()


if _in_alembic():
    run_migrations()
