"""The heuristic bot's shortlist (``HeuristicBot.shortlist``): the legal actions by its own score,
best first, its choice leading; the MCTS level searches among them (model/bots/mcts.py)."""

from __future__ import annotations

from pathlib import Path

from model.io import load
from model.rules.sevenages.bot import HeuristicBot
from model.rules.sevenages.game import build_game

WORLD = Path(__file__).resolve().parents[3] / "scenarios" / "sevenages-world.mappa.json"


def test_the_shortlist_is_the_legal_actions_by_score_led_by_the_choice() -> None:
    state = build_game(load(WORLD)).new_state(2)
    longer = 0
    for step in range(80):
        player = state.current_player()
        assert player is not None
        ranked = HeuristicBot(seed=step).shortlist(state, 5)
        choice = HeuristicBot(seed=step).choose(state)
        assert str(ranked[0]) == str(choice)
        legal = {str(a) for a in state.legal_actions()}
        assert {str(a) for a in ranked} <= legal and len({str(a) for a in ranked}) == len(ranked)
        assert len(ranked) == min(5, len(legal))
        scores = [HeuristicBot(seed=step)._score(state, player, a) for a in ranked]
        assert scores == sorted(scores, reverse=True)
        longer += len(ranked) > 1 and scores[0] > scores[-1]
        state.apply(choice)
    assert longer >= 5  # positions where the scores ranked distinct moves were seen
