"""The Seasons heuristic bot places every kind of token and builds: pillage (Tokens / Pillage) only
in the turn before the last, aid for its threatened areas (Tokens / Aid), towers on its frontier
(Buildings / Tower), each switched by the ruleset's ``bot`` table."""

from __future__ import annotations

from collections import Counter
from typing import Any

from model.rules.protocol import Action
from model.rules.seasons.actions import Pillage
from model.rules.seasons.bot import HeuristicBot
from model.rules.seasons.game import SeasonsGame
from model.rules.seasons.tables import BotTable


def _played(game: SeasonsGame, table: BotTable, seed: int = 7) -> list[tuple[int, Action]]:
    """Every action of a whole game of heuristic bots, with the turn it was chosen in."""
    bots = {nation: HeuristicBot(seed=n, table=table) for n, nation in enumerate(game.nations)}
    state = game.new_state(seed)
    chosen: list[tuple[int, Action]] = []
    while not state.is_over():
        nation = state.current_player()
        assert nation is not None
        action = bots[nation].choose(state)
        chosen.append((state.board.turn, action))
        state.apply(action)
    return chosen


def test_the_bot_pillages_in_the_turn_before_the_last_aids_and_builds_towers(isles: Any) -> None:
    table = isles.tables.bot
    chosen = _played(isles, table)
    pillage_turns = {turn for turn, action in chosen if isinstance(action, Pillage)}
    assert pillage_turns == {isles.turns - table.pillage_before_end}
    kinds = Counter(type(action).__name__ for _turn, action in chosen)
    assert kinds["Aid"] == 8 and kinds["Build"] == 3  # seed 7: every nation starts with a stronghold
    for _turn, action in chosen:
        if isinstance(action, Pillage):
            assert action.source == action.target  # its own area: no castle to pillage from


def test_the_switches_of_the_bot_table_turn_the_tokens_off(isles: Any) -> None:
    table = isles.tables.bot.model_copy(update={"pillage_before_end": 0, "defensive_aid": False})
    chosen = _played(isles, table.model_copy(update={"frontier_towers": 0}))
    assert not any(isinstance(action, Pillage) for _turn, action in chosen)
    kinds = Counter(type(action).__name__ for _turn, action in chosen)
    # towers only for a nation without a stronghold, aid only next to its own attacks
    assert kinds["Build"] == 0 and kinds["Aid"] == 0
