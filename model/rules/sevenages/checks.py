"""The 7 Ages validator checks (filled in below)."""

from __future__ import annotations

from model.issues import Issue, Severity
from model.scenario import Scenario

CODES: dict[str, tuple[Severity, str]] = {}


def check_scenario(scenario: Scenario) -> list[Issue]:
    """Return the 7 Ages problems of a scenario."""
    return []
