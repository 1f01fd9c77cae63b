"""The real servers the server tests start themselves (issue 35): one PostgreSQL per test process."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.server.postgresql_server import PostgresServer


@pytest.fixture(scope="session")
def postgresql() -> Iterator[PostgresServer]:
    """A PostgreSQL on 127.0.0.1 and a free port, for this test process's whole run."""
    server = PostgresServer()
    yield server
    server.close()


@pytest.fixture
def postgres_url(postgresql: PostgresServer) -> str:
    """A new, empty PostgreSQL database of the test's own."""
    return postgresql.fresh()
