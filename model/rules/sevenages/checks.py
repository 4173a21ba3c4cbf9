"""The 7 Ages checks of a scenario's setup, run by the validator after its own.

Codes are stable (``sevenages.*``, listed in :data:`CODES`). Each issue names the objects at fault,
the JSON path of the value and a map point to zoom to. What the shared validator already reports
is left to it: attribute dicts that do not parse (read leniently here, defaults standing in),
references to unknown areas, unknown unit kinds of the shipped table, table overrides it cannot
load (then the shipped tables stand in here). Rule references: "7A facts" = the 7 Ages facts
sheet, "E&N" = the Emissaries & Neutrals rules.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from model.graph import MapGraphs
from model.issues import Issue, Severity
from model.rules import registry
from model.rules.checking import AreaChecker
from model.rules.sevenages import schema
from model.rules.sevenages.tables import Tables, for_scenario_or_shipped
from model.scenario import AreaKind, Point, Scenario

M = TypeVar("M", bound=BaseModel)
E, W = Severity.ERROR, Severity.WARNING

ON_MAP_STATE = frozenset({"progress", "treasury", "shade"})
"""Empire attributes that describe an empire on the map; a card in the deck has none of them."""

CODES: dict[str, tuple[Severity, str]] = {
    "sevenages.players-count": (E, "The scenario has fewer than 2 or more than 7 players."),
    "sevenages.player-duplicate": (E, "Two players share an id."),
    "sevenages.first-player-unknown": (E, "The first player named is none of the scenario's players."),
    "sevenages.region-duplicate": (E, "Two regions share an id."),
    "sevenages.area-region-unknown": (E, "An area belongs to a region the scenario does not list."),
    "sevenages.magnate-not-neutral": (E, "A Magnate other than 'neutral', the white neutral side (E&N)."),
    "sevenages.empire-no-player": (
        W,
        "An empire card in the deck (no player) has a state on the map set (progress, treasury, shade): "
        "it is ignored until the card is played.",
    ),
    "sevenages.empire-player-unknown": (E, "An empire's player is not one of the scenario's players."),
    "sevenages.empire-value": (E, "An empire card's value is outside 0-7."),
    "sevenages.empire-ages": (E, "An empire card's startable ages or 'no cities' ages are outside 1-7."),
    "sevenages.empire-no-start-area": (W, "An empire card has no start area, so it can never start."),
    "sevenages.start-area-not-land": (E, "An empire's start area is a sea area."),
    "sevenages.convert-unknown": (E, "An empire's convert names neither none, any nor an empire (E&N)."),
    "sevenages.glory-region-unknown": (E, "A glory category names a region the scenario does not list."),
    "sevenages.event-unknown": (E, "An empire card's event is not in the events table."),
    "sevenages.area-owner-off-map": (
        E,
        "An area is held by an empire card that is not on the map (no player) or by a Magnate other "
        "than neutral.",
    ),
    "sevenages.capital-no-owner": (
        E,
        "A capital in an area without an owner, or held by the neutrals or an empire not on the map.",
    ),
    "sevenages.capital-outside-start": (E, "A capital outside its empire's start areas."),
    "sevenages.capital-not-on-card": (
        W,
        "A capital for an empire whose card has no capital, or that is in a 'no cities' age.",
    ),
    "sevenages.capital-twice": (E, "An empire has two capitals (at most one)."),
    "sevenages.capital-no-city": (E, "A capital in an area with no city (city 0)."),
    "sevenages.city-level": (
        E,
        "A city level above the economy table's maximum (7 by default).",
    ),
    "sevenages.city-at-sea": (E, "A city in a sea area."),
    "sevenages.fort-at-sea": (E, "A fortification in a sea area."),
    "sevenages.unit-type-unknown": (E, "A unit's type is not in the scenario's units table."),
    "sevenages.unit-empire-off-map": (E, "A unit of an empire card that is not on the map (no player)."),
    "sevenages.land-unit-at-sea": (E, "A land, air or space unit stands in a sea area."),
    "sevenages.ship-inland": (E, "A ship stands in a land area that touches no sea."),
    "sevenages.unit-level-below-type": (
        E,
        "An empire unit's level is below its type's progress level.",
    ),
    "sevenages.neutral-type-not-at-level": (
        E,
        "A neutral unit's type does not exist yet at its progress level (E&N: neutral units).",
    ),
    "sevenages.unit-level-above-limit": (
        E,
        "A unit's level is above the scenario's progress limit.",
    ),
    "sevenages.unit-level-above-empire": (W, "An empire unit's level is above its empire's progress level."),
    "sevenages.neutrals-with-empire": (
        W,
        "Empire and neutral units share an area at the start: a conflict is fought there first (E&N).",
    ),
}
"""Every code these checks emit: code -> (severity, one-line description)."""


def _parse(model: type[M], raw: dict[str, object]) -> M:
    """The attributes as the model reads them, a field's default standing in for each value that
    does not parse (the validator reports those): one bad value must not make an empire on the
    map look like a card in the deck and set off unrelated checks."""
    try:
        return model.model_validate(raw)
    except ValidationError as error:
        bad = {item["loc"][0] for item in error.errors() if item["loc"]}
    try:
        return model.model_validate({key: value for key, value in raw.items() if key not in bad})
    except ValidationError:
        return model()


def _issue(
    code: str,
    message: str,
    ids: tuple[str, ...],
    path: str = "",
    location: Point | None = None,
    rule: str = "",
) -> Issue:
    return Issue(code, CODES[code][0], message, ids, path, location, rule)


def check_scenario(scenario: Scenario, *, graphs: MapGraphs | None = None) -> list[Issue]:
    """Return the 7 Ages problems of a scenario's setup (never raises for a bad value).

    ``graphs`` is the scenario's ``MapGraphs`` when the validator has it; without it the checks
    build it, and skip the coast check when the map's geometry cannot be built.
    """
    checker = _Checker(scenario, graphs)
    return [
        *checker.check_setup(),
        *checker.check_regions(),
        *checker.check_empires(),
        *checker.check_areas(),
        *checker.check_units(),
    ]


class _Checker(AreaChecker):
    """Indexes shared by the checks of one scenario."""

    def __init__(self, scenario: Scenario, graphs: MapGraphs | None) -> None:
        super().__init__(scenario, graphs)
        self.setup = _parse(schema.SetupAttributes, scenario.setup.attributes)
        self.empires = {e.id: _parse(schema.EmpireAttributes, e.attributes) for e in scenario.setup.empires}
        self.empire_index = {e.id: i for i, e in enumerate(scenario.setup.empires)}
        self.players = {p.id for p in self.setup.players}
        self.regions = {r.id for r in self.setup.regions}
        self.magnates = {magnate.id for magnate in scenario.setup.magnates}
        self.on_map = {empire_id for empire_id, card in self.empires.items() if card.player is not None}
        self.tables: Tables = for_scenario_or_shipped(scenario)

    # --- players, first player, Magnates ----------------------------------------------------------

    def check_setup(self) -> Iterator[Issue]:
        """7A facts 1: 2-7 distinct players, a known first player, only the neutral Magnate."""
        path = "setup.attributes"
        count = len(self.setup.players)
        if not schema.MIN_PLAYERS <= count <= schema.MAX_PLAYERS:
            yield _issue(
                "sevenages.players-count",
                f"the scenario has {count} players; 7 Ages is played by {schema.MIN_PLAYERS} to "
                f"{schema.MAX_PLAYERS}",
                (),
                f"{path}.players",
                rule="7A facts 1",
            )
        counts = Counter(p.id for p in self.setup.players)
        seen: set[str] = set()
        for index, player in enumerate(self.setup.players):
            if player.id in seen:
                yield _issue(
                    "sevenages.player-duplicate",
                    f"player id {player.id!r} is used by {counts[player.id]} players; "
                    "each seat needs its own id",
                    (player.id,),
                    f"{path}.players[{index}].id",
                )
            seen.add(player.id)
        first = self.setup.first_player
        if first is not None and first not in self.players:
            yield _issue(
                "sevenages.first-player-unknown",
                f"the first player is {first!r}, which is none of the players "
                f"({', '.join(sorted(self.players)) or 'none'})",
                (first,),
                f"{path}.first_player",
            )
        for index, magnate in enumerate(self.scenario.setup.magnates):
            if magnate.id != schema.NEUTRAL:
                yield _issue(
                    "sevenages.magnate-not-neutral",
                    f"Magnate {magnate.name!r} ({magnate.id}): the only Magnate of 7 Ages is the white "
                    f"neutral side, with id {schema.NEUTRAL!r}",
                    (magnate.id,),
                    f"setup.magnates[{index}].id",
                    rule="E&N",
                )

    # --- regions ------------------------------------------------------------------------------------

    def check_regions(self) -> Iterator[Issue]:
        """7A facts 4: regions are listed once; areas belong only to listed regions."""
        seen: set[str] = set()
        for index, region in enumerate(self.setup.regions):
            if region.id in seen:
                yield _issue(
                    "sevenages.region-duplicate",
                    f"region id {region.id!r} is listed twice",
                    (region.id,),
                    f"setup.attributes.regions[{index}].id",
                )
            seen.add(region.id)
        for index, area in enumerate(self.scenario.map.areas):
            values = _parse(schema.AreaAttributes, area.attributes)
            for position, region_id in enumerate(values.regions):
                if region_id not in self.regions:
                    yield _issue(
                        "sevenages.area-region-unknown",
                        f"area {self.name(area.id)} belongs to region {region_id!r}, which is "
                        "not among the scenario's regions",
                        (area.id, region_id),
                        f"map.areas[{index}].attributes.regions[{position}]",
                        self.where(area.id),
                    )

    # --- empire cards -------------------------------------------------------------------------------

    def check_empires(self) -> Iterator[Issue]:
        """7A facts 2.3, 2.16 and E&N: empire cards' players, value, ages, start areas, convert, glory."""
        event_ids = set(self.tables.events.events)
        for empire in self.scenario.setup.empires:
            card = self.empires[empire.id]
            path = f"setup.empires[{self.empire_index[empire.id]}].attributes"
            who = f"empire {empire.name!r} ({empire.id})"
            board_state = sorted(ON_MAP_STATE & set(empire.attributes))
            if card.player is None and board_state:
                yield _issue(
                    "sevenages.empire-no-player",
                    f"{who} is in the deck (no player) but sets {', '.join(board_state)}: set its player "
                    "to put it on the map, or clear those values",
                    (empire.id,),
                    f"{path}.player",
                    rule="7A facts 2.3",
                )
            if card.player is not None and card.player not in self.players:
                yield _issue(
                    "sevenages.empire-player-unknown",
                    f"{who} is held by player {card.player!r}, who is not among the scenario's players",
                    (empire.id, card.player),
                    f"{path}.player",
                )
            yield from self._card_values(empire.id, who, path)
            yield from self._start_areas(empire.id, who, path, card)
            if (
                card.convert not in (schema.CONVERT_NONE, schema.CONVERT_ANY)
                and card.convert not in self.empires
            ):
                yield _issue(
                    "sevenages.convert-unknown",
                    f"{who} converts {card.convert!r}: write none, any, or the id of an empire",
                    (empire.id,),
                    f"{path}.convert",
                    rule="E&N: Start Empire",
                )
            for index, entry in enumerate(card.glory):
                if entry.region is not None and entry.region not in self.regions:
                    yield _issue(
                        "sevenages.glory-region-unknown",
                        f"glory category {entry.category.value} of {who} counts region {entry.region!r}, "
                        "which is not among the scenario's regions",
                        (empire.id, entry.region),
                        f"{path}.glory[{index}].region",
                        rule="7A facts 2.16",
                    )
            if card.event is not None and card.event not in event_ids:
                yield _issue(
                    "sevenages.event-unknown",
                    f"{who} carries the event {card.event!r}; the events table has "
                    f"{', '.join(sorted(event_ids))}",
                    (empire.id,),
                    f"{path}.event",
                    rule="7A facts 3.2",
                )

    def _card_values(self, empire_id: str, who: str, path: str) -> Iterator[Issue]:
        """The card value and the ages lists, read raw: the schema cannot hold a wrong one."""
        raw = self.scenario.setup.empires[self.empire_index[empire_id]].attributes
        value = raw.get("value")
        if isinstance(value, int) and not isinstance(value, bool) and not 0 <= value <= schema.AGES:
            yield _issue(
                "sevenages.empire-value",
                f"{who} has card value {value}; card values run 0-7",
                (empire_id,),
                f"{path}.value",
                rule="7A facts 1",
            )
        for key in ("ages", "no_cities_ages"):
            ages = raw.get(key)
            if not isinstance(ages, list):
                continue
            for index, age in enumerate(ages):
                if isinstance(age, int) and not isinstance(age, bool) and not 1 <= age <= schema.AGES:
                    yield _issue(
                        "sevenages.empire-ages",
                        f"{who} lists age {age} in {key.replace('_', ' ')}; ages run 1-{schema.AGES}",
                        (empire_id,),
                        f"{path}.{key}[{index}]",
                        rule="7A facts 1",
                    )

    def _start_areas(
        self, empire_id: str, who: str, path: str, card: schema.EmpireAttributes
    ) -> Iterator[Issue]:
        if not card.start_areas:
            yield _issue(
                "sevenages.empire-no-start-area",
                f"{who} has no start area: it could never start",
                (empire_id,),
                f"{path}.start_areas",
                rule="7A facts 2.3",
            )
        for index, area_id in enumerate(card.start_areas):
            area = self.areas.get(area_id)
            if area is not None and area.kind is AreaKind.SEA:
                yield _issue(
                    "sevenages.start-area-not-land",
                    f"start area {self.name(area_id)} of {who} is a sea area; empires start on land",
                    (empire_id, area_id),
                    f"{path}.start_areas[{index}]",
                    self.where(area_id),
                    rule="7A facts 4",
                )

    # --- areas: owners, cities, capitals, forts ---------------------------------------------------

    def check_areas(self) -> Iterator[Issue]:
        """7A facts 2.14, 4: owners on the map; one capital per empire, in a city in its start areas."""
        capitals: dict[str, list[str]] = defaultdict(list)
        max_level = self.tables.economy.max_city_level
        for area_id, setup in self.scenario.setup.areas.items():
            area = self.areas.get(area_id)
            if area is None:
                continue  # the validator reports setup of an unknown area
            state = _parse(schema.AreaSetup, setup.attributes)
            path = f"setup.areas.{area_id}"
            where = self.where(area_id)
            owner = setup.owner
            problem = self._owner_problem(owner)
            if owner is not None and problem:
                yield _issue(
                    "sevenages.area-owner-off-map",
                    f"area {self.name(area_id)} is held by {problem}",
                    (area_id, owner),
                    f"{path}.owner",
                    where,
                )
            if state.city > max_level:
                yield _issue(
                    "sevenages.city-level",
                    f"the city in {self.name(area_id)} is level {state.city}; "
                    f"cities go up to level {max_level}",
                    (area_id,),
                    f"{path}.attributes.city",
                    where,
                    rule="7A facts 2.14",
                )
            if area.kind is AreaKind.SEA:
                for key, code, thing in (
                    ("city", "sevenages.city-at-sea", "a city"),
                    ("fort", "sevenages.fort-at-sea", "a fortification"),
                ):
                    if getattr(state, key):
                        yield _issue(
                            code,
                            f"sea area {self.name(area_id)} has {thing}; only land areas hold them",
                            (area_id,),
                            f"{path}.attributes.{key}",
                            where,
                            rule="7A facts 4",
                        )
            if state.capital:
                yield from self._capital(area_id, owner, state, path, where)
                if owner in self.on_map:
                    capitals[owner].append(area_id)
        for empire_id, areas in capitals.items():
            if len(areas) > 1:
                yield _issue(
                    "sevenages.capital-twice",
                    f"empire {empire_id!r} has {len(areas)} capitals "
                    f"({', '.join(self.name(a) for a in areas)}); "
                    "an empire has at most one",
                    (empire_id, *areas),
                    f"setup.areas.{areas[1]}.attributes.capital",
                    self.where(areas[1]),
                    rule="7A facts 2.14",
                )

    def _owner_problem(self, owner: str | None) -> str:
        """Why ``owner`` may not hold an area ('' when it may, or when it is unknown: the
        validator reports unknown owners): a card in the deck, or a Magnate other than neutral."""
        if owner is None or owner == schema.NEUTRAL or owner in self.on_map:
            return ""
        if owner in self.empires:
            return f"empire {owner!r}, whose card has no player (it is in the deck)"
        if owner in self.magnates:
            return f"Magnate {owner!r}; only empires on the map and {schema.NEUTRAL!r} hold areas"
        return ""

    def _capital(
        self, area_id: str, owner: str | None, state: schema.AreaSetup, path: str, where: Point | None
    ) -> Iterator[Issue]:
        if owner is None or owner not in self.on_map:
            held = "no owner" if owner is None else f"owner {owner!r}, which is not an empire on the map"
            yield _issue(
                "sevenages.capital-no-owner",
                f"the capital in {self.name(area_id)} has {held}: a capital belongs to an empire on the map",
                (area_id,),
                f"{path}.attributes.capital",
                where,
                rule="7A facts 2.14",
            )
        elif not self.empires[owner].has_capital or self._in_no_cities_age(owner):
            yield _issue(
                "sevenages.capital-not-on-card",
                f"{owner!r} has a capital in {self.name(area_id)}, but its card gives no capital "
                "(the card has no capital, or the start age is one of its 'no cities' ages)",
                (area_id, owner),
                f"{path}.attributes.capital",
                where,
                rule="7A facts 2.3",
            )
        elif area_id not in self.empires[owner].start_areas:
            yield _issue(
                "sevenages.capital-outside-start",
                f"the capital of {owner!r} is in {self.name(area_id)}, which is not one of its start areas",
                (area_id, owner),
                f"{path}.attributes.capital",
                where,
                rule="7A facts 4",
            )
        if state.city == 0:
            yield _issue(
                "sevenages.capital-no-city",
                f"the capital in {self.name(area_id)} has no city (city 0): give it a city level",
                (area_id,),
                f"{path}.attributes.city",
                where,
                rule="7A facts 2.14",
            )

    def _in_no_cities_age(self, empire_id: str) -> bool:
        """Whether the empire starts in one of its 'no cities' ages (by its progress level)."""
        card = self.empires[empire_id]
        return self.tables.age_of(card.progress) in card.no_cities_ages

    # --- units ----------------------------------------------------------------------------------------

    def check_units(self) -> Iterator[Issue]:
        """7A facts 2.4, 4 and E&N: types, levels, owners and where units may stand."""
        spec = registry.get(self.scenario.ruleset.id)
        limit = self.setup.progress_limit
        if limit is None:
            limit = self.tables.progress.progress_limit
        sides: dict[str, set[str]] = defaultdict(set)
        for index, unit in enumerate(self.scenario.setup.units):
            path = f"setup.units[{index}]"
            where = self.where(unit.area)
            unit_type = self.tables.units.types.get(unit.kind)
            if unit_type is None:
                if spec is not None and spec.unit_kind(unit.kind) is None:
                    continue  # not a kind of the ruleset at all: the validator's UNIT_KIND_UNKNOWN
                yield _issue(
                    "sevenages.unit-type-unknown",
                    f"unit {unit.id!r} is of type {unit.kind!r}, which this scenario's units table lacks",
                    (unit.id,),
                    f"{path}.kind",
                    where,
                    rule="7A facts 2.4",
                )
                continue
            neutral = unit.owner == schema.NEUTRAL
            if unit.owner in self.empires and unit.owner not in self.on_map:
                yield _issue(
                    "sevenages.unit-empire-off-map",
                    f"unit {unit.id!r} belongs to {unit.owner!r}, whose card has no player "
                    "(it is in the deck)",
                    (unit.id, unit.owner),
                    f"{path}.owner",
                    where,
                )
            if unit.owner in self.empires or neutral:
                sides[unit.area].add(unit.owner)
            level = _parse(schema.UnitAttributes, unit.attributes).level
            level = unit_type.level if level is None else level
            if level < unit_type.level:
                code = "sevenages.neutral-type-not-at-level" if neutral else "sevenages.unit-level-below-type"
                text = (
                    f"neutral {unit_type.name.lower()} {unit.id!r} are level {level}, but the type "
                    f"only exists from level {unit_type.level}"
                    if neutral
                    else f"{unit_type.name.lower()} {unit.id!r} of {unit.owner!r} are level {level}, below "
                    f"the type's level {unit_type.level}"
                )
                yield _issue(code, text, (unit.id,), f"{path}.attributes.level", where, rule="7A facts 2.4")
            if level > limit:
                yield _issue(
                    "sevenages.unit-level-above-limit",
                    f"unit {unit.id!r} is level {level}, above the progress limit {limit}",
                    (unit.id,),
                    f"{path}.attributes.level",
                    where,
                    rule="7A facts 1",
                )
            elif unit.owner in self.on_map and level > self.empires[unit.owner].progress:
                yield _issue(
                    "sevenages.unit-level-above-empire",
                    f"unit {unit.id!r} is level {level}, above {unit.owner!r}'s progress "
                    f"{self.empires[unit.owner].progress}",
                    (unit.id, unit.owner),
                    f"{path}.attributes.level",
                    where,
                    rule="7A facts 2.4",
                )
            yield from self._placement(unit.id, unit.area, unit_type.domain, unit_type.name, path)
        for area_id, owners in sorted(sides.items()):
            if schema.NEUTRAL in owners and len(owners) > 1:
                empires = sorted(owners - {schema.NEUTRAL})
                yield _issue(
                    "sevenages.neutrals-with-empire",
                    f"area {self.name(area_id)} holds neutral units and units of {', '.join(empires)}: "
                    "they fight a conflict there first",
                    (area_id, *empires),
                    f"setup.areas.{area_id}",
                    self.where(area_id),
                    rule="E&N: Conflict",
                )

    def _placement(
        self, unit_id: str, area_id: str, domain: str, type_name: str, path: str
    ) -> Iterator[Issue]:
        """7A facts 4 and 2.6: land units on land, ships at sea or in a coastal area."""
        area = self.areas.get(area_id)
        if area is None:
            return
        where = self.where(area_id)
        if domain != "sea" and area.kind is AreaKind.SEA:
            yield _issue(
                "sevenages.land-unit-at-sea",
                f"{type_name.lower()} {unit_id!r} stand in sea area {self.name(area_id)}; "
                "only ships stand at sea",
                (unit_id, area_id),
                f"{path}.area",
                where,
                rule="7A facts 4",
            )
        if domain == "sea" and area.kind is AreaKind.LAND:
            graphs = self.map_graphs()
            if graphs is not None and area_id in graphs.full and not graphs.is_coastal(area_id):
                yield _issue(
                    "sevenages.ship-inland",
                    f"{type_name.lower()} {unit_id!r} stand in {self.name(area_id)}, which touches no sea: "
                    "place ships at sea or in a coastal area",
                    (unit_id, area_id),
                    f"{path}.area",
                    where,
                    rule="7A facts 2.6",
                )
