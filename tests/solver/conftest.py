"""``table("klondike", tableau=["ks QH", "7C"], ...)``: hand-made positions, as in the core tests."""

import pytest

from tests.positions import build


@pytest.fixture
def table():
    return build
