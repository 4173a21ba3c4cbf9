"""The heuristic bot values land across a strait (7A facts 2.6: land units cross a strait like a
land border; 2.7: the far shore is defended at +1), and the ``bot`` table switch turns it off."""

from __future__ import annotations

from pathlib import Path

import pytest

from model.io import load
from model.rules.sevenages.actions import act
from model.rules.sevenages.bot import HeuristicBot
from model.rules.sevenages.botweights import BotTableError, BotWeights, shipped
from model.rules.sevenages.game import SevenAgesGame, build_game
from model.rules.sevenages.state import EmpireState, SevenAgesState, Unit

WORLD = Path(__file__).resolve().parents[3] / "scenarios" / "sevenages-world.mappa.json"


@pytest.fixture(scope="module")
def game() -> SevenAgesGame:
    return build_game(load(WORLD))


def _korea(game: SevenAgesGame) -> SevenAgesState:
    """Goguryeo with two spearmen in Korea, the rest of the map empty, in its manoeuvre step:
    Joseon by land, Kyushu across the Korea Strait (both Far East, both income 1)."""
    state = game.new_state(0)
    board = state.board
    board.phase, board.step = "step", 4
    board.empires["goguryeo"] = EmpireState("player_1", 1, 0)
    board.units = {"korea": [Unit("goguryeo", "spearmen", 1), Unit("goguryeo", "spearmen", 1)]}
    board.ctx = {"player": "player_1", "slot": "goguryeo", "sub": "move"}
    return state


def test_the_bot_crosses_a_strait_to_an_empty_shore(game: SevenAgesGame) -> None:
    state = _korea(game)
    assert {str(a) for a in state.legal_actions()} == {
        "move korea joseon spearmen 1", "move korea kyushu spearmen 1", "done"
    }  # fmt: skip
    bot = HeuristicBot(0)
    across = bot._score(state, "player_1", act("move", "korea", "kyushu", "spearmen", 1))
    by_land = bot._score(state, "player_1", act("move", "korea", "joseon", "spearmen", 1))
    assert across - by_land == shipped().strait_shore_value == 2.0
    assert str(bot.choose(state)) == "move korea kyushu spearmen 1"
    assert state.connections_crossed(bot.choose(state)) == ("korea_strait",)


def test_the_switch_turns_it_off(game: SevenAgesGame) -> None:
    state = _korea(game)
    bot = HeuristicBot(0, shipped().replace(cross_straits=False))
    across = bot._score(state, "player_1", act("move", "korea", "kyushu", "spearmen", 1))
    by_land = bot._score(state, "player_1", act("move", "korea", "joseon", "spearmen", 1))
    assert across == by_land == 4.0  # 2 + income 1 + half of the Far East's 2 points


def test_a_step_toward_an_empty_far_shore_is_worth_more(game: SevenAgesGame) -> None:
    state = _korea(game)
    # From Joseon, Korea is the near end of the Korea Strait, whose far end Kyushu is empty.
    state.board.units = {"joseon": [Unit("goguryeo", "spearmen", 1), Unit("goguryeo", "spearmen", 1)]}
    bot = HeuristicBot(0)
    step = bot._score(state, "player_1", act("move", "joseon", "korea", "spearmen", 1))
    off = HeuristicBot(0, shipped().replace(cross_straits=False))
    assert step - off._score(state, "player_1", act("move", "joseon", "korea", "spearmen", 1)) == 1.0


def test_a_bad_table_entry_is_named() -> None:
    with pytest.raises(BotTableError, match="'cross_straits' must be true or false"):
        BotWeights.from_table(
            {
                "cross_straits": {"value": 1},
                "strait_shore_value": {"value": 2},
                "strait_step_value": {"value": 1},
            }
        )
    with pytest.raises(BotTableError, match="no entry 'strait_step_value'"):
        BotWeights.from_table({"cross_straits": {"value": True}, "strait_shore_value": {"value": 2}})
