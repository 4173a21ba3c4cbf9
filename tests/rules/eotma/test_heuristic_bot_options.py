"""The heuristic bot uses army movement (33.4) and Commerce markers (35.11, 35.32) when the
scenario's options allow them."""

from __future__ import annotations

from eotma_helpers import idx, start

from model.rules.eotma.bot import EotmaHeuristicBot
from model.rules.eotma.data import default_rules
from model.rules.eotma.game import AreaStart, Options
from model.rules.eotma.state import EotmaState


def test_33_4_the_bot_moves_an_interior_army_point_to_the_frontier() -> None:
    state = start(options=Options(events=False, armies_fleets=True))
    state.army[idx(state, "home")] = 2  # home touches only march by land: interior
    state.step, state.moves_left = "move", 3
    bot = EotmaHeuristicBot()
    action = bot.choose(state)
    assert str(action) == "move-army home march 1"
    state.apply(action)
    state.apply(bot.choose(state))
    assert state.army[idx(state, "march")] == 2 and state.army[idx(state, "home")] == 0
    assert str(bot.choose(state)) == "end-movement"


def test_33_4_the_bot_ends_movement_when_every_army_is_on_the_frontier() -> None:
    state = start(options=Options(events=False, armies_fleets=True))
    state.army[idx(state, "march")] = 1
    state.step, state.moves_left = "move", 3
    assert str(EotmaHeuristicBot().choose(state)) == "end-movement"


def test_35_32_the_bot_considers_a_commerce_marker_in_its_court() -> None:
    state = start(options=Options(events=False, civilisation_markers=True), rounds=20)
    bot = EotmaHeuristicBot()
    builds = [at for at in bot._candidates(state, 0) if at.kind == "build"]
    assert [state.game.board.ids[at.target] for at in builds] == ["home"]
    assert str(bot._action(state, builds[0], 0)) == "build home commerce"


def test_35_32_no_commerce_marker_near_the_end_of_the_game() -> None:
    state = start(options=Options(events=False, civilisation_markers=True), rounds=3)
    assert not [at for at in EotmaHeuristicBot()._candidates(state, 0) if at.kind == "build"]


def test_23_32_the_bot_refuses_a_crusader_loan() -> None:
    # 23.32 step 2: a short crusader may ask another player for gold; the bot lends to no rival.
    from model.rules.eotma.decisions import DecisionKind, Pending

    state = start(options=Options(events=False))
    state.pending.append(Pending(DecisionKind.LOAN, 1, "crusade", (0, 3, 0)))
    assert state.current_player() == state.game.player_ids[1]
    assert {str(a) for a in state.legal_actions()} >= {"accept", "refuse"}
    assert str(EotmaHeuristicBot().choose(state)) == "refuse"


def _army_waiting_beside_the_attack() -> EotmaState:
    """West (home, march at +3, border at 0) faces the independent city from march and border; its
    one army point waits in border, which no rival borders (east's capital lies beyond city)."""
    areas = {
        "march": AreaStart("west", 3),
        "border": AreaStart("west", 0),
        "city": AreaStart(None, 1),
    }
    state = start(options=Options(events=False, armies_fleets=True), areas=areas, shipped_deck=True)
    state.army[idx(state, "border")] = 1
    state.step, state.moves_left = "move", 3
    return state


def test_33_5_the_bot_moves_an_army_point_to_the_base_of_its_planned_attack() -> None:
    state = _army_waiting_beside_the_attack()
    bot = EotmaHeuristicBot()
    scored = bot._score(state, 0, bot._candidates(state, 0))
    plan = next(at for value, at, _gold in scored if value > 0 and at.kind in ("conquest", "pillage"))
    assert (plan.kind, state.game.board.ids[plan.target], state.game.board.ids[plan.base]) == (
        "pillage",
        "city",
        "march",
    )
    action = bot.choose(state)
    assert str(action) == "move-army border march 1"  # each point in the base adds one (33.5)
    state.apply(action)
    assert state.army[idx(state, "march")] == 1 and state.moves_left == 2
    assert str(bot.choose(state)) == "end-movement"  # no point is left to bring


def test_33_5_a_point_a_rival_could_attack_stays_and_the_switch_turns_the_move_off() -> None:
    state = _army_waiting_beside_the_attack()
    off = EotmaHeuristicBot(default_rules().bot.replace({"army_to_attack_base": False}))
    assert str(off.choose(state)) == "end-movement"
    state.owner[idx(state, "city")] = state.game.player_index["east"]  # now east borders border
    assert str(EotmaHeuristicBot().choose(state)) == "end-movement"
