"""Helpers shared by the editor tests."""

from __future__ import annotations

from model import io
from model.scenario import Scenario


def dump(scenario: Scenario) -> str:
    """The scenario's canonical text, for comparing states before and after undo."""
    return io.dumps(scenario)
