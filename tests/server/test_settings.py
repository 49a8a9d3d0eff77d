"""Settings from the environment, and the storage guarantees the durability promise rests on."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from sqlalchemy import text

from monolith.server.settings import Settings
from monolith.server.storage import make_engine, migrate


def test_settings_come_from_defaults_then_environment_then_options() -> None:
    assert Settings.from_env({}).database_url == "sqlite:///./monolith.sqlite3"
    env = {"MONOLITH_PORT": "9123", "MONOLITH_HOST": "0.0.0.0", "MONOLITH_BOT_DELAY_SECONDS": "0.5"}
    settings = Settings.from_env(env)
    assert (settings.port, settings.host, settings.bot_delay_seconds) == (9123, "0.0.0.0", 0.5)
    assert Settings.from_env(env, port=9999, host=None).port == 9999
    assert Settings.from_env(env, port=9999, host=None).host == "0.0.0.0"
    with pytest.raises(ValueError, match="MONOLITH_PORT"):
        Settings.from_env({"MONOLITH_PORT": "eighty"})


def test_the_server_hands_the_interpreter_lock_on_as_often_as_told(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from monolith.server.app import create_app

    before = sys.getswitchinterval()
    try:
        for wanted in (0.002, 0.0007):
            url = f"sqlite:///{tmp_path / f'gil-{wanted}.sqlite3'}"
            settings = Settings.from_env({}, database_url=url, gil_switch_seconds=wanted)
            with TestClient(create_app(settings)):
                assert sys.getswitchinterval() == pytest.approx(wanted)
        assert Settings().gil_switch_seconds < 0.005  # below Python's own default
    finally:
        sys.setswitchinterval(before)


def test_the_server_tunes_the_cycle_collector_while_it_serves_and_puts_it_back(
    tmp_path: Path,
) -> None:
    import gc

    from fastapi.testclient import TestClient

    from monolith.server.app import create_app

    before = gc.get_threshold()
    assert gc.get_freeze_count() == 0
    for young in (30_000, 0):
        url = f"sqlite:///{tmp_path / f'gc-{young}.sqlite3'}"
        with TestClient(create_app(Settings(database_url=url, gc_young_objects=young))):
            assert gc.get_threshold() == ((young or before[0]), *before[1:])
            assert gc.get_freeze_count() > 1000  # what starting built: out of the collector's way
        assert gc.get_threshold() == before
        assert gc.get_freeze_count() == 0
    assert Settings().gc_young_objects > 700 * 10  # well above Python's own


def newest_migration() -> str | None:
    """The head of the packaged migrations, so this test holds whichever revision is newest."""
    from alembic.script import ScriptDirectory

    from monolith.server.storage import alembic_config

    return ScriptDirectory.from_config(alembic_config("sqlite://")).get_current_head()


def test_sqlite_runs_in_wal_with_full_sync_and_migrates_once(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'wal.sqlite3'}")
    try:
        migrate(engine)
        migrate(engine)  # a second start finds the schema current
        with engine.connect() as connection:
            assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
            assert connection.execute(text("PRAGMA synchronous")).scalar() == 2  # FULL
            assert connection.execute(text("select version_num from alembic_version")).all() == [
                (newest_migration(),)
            ]
            tables = {
                row[0]
                for row in connection.execute(text("select name from sqlite_master"))
                if not row[0].startswith("sqlite_")
            }
        assert {"matches", "seats", "actions", "alembic_version"} <= tables
    finally:
        engine.dispose()


def test_the_migrations_build_exactly_the_models_schema(tmp_path: Path) -> None:
    """A model changed without a migration would be caught here, not on someone's database."""
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext

    from monolith.server.storage import Base

    engine = make_engine(f"sqlite:///{tmp_path / 'schema.sqlite3'}")
    try:
        migrate(engine)
        with engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    finally:
        engine.dispose()
    assert differences == []


def test_one_server_owns_a_sqlite_database(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from monolith.server.app import create_app
    from monolith.server.storage import DatabaseInUse

    settings = Settings(database_url=f"sqlite:///{tmp_path / 'owned.sqlite3'}")
    with TestClient(create_app(settings)) as first:
        with pytest.raises(DatabaseInUse, match="another server"), TestClient(create_app(settings)):
            pass
        assert first.get("/api/matches").status_code == 200
    with TestClient(create_app(settings)) as again:  # released when the first one stopped
        assert again.get("/api/matches").status_code == 200


def test_servers_started_to_share_a_sqlite_file_admit_each_other_but_no_lone_one(
    tmp_path: Path,
) -> None:
    from fastapi.testclient import TestClient

    from monolith.server.app import create_app
    from monolith.server.storage import DatabaseInUse

    url = f"sqlite:///{tmp_path / 'shared.sqlite3'}"
    shared, alone = Settings(database_url=url, shared_sqlite=True), Settings(database_url=url)
    with TestClient(create_app(shared)) as first, TestClient(create_app(shared)) as second:
        assert first.get("/api/matches").status_code == 200
        assert second.get("/api/matches").status_code == 200
        lone = TestClient(create_app(alone))
        with pytest.raises(DatabaseInUse, match="unless started to share it"), lone:
            pass
    sharing = TestClient(create_app(shared))
    with (
        TestClient(create_app(alone)),
        pytest.raises(DatabaseInUse, match="owns it alone"),
        sharing,
    ):
        pass
