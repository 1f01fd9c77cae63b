import pytest

from core_helpers import build


@pytest.fixture
def table():
    return build
