"""The Seasons validator checks: what a scenario must satisfy to be played with this ruleset.

Codes are stable (``seasons.*``). Attribute dicts that do not parse are the generic validator's
business; here they are read leniently (defaults stand in) so every other problem is still listed.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from model.issues import Issue, Severity
from model.rules.seasons import schema
from model.rules.seasons.battle import LAND_KINDS, WAR_BOAT
from model.rules.seasons.mapgraph import adjacency
from model.rules.seasons.tables import SeasonsTableError, Tables, load
from model.scenario import AreaKind, Scenario

M = TypeVar("M", bound=BaseModel)

E, W, N = Severity.ERROR, Severity.WARNING, Severity.INFO

CODES: dict[str, tuple[Severity, str]] = {
    "seasons.table": (E, "A Seasons table (shipped or overridden) is malformed."),
    "seasons.few-nations": (W, "Fewer than two nations: there is nobody to fight."),
    "seasons.magnate": (W, "Seasons has no Magnates; the engine ignores them."),
    "seasons.nation-no-area": (W, "A nation holds no area at the start."),
    "seasons.turns-mismatch": (
        W,
        "The scenario's rounds differ from the game length in turns set in the rules options.",
    ),
    "seasons.sea-owner": (E, "An ocean area has an owner; only land areas are held."),
    "seasons.building-on-sea": (E, "A building stands on an ocean area."),
    "seasons.owner-not-nation": (E, "A land area is held by something that is not a nation."),
    "seasons.building-unheld": (W, "A building stands in an area no nation holds."),
    "seasons.damage-without-building": (W, "An area records building damage but has no building."),
    "seasons.damage-too-high": (E, "A building's damage reaches its might (it would already have fallen)."),
    "seasons.pillaged-start": (N, "A land area starts pillaged, at resources -1."),
    "seasons.sea-resources": (W, "An ocean area has a resource number, which the rules ignore."),
    "seasons.unit-not-held": (E, "A land unit stands in an area its nation does not hold."),
    "seasons.war-boat-far": (E, "A war boat is on an ocean area next to no area its nation holds."),
    "seasons.alliance-duplicate": (E, "Two alliances share an id."),
    "seasons.alliance-small": (W, "An alliance has fewer than two nations."),
    "seasons.alliance-unknown": (E, "An alliance names something that is not a nation."),
    "seasons.alliance-overlap": (E, "A nation belongs to two alliances."),
    "seasons.message-unknown": (E, "A diplomatic message names something that is not a nation."),
}
"""Every code these checks emit: code -> (severity, one-line description)."""

RULE_UNITS = "Seasons: Units"
RULE_BUILDINGS = "Seasons: Buildings"
RULE_WINNING = "Seasons: Winning"


def _parse(model: type[M], raw: dict[str, object]) -> M:
    try:
        return model.model_validate(raw)
    except ValidationError:
        return model()


def _issue(code: str, message: str, *ids: str, rule: str = "") -> Issue:
    return Issue(code=code, severity=CODES[code][0], message=message, ids=tuple(ids), rule=rule)


def check_scenario(scenario: Scenario) -> list[Issue]:
    """Return every Seasons-specific problem of the scenario (never raises)."""
    issues: list[Issue] = []
    tables, problems = _check_tables(scenario)
    issues += problems
    issues += _check_nations(scenario)
    issues += _check_areas(scenario, tables)
    issues += _check_units(scenario)
    issues += _check_alliances(scenario)
    return issues


def _check_tables(scenario: Scenario) -> tuple[Tables | None, list[Issue]]:
    try:
        return load(scenario), []
    except SeasonsTableError as error:
        found = _issue("seasons.table", str(error))
        if error.table in scenario.ruleset.tables:  # the place of the author's override
            found = dataclasses.replace(found, path=f"ruleset.tables.{error.table}")
        return None, [found]


def _check_nations(scenario: Scenario) -> list[Issue]:
    issues: list[Issue] = []
    nations = [empire.id for empire in scenario.setup.empires]
    if len(nations) < 2:
        issues.append(_issue("seasons.few-nations", "a Seasons game needs at least two nations"))
    for magnate in scenario.setup.magnates:
        issues.append(
            _issue(
                "seasons.magnate",
                f"Seasons has no Magnates; {magnate.id} is ignored",
                magnate.id,
            )
        )
    held = Counter(setup.owner for setup in scenario.setup.areas.values() if setup.owner)
    for nation in nations:
        if held[nation] == 0:
            issues.append(_issue("seasons.nation-no-area", f"nation {nation} holds no area", nation))
    options = _parse(schema.Options, scenario.ruleset.options)
    rounds = scenario.metadata.rounds
    if rounds is not None and rounds != options.turns:
        issues.append(
            _issue(
                "seasons.turns-mismatch",
                f"the scenario says {rounds} rounds but the rules options set the game length to "
                f"{options.turns} turns",
                rule=RULE_WINNING,
            )
        )
    return issues


def _check_areas(scenario: Scenario, tables: Tables | None) -> list[Issue]:
    issues: list[Issue] = []
    areas = scenario.area_index()
    nations = {empire.id for empire in scenario.setup.empires}
    for area_id, setup in sorted(scenario.setup.areas.items()):
        area = areas.get(area_id)
        if area is None:
            continue
        state = _parse(schema.AreaSetup, setup.attributes)
        if area.kind is AreaKind.SEA:
            if setup.owner:
                issues.append(_issue("seasons.sea-owner", f"ocean area {area_id} cannot be held", area_id))
            if state.building:
                issues.append(
                    _issue(
                        "seasons.building-on-sea",
                        f"a {state.building.value} cannot stand on ocean area {area_id}",
                        area_id,
                        rule=RULE_BUILDINGS,
                    )
                )
            continue
        if setup.owner and setup.owner not in nations:
            issues.append(
                _issue(
                    "seasons.owner-not-nation",
                    f"area {area_id} is held by {setup.owner}, which is not a nation",
                    area_id,
                )
            )
        if state.building and not setup.owner:
            issues.append(
                _issue(
                    "seasons.building-unheld",
                    f"the {state.building.value} in {area_id} belongs to no nation",
                    area_id,
                    rule=RULE_BUILDINGS,
                )
            )
        if (
            state.building
            and tables
            and state.building_damage >= tables.buildings.stats(state.building).might
        ):
            issues.append(
                _issue(
                    "seasons.damage-too-high",
                    f"the {state.building.value} in {area_id} has taken {state.building_damage}, "
                    "its whole might",
                    area_id,
                    rule=RULE_BUILDINGS,
                )
            )
        if state.building is None and state.building_damage:
            issues.append(
                _issue(
                    "seasons.damage-without-building",
                    f"area {area_id} has building damage but no building",
                    area_id,
                )
            )
    for area in scenario.map.areas:
        if area.kind is AreaKind.LAND:
            attributes = _parse(schema.AreaAttributes, area.attributes)
            if attributes.resources < 0:
                issues.append(
                    _issue(
                        "seasons.pillaged-start",
                        f"area {area.id} starts pillaged (resources -1)",
                        area.id,
                        rule="Seasons: Tokens / Pillage",
                    )
                )
        elif "resources" in area.attributes:
            issues.append(
                _issue(
                    "seasons.sea-resources",
                    f"ocean area {area.id} has a resource number, which the rules ignore",
                    area.id,
                )
            )
    return issues


def _check_units(scenario: Scenario) -> list[Issue]:
    issues: list[Issue] = []
    areas = scenario.area_index()
    links = adjacency(scenario) if any(unit.kind == WAR_BOAT for unit in scenario.setup.units) else {}
    for unit in scenario.setup.units:
        area = areas.get(unit.area)
        if area is None:
            continue
        # A unit on the wrong kind of area is the core validator's UNIT_AREA_KIND.
        if (
            unit.kind in LAND_KINDS
            and area.kind is AreaKind.LAND
            and scenario.owner_of(unit.area) != unit.owner
        ):
            issues.append(
                _issue(
                    "seasons.unit-not-held",
                    f"{unit.kind} {unit.id} of {unit.owner} stands in {unit.area}, "
                    f"which {unit.owner} does not hold",
                    unit.id,
                    unit.area,
                    rule=RULE_UNITS,
                )
            )
        elif (
            unit.kind == WAR_BOAT
            and area.kind is AreaKind.SEA
            and not any(scenario.owner_of(other) == unit.owner for other in links.get(unit.area, ()))
        ):
            issues.append(
                _issue(
                    "seasons.war-boat-far",
                    f"war boat {unit.id} is on {unit.area}, not next to an area {unit.owner} holds",
                    unit.id,
                    unit.area,
                    rule=RULE_UNITS,
                )
            )
    return issues


def _check_alliances(scenario: Scenario) -> list[Issue]:
    issues: list[Issue] = []
    setup = _parse(schema.SetupAttributes, scenario.setup.attributes)
    nations = {empire.id for empire in scenario.setup.empires}
    membership: Counter[str] = Counter()
    ids: Counter[str] = Counter(alliance.id for alliance in setup.alliances)
    for alliance in setup.alliances:
        if ids[alliance.id] > 1:
            issues.append(
                _issue(
                    "seasons.alliance-duplicate",
                    f"two alliances have id {alliance.id}",
                    alliance.id,
                )
            )
        members = set(alliance.members)
        if len(members) < 2:
            issues.append(
                _issue(
                    "seasons.alliance-small",
                    f"alliance {alliance.id} has fewer than two nations",
                    alliance.id,
                )
            )
        for member in sorted(members):
            membership[member] += 1
            if member not in nations:
                issues.append(
                    _issue(
                        "seasons.alliance-unknown",
                        f"alliance {alliance.id} names {member}, which is not a nation",
                        alliance.id,
                        member,
                    )
                )
    for member, count in sorted(membership.items()):
        if count > 1 and member in nations:
            issues.append(
                _issue(
                    "seasons.alliance-overlap",
                    f"nation {member} is in {count} alliances; a nation fights on one side",
                    member,
                    rule="Seasons: Battles",
                )
            )
    for message in setup.messages:
        for who in (message.sender, message.recipient):
            if who not in nations:
                issues.append(
                    _issue(
                        "seasons.message-unknown",
                        f"a message names {who}, which is not a nation",
                        who,
                    )
                )
    return issues
