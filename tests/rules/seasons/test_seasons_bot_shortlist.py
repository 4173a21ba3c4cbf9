"""The heuristic bot's shortlist (``HeuristicBot.shortlist``): its choice, then that choice given
differently (``model.rules.seasons.alternatives``), then the rest of its plan (the purchase and
orders it would give next, in order), then being done; the MCTS level searches among them
(model/bots/mcts.py)."""

from __future__ import annotations

from pathlib import Path

from model.io import load
from model.rules.registry import get
from model.rules.seasons import rules
from model.rules.seasons.actions import Done
from model.rules.seasons.alternatives import alternatives
from model.rules.seasons.bot import HeuristicBot
from model.rules.seasons.state import CASUALTIES, UPKEEP, SeasonsState

ISLES = Path(__file__).resolve().parents[3] / "scenarios" / "seasons-isles.mappa.json"


def test_the_shortlist_is_the_choice_its_alternatives_the_plan_in_order_then_done() -> None:
    scenario = load(ISLES)
    spec = get(scenario.ruleset.id)
    assert spec is not None
    state = spec.engine_factory()(scenario).new_state(4)
    assert isinstance(state, SeasonsState)
    planned_seen = varied_seen = 0
    for step in range(120):
        if state.is_over():
            break
        nation = state.current_player()
        assert nation is not None
        ranked = [str(a) for a in HeuristicBot(seed=step).shortlist(state, 6)]
        choice = HeuristicBot(seed=step).choose(state)
        assert ranked[0] == str(choice)
        if state.board.phase not in (CASUALTIES, UPKEEP):
            planner = HeuristicBot(seed=step)
            planner.w = state.game.tables.bot
            plan = [planner._purchase(state, nation), *planner._orders(state, nation)]
            wanted = [a for a in plan if a is not None and rules.reason(state, a) is None]
            others = alternatives(state, nation, wanted[0]) if wanted else []
            offered = [str(a) for a in others if rules.reason(state, a) is None]
            texts = [str(a) for a in wanted]
            expected = [*dict.fromkeys([*texts[:1], *offered, *texts[1:]]), str(Done())][:6]
            assert ranked[: len(expected)] == expected
            planned_seen += len(wanted) >= 2
            varied_seen += len(offered) >= 2
        state.apply(choice)
    assert planned_seen >= 3 and varied_seen >= 3
