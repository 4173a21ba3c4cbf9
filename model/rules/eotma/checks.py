"""Empires of the Middle Ages checks of a scenario's setup, run by the validator after its own.

Each check cites the rule it enforces. Ranges that are HOUSE DEFAULTs (population) and the
treasury floor (16.0) are in the ruleset's ``limits`` table, checked by the core validator; unit
strengths (33.31, 34.21) come from the registry's unit kinds. What is left here needs the rules:
courts (21), where units may stand (33.32, 34.22), diplomatic ties and claims (12, 18).
"""

from __future__ import annotations

from collections.abc import Iterator

from model.graph import MapGraphs
from model.issues import Issue, Severity
from model.rules import tables
from model.rules.checking import AreaChecker
from model.scenario import AreaKind, Point, Scenario

E, W = Severity.ERROR, Severity.WARNING

CODES: dict[str, tuple[Severity, str]] = {
    "COURT_MISSING": (E, "An empire has no Court Area (21, 2.0)."),
    "COURT_NOT_OWNED": (E, "An empire's Court Area is held by someone else or is a sea area (21)."),
    "UNIT_OWNER_NOT_EMPIRE": (
        E,
        "A unit belongs to a Magnate; only empires raise armies and fleets (33, 34).",
    ),
    "UNIT_AREA_NOT_CONTROLLED": (E, "A unit stands in an area its owner does not control (33.32, 34.22)."),
    "FLEET_NOT_COASTAL": (E, "A fleet stands in an area adjacent to no sea area (34.22)."),
    "UNITS_OPTION_OFF": (
        W,
        "Units are set up but the armies and fleets rule is off, so they are ignored (33, 34).",
    ),
    "SEA_AREA_OWNED": (E, "A sea area has an owner or a starting state; sea areas are named only (2.0)."),
    "TIE_UNKNOWN_EMPIRE": (E, "A diplomatic tie names an empire that does not exist (12)."),
    "CLAIM_UNKNOWN_EMPIRE": (E, "A claim names an empire that does not exist (18)."),
    "CONQUEST_UNKNOWN_EMPIRE": (E, "A partial conquest names an empire that does not exist (10.33)."),
    "TIE_ON_COURT": (E, "A tie on another empire's Court Area, which diplomacy may never target (12.16)."),
    "TIE_ON_MAGNATE_AREA": (W, "A setup tie on an area a Magnate holds (12.16, 12.20)."),
    "TIE_BY_OWNER": (W, "An empire has a tie on an area it already owns (12)."),
    "LANGUAGE_MISSING": (W, "A land area has no language; the endeavour ratings need one (2.0)."),
    "RELIGION_MISSING": (W, "A land area has no religion; the endeavour ratings need one (2.0)."),
    "FORT_STRENGTH": (E, "A fort of strength other than 0, 2 or 3 (built at 2, raised to 3, 14.0)."),
    "RAIDER_TARGET_UNKNOWN": (
        W,
        "With raiders on, the raiders table names a sea or area the map lacks: those raids never happen "
        "(24).",
    ),
}
"""The codes these checks emit: code -> (severity, one-line description)."""


def _issue(
    code: str, message: str, ids: tuple[str, ...], rule: str, path: str = "", location: Point | None = None
) -> Issue:
    return Issue(code, CODES[code][0], message, ids, path, location, rule)


def check_scenario(scenario: Scenario, *, graphs: MapGraphs | None = None) -> list[Issue]:
    """Return the EotMA problems of a scenario's setup.

    ``graphs`` is the scenario's ``model.graph.MapGraphs`` when the caller has it; without it the
    checks build it (and skip the coast check when the map's geometry cannot be built).
    """
    checker = _Checker(scenario, graphs)
    return [
        *checker.check_courts(),
        *checker.check_areas(),
        *checker.check_units(),
        *checker.check_ties_and_claims(),
        *checker.check_forts(),
        *checker.check_raider_targets(),
    ]


class _Checker(AreaChecker):
    """Indexes shared by the checks of one scenario."""

    def __init__(self, scenario: Scenario, graphs: MapGraphs | None) -> None:
        super().__init__(scenario, graphs)
        self.empires = {empire.id: empire for empire in scenario.setup.empires}
        self.magnates = {magnate.id for magnate in scenario.setup.magnates}
        self.court_of: dict[str, str] = {}
        for empire in scenario.setup.empires:
            court = empire.attributes.get("court")
            if isinstance(court, str):
                self.court_of[court] = empire.id

    def check_courts(self) -> Iterator[Issue]:
        """21 (and 2.0): every empire has a Court Area, and holds it."""
        for index, empire in enumerate(self.scenario.setup.empires):
            path = f"setup.empires[{index}].attributes.court"
            court = empire.attributes.get("court")
            if not isinstance(court, str):
                yield _issue(
                    "COURT_MISSING",
                    f"empire {empire.name!r} ({empire.id}) has no Court Area: set its "
                    "court to one of its areas",
                    (empire.id,),
                    "21",
                    path,
                )
                continue
            area = self.areas.get(court)
            if area is None:
                continue  # the core validator reports the unknown area
            owner = self.scenario.owner_of(court)
            if area.kind is AreaKind.SEA or owner != empire.id:
                held = (
                    "a sea area"
                    if area.kind is AreaKind.SEA
                    else (f"held by {owner!r}" if owner else "independent")
                )
                yield _issue(
                    "COURT_NOT_OWNED",
                    f"the court of {empire.name!r} ({empire.id}) is {self.name(court)}, "
                    f"which is {held}: give the area to {empire.id!r} or move the court",
                    (empire.id, court),
                    "21",
                    path,
                    self.where(court),
                )

    def check_areas(self) -> Iterator[Issue]:
        """2.0: sea areas carry only a name; land areas show a language and a religion."""
        for area_id, setup in self.scenario.setup.areas.items():
            area = self.areas.get(area_id)
            if area is not None and area.kind is AreaKind.SEA and (setup.owner or setup.attributes):
                yield _issue(
                    "SEA_AREA_OWNED",
                    f"sea area {self.name(area_id)} has a starting owner or state: "
                    "clear its starting owner and state",
                    (area_id,),
                    "2.0",
                    f"setup.areas.{area_id}",
                    self.where(area_id),
                )
        for index, area in enumerate(self.scenario.map.areas):
            if area.kind is not AreaKind.LAND:
                continue
            for key, code in (("language", "LANGUAGE_MISSING"), ("religion", "RELIGION_MISSING")):
                if not area.attributes.get(key):
                    yield _issue(
                        code,
                        f"land area {self.name(area.id)} has no {key}: pick one from the catalog",
                        (area.id,),
                        "2.0",
                        f"map.areas[{index}].attributes.{key}",
                        self.where(area.id),
                    )

    def check_units(self) -> Iterator[Issue]:
        """33.32 and 34.22: units stand only in areas their owner controls; fleets on a coast."""
        units = self.scenario.setup.units
        if units and not self.scenario.ruleset.options.get("armies_fleets", False):
            yield _issue(
                "UNITS_OPTION_OFF",
                f"{len(units)} unit{' is' if len(units) == 1 else 's are'} set up but the armies and "
                "fleets rule (33, 34) is off: switch it on or remove the units",
                tuple(u.id for u in units),
                "33.0",
                "ruleset.options.armies_fleets",
            )
        for index, unit in enumerate(units):
            path = f"setup.units[{index}]"
            if unit.owner in self.magnates:
                yield _issue(
                    "UNIT_OWNER_NOT_EMPIRE",
                    f"unit {unit.id!r} belongs to Magnate {unit.owner!r}; only "
                    "empires have armies and fleets",
                    (unit.id, unit.owner),
                    "33.0",
                    f"{path}.owner",
                    self.where(unit.area),
                )
                continue
            if unit.owner not in self.empires or unit.area not in self.areas:
                continue  # unknown ids: reported by the core validator
            rule = "34.22" if unit.kind == "fleet" else "33.32"
            owner = self.scenario.owner_of(unit.area)
            if owner != unit.owner:
                held = f"held by {owner!r}" if owner else "independent"
                yield _issue(
                    "UNIT_AREA_NOT_CONTROLLED",
                    f"{unit.kind} {unit.id!r} of {unit.owner!r} stands in "
                    f"{self.name(unit.area)}, which is {held}: units stand only in areas their owner "
                    "controls",
                    (unit.id, unit.area),
                    rule,
                    f"{path}.area",
                    self.where(unit.area),
                )
            if unit.kind == "fleet" and self.areas[unit.area].kind is AreaKind.LAND:
                graphs = self.map_graphs()
                if graphs is not None and unit.area in graphs.full and not graphs.is_coastal(unit.area):
                    yield _issue(
                        "FLEET_NOT_COASTAL",
                        f"fleet {unit.id!r} stands in {self.name(unit.area)}, which "
                        "touches no sea area: place it in a coastal area",
                        (unit.id, unit.area),
                        "34.22",
                        f"{path}.area",
                        self.where(unit.area),
                    )

    def check_ties_and_claims(self) -> Iterator[Issue]:
        """12, 18, 10.33: ties, claims and partial conquests name real empires, and ties respect 12.16."""
        magnate_held = {
            area_id for area_id, setup in self.scenario.setup.areas.items() if setup.owner in self.magnates
        }
        for area_id, setup in self.scenario.setup.areas.items():
            path = f"setup.areas.{area_id}.attributes"
            where = self.where(area_id)
            for key, code, rule in (
                ("ties", "TIE_UNKNOWN_EMPIRE", "12"),
                ("claims", "CLAIM_UNKNOWN_EMPIRE", "18"),
                ("partial_conquest", "CONQUEST_UNKNOWN_EMPIRE", "10.33"),
            ):
                value = setup.attributes.get(key)
                if not isinstance(value, list | dict):
                    continue  # a value of the wrong type is reported by the core validator
                for empire_id in value:
                    if isinstance(empire_id, str) and empire_id not in self.empires:
                        yield _issue(
                            code,
                            f"{key.replace('_', ' ')} of area {self.name(area_id)} name "
                            f"{empire_id!r}, which is no empire",
                            (area_id, empire_id),
                            rule,
                            f"{path}.{key}",
                            where,
                        )
            listed = setup.attributes.get("ties")
            ties = (
                [t for t in listed if isinstance(t, str) and t in self.empires]
                if isinstance(listed, list)
                else []
            )
            for empire_id in ties:
                court_of = self.court_of.get(area_id)
                if court_of is not None and court_of != empire_id:
                    yield _issue(
                        "TIE_ON_COURT",
                        f"{empire_id!r} has a tie on {self.name(area_id)}, the Court Area "
                        f"of {court_of!r}, which diplomacy may never target",
                        (area_id, empire_id),
                        "12.16",
                        f"{path}.ties",
                        where,
                    )
                elif area_id in magnate_held:
                    yield _issue(
                        "TIE_ON_MAGNATE_AREA",
                        f"{empire_id!r} has a tie on {self.name(area_id)}, held by Magnate {setup.owner!r}",
                        (area_id, empire_id),
                        "12.20",
                        f"{path}.ties",
                        where,
                    )
                elif setup.owner == empire_id:
                    yield _issue(
                        "TIE_BY_OWNER",
                        f"{empire_id!r} has a tie on {self.name(area_id)}, which it owns",
                        (area_id, empire_id),
                        "12",
                        f"{path}.ties",
                        where,
                    )

    def check_raider_targets(self) -> Iterator[Issue]:
        """24 (facts sheet 7.2): raider groups strike from named seas and near named areas; ids the
        map lacks silently shrink the raids, so the author is told (only when raiders are on)."""
        if not self.scenario.ruleset.options.get("raiders"):
            return
        try:
            raiders = tables.table(self.scenario, "raiders")
        except tables.TableError:
            return  # no raiders table at all is the engine's problem to report
        # A table of the wrong shape is reported (TABLE_INVALID) by the core validator.
        groups = raiders.get("raiders") if isinstance(raiders, dict) else None
        for group in groups if isinstance(groups, list) else []:
            targets = group.get("targets") if isinstance(group, dict) else None
            targets = targets if isinstance(targets, dict) else {}
            named = [
                name
                for key in ("seas", "near")
                if isinstance(targets.get(key), list)
                for name in targets[key]
            ]
            missing = [name for name in named if isinstance(name, str) and name not in self.areas]
            if missing:
                yield _issue(
                    "RAIDER_TARGET_UNKNOWN",
                    f"raiders {group.get('id', '?')!r} name {', '.join(missing)}, which this map does not "
                    "have: override the raiders table (Ruleset tables) with this map's sea and area ids",
                    tuple(missing),
                    "24",
                    "ruleset.tables.raiders",
                )

    def check_forts(self) -> Iterator[Issue]:
        """14.0: a fortification endeavour builds a fort of strength 2 and raises it to 3, so a
        starting fort is 0 (none), 2 or 3 (a reduced fort of 2 is gone, 14.41: there is no strength 1)."""
        for area_id, setup in self.scenario.setup.areas.items():
            value = setup.attributes.get("fortification")
            if not isinstance(value, int) or isinstance(value, bool) or value in (0, 2, 3):
                continue  # a value of the wrong type is reported by the core validator
            yield _issue(
                "FORT_STRENGTH",
                f"area {self.name(area_id)} starts with a fort of strength {value}: use 0 (none), 2 or 3",
                (area_id,),
                "14.0",
                f"setup.areas.{area_id}.attributes.fortification",
                self.where(area_id),
            )
