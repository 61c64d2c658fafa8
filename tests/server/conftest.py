import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from serverlib import Server  # noqa: E402


@pytest.fixture
def server(tmp_path):
    """A server on a fresh SQLite database."""
    running = Server(f"sqlite:{tmp_path / 'stratagem.db'}").start()
    yield running
    if running.process is not None:
        status = running.stop()
        assert status == 0, running.log.decode()[-3000:]


def postgresql_url():
    return os.environ.get("STRATAGEM_TEST_POSTGRESQL")
