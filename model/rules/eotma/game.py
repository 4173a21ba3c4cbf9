"""The EotMA Game: the fixed part of a game (``gamedata.GameData``) that starts and reloads plays.

``build_game(scenario)`` is the registry's engine entry. Rules tests build a Game from plain
data instead (:class:`PlayerSetup`, :class:`AreaStart`, ``Board.build``), so they need no geometry.
This module sits above the state and the rules (``new_state`` builds an ``EotmaState``); the rule
modules read the game through ``GameData`` and never import this module.
"""

from __future__ import annotations

from typing import Any

from model.rules.eotma.board import Board
from model.rules.eotma.data import TABLE_IDS, Rules
from model.rules.eotma.gamedata import (
    LEADER_STATURE,
    MAGNATE_COMBAT,
    ROUNDS,
    ROUNDS_PER_GAME_TURN,
    START_YEAR,
    TREASURY,
    YEARS_PER_ROUND,
    AreaStart,
    GameData,
    MagnateSetup,
    Options,
    PlayerSetup,
    SetupError,
    UnitStart,
)
from model.rules.eotma.state import EotmaState


class EotmaGame(GameData):
    """Fixed data of one EotMA game; ``new_state(seed)`` starts a play."""

    def new_state(self, seed: int) -> EotmaState:
        return EotmaState.start(self, seed)

    def state_from_json(self, data: dict[str, Any]) -> EotmaState:
        return EotmaState.from_json(self, data)


def build_game(scenario: Any) -> EotmaGame:
    """Return the Game for a Scenario (the registry's engine entry for ``eotma``)."""
    from model.rules import tables

    board = Board.from_scenario(scenario)
    rules = Rules.load({table_id: tables.table(scenario, table_id) for table_id in TABLE_IDS})
    players: list[PlayerSetup] = []
    for empire in scenario.setup.empires:
        attrs = empire.attributes
        leader = attrs.get("leader", {}) or {}
        players.append(
            PlayerSetup(
                id=empire.id,
                name=empire.name,
                combat=int(leader.get("combat", PlayerSetup.combat)),
                administrative=int(leader.get("administrative", PlayerSetup.administrative)),
                diplomatic=int(leader.get("diplomatic", PlayerSetup.diplomatic)),
                court=attrs.get("court"),
                treasury=int(attrs.get("treasury", PlayerSetup.treasury)),
                handicap=int(attrs.get("handicap", PlayerSetup.handicap)),
                protected_rounds=int(attrs.get("protected_rounds", PlayerSetup.protected_rounds)),
            )
        )
    magnates = [
        MagnateSetup(m.id, int(m.attributes.get("combat", MAGNATE_COMBAT)), m.attributes.get("court"))
        for m in scenario.setup.magnates
    ]
    starts: dict[str, AreaStart] = {}
    for area_id, setup in scenario.setup.areas.items():
        if area_id not in board.index:
            continue  # sea areas carry no EotMA starting state
        a = setup.attributes
        starts[area_id] = AreaStart(
            owner=setup.owner,
            social_state=int(a.get("social_state", 0)),
            unrest=bool(a.get("unrest", False)),
            fortification=int(a.get("fortification", 0)),
            ties=tuple(a.get("ties", ())),
            claims=tuple(a.get("claims", ())),
            partial_conquest=dict(a.get("partial_conquest", {})),
            cathedral=bool(a.get("cathedral", False)),
        )
    units = [UnitStart(u.kind, u.owner, u.area, u.strength) for u in scenario.setup.units]
    meta = scenario.metadata
    options = Options.from_dict(scenario.ruleset.options)
    schism = scenario.setup.attributes.get("schism")
    # 23.0: the scenario's starting status only matters under the optional Schism rule.
    union = None if schism is None or not options.schism else not bool(schism)
    game = EotmaGame(
        board,
        players,
        starts,
        rules=rules,
        options=options,
        start_year=meta.start_year if meta.start_year is not None else START_YEAR,
        rounds=meta.rounds or ROUNDS,
        magnates=magnates,
        units=units,
        union=union,
    )
    crossings: dict[frozenset[str], list[str]] = {}
    for link in scenario.map.connections:
        crossings.setdefault(frozenset((link.a, link.b)), []).append(link.id)
    game.crossings = {pair: tuple(ids) for pair, ids in crossings.items()}
    return game


__all__ = [
    "LEADER_STATURE",
    "MAGNATE_COMBAT",
    "ROUNDS",
    "ROUNDS_PER_GAME_TURN",
    "START_YEAR",
    "TREASURY",
    "YEARS_PER_ROUND",
    "AreaStart",
    "EotmaGame",
    "MagnateSetup",
    "Options",
    "PlayerSetup",
    "SetupError",
    "UnitStart",
    "build_game",
]
