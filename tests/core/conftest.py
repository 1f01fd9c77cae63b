import pytest

from tests.positions import build


@pytest.fixture
def table():
    return build
