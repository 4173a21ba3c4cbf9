"""Reading a scenario into a :class:`SevenAgesGame` (the contract of issue 14, 7A facts 4).

The tables come from ``model.rules.sevenages.tables`` (shipped or overridden by the scenario) and
are turned into the engine's records once; every attributes dict is read through the schema, so
defaults are the schema's.
"""

from __future__ import annotations

from dataclasses import replace

from model.graph import MapGraphs
from model.rules.sevenages import schema
from model.rules.sevenages.data import Card, from_tables
from model.rules.sevenages.game import (
    AreaInfo,
    EmpireCard,
    GloryCategory,
    SetupError,
    SevenAgesGame,
    StartArea,
    StartEmpire,
    StartUnit,
)
from model.rules.sevenages.tables import SevenAgesTableError, for_scenario
from model.scenario import AreaKind, ConnectionKind, Scenario


def game_from_scenario(scenario: Scenario) -> SevenAgesGame:
    """Return the game of a scenario (raises :class:`SetupError` when it cannot be played)."""
    try:
        tables = for_scenario(scenario)
    except SevenAgesTableError as error:
        raise SetupError(str(error)) from error
    rules = from_tables(tables)
    options = schema.Options.model_validate(scenario.ruleset.options)
    setup = schema.SetupAttributes.model_validate(scenario.setup.attributes)
    graphs = MapGraphs.from_scenario(scenario)
    areas: dict[str, AreaInfo] = {}
    for area in scenario.map.areas:
        attrs = schema.AreaAttributes.model_validate(area.attributes)
        land = area.kind is AreaKind.LAND
        base = attrs.income if attrs.income is not None else rules.income_land if land else rules.income_sea
        areas[area.id] = AreaInfo(
            area.id, land, attrs.terrain.value, base, attrs.resource, tuple(attrs.regions)
        )
    links = {a: frozenset(n for n in graphs.neighbours(a) if n in areas) for a in areas}
    edge_bonus: dict[frozenset[str], int] = {}
    crossings: dict[frozenset[str], list[str]] = {}
    for link in scenario.map.connections:
        if link.kind is not ConnectionKind.IMPASSABLE:  # an impassable one is never crossed
            crossings.setdefault(frozenset((link.a, link.b)), []).append(link.id)
        if link.kind is ConnectionKind.RIVER_CROSSING:
            edge_bonus[frozenset((link.a, link.b))] = rules.river_bonus
        elif link.kind is ConnectionKind.STRAIT:
            edge_bonus[frozenset((link.a, link.b))] = rules.strait_bonus
    cards: dict[str, Card] = {c.id: c for c in rules.deck}
    empire_cards: dict[str, EmpireCard] = {}
    start_empires: list[StartEmpire] = []
    for empire in scenario.setup.empires:
        attrs_e = schema.EmpireAttributes.model_validate(empire.attributes)
        empire_cards[empire.id] = EmpireCard(
            id=empire.id,
            name=empire.name,
            value=attrs_e.value,
            ages=tuple(attrs_e.ages),
            start_areas=tuple(attrs_e.start_areas),
            start_money=attrs_e.start_money,
            has_capital=attrs_e.has_capital,
            homeland=attrs_e.homeland,
            no_cities_ages=tuple(attrs_e.no_cities_ages),
            convert=attrs_e.convert,
            glory=tuple(
                GloryCategory(g.category.value, g.points, g.region, g.with_seas) for g in attrs_e.glory
            ),
            event=attrs_e.event,
        )
        cards[empire.id] = Card(empire.id, attrs_e.value, attrs_e.event, empire=True)
        if attrs_e.player is not None:
            start_empires.append(
                StartEmpire(
                    empire.id, attrs_e.player, attrs_e.progress, attrs_e.treasury, attrs_e.shade.value
                )
            )
    start_areas = {}
    for area_id, area_setup in scenario.setup.areas.items():
        attrs_a = schema.AreaSetup.model_validate(area_setup.attributes)
        start_areas[area_id] = StartArea(
            area_setup.owner, attrs_a.city, attrs_a.capital, attrs_a.fort, attrs_a.disorder
        )
    units = []
    for unit in scenario.setup.units:
        level = schema.UnitAttributes.model_validate(unit.attributes).level
        kind = rules.units.get(unit.kind)
        if kind is None:
            raise SetupError(f"unit {unit.id!r} is of type {unit.kind!r}, which the unit table lacks")
        units.append(StartUnit(unit.area, unit.owner, unit.kind, level or kind.level, unit.strength))
    seats = tuple(p.id for p in setup.players)
    # The tables hold the progress limit and the event reach; a scenario may override either.
    rules_limited = replace(
        rules,
        progress_limit=rules.progress_limit if setup.progress_limit is None else setup.progress_limit,
        neutral_event_areas=(
            rules.neutral_event_areas if options.neutral_event_areas is None else options.neutral_event_areas
        ),
    )
    return SevenAgesGame(
        seats=seats,
        names={
            **{a.id: a.name for a in scenario.map.areas},
            **{e.id: e.name for e in scenario.setup.empires},
            **{p.id: p.name or p.id for p in setup.players},
        },
        areas=areas,
        links=links,
        rules=rules_limited,
        empire_cards=empire_cards,
        cards=cards,
        edge_bonus=edge_bonus,
        crossings={pair: tuple(ids) for pair, ids in crossings.items()},
        start_areas=start_areas,
        start_units=tuple(units),
        start_empires=tuple(start_empires),
        start_glory={p.id: p.glory for p in setup.players},
        first_player=setup.first_player,
        turn_limit=setup.turn_limit,
        start_age=setup.start_age,
        fog_of_war=options.fog_of_war,
        retreat_when=options.retreat_when,
        emissaries=options.emissaries,
    )
