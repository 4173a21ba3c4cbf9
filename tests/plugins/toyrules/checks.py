"""Stake: the validator checks of the ruleset (``RulesetSpec.checks``), with their documented codes."""

from __future__ import annotations

from model.issues import Issue, Severity
from model.scenario import AreaKind, Scenario

CODES: dict[str, tuple[Severity, str]] = {
    "TOY_TOO_FEW_PLAYERS": (Severity.ERROR, "Stake needs at least two players (S2)."),
    "TOY_PLAYER_WITHOUT_START": (
        Severity.WARNING,
        "A player holds no area at the start and may claim anywhere on its first turn (S2).",
    ),
}


def check_scenario(scenario: Scenario) -> list[Issue]:
    """Return the Stake problems of ``scenario``: too few players, players with no start."""
    issues: list[Issue] = []
    players = scenario.setup.empires
    if len(players) < 2:
        issues.append(
            Issue(
                code="TOY_TOO_FEW_PLAYERS",
                severity=Severity.ERROR,
                message=f"Stake needs at least two players; the scenario has {len(players)} (S2): add one",
            )
        )
    land = {a.id for a in scenario.map.areas if a.kind is AreaKind.LAND}
    holders = {entry.owner for area, entry in scenario.setup.areas.items() if area in land}
    for player in players:
        if player.id not in holders:
            issues.append(
                Issue(
                    code="TOY_PLAYER_WITHOUT_START",
                    severity=Severity.WARNING,
                    message=f"player {player.id!r} holds no area at the start (S2): give it one",
                    ids=(player.id,),
                )
            )
    return issues
