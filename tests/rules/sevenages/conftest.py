"""Fixtures of the 7 Ages tests: the tiny scenario of ``sevenages_scenario``."""

from __future__ import annotations

import pytest
from sevenages_scenario import tiny_sevenages_scenario

from model.scenario import Scenario

__all__ = ["tiny_sevenages_scenario"]


@pytest.fixture
def tiny() -> Scenario:
    """A fresh tiny 7 Ages scenario for each test."""
    return tiny_sevenages_scenario()
