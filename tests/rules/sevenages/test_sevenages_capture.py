"""Capture: a 7 Ages position written back as the scenario's setup (issue 5's "use this position")."""

from __future__ import annotations

from sevenages_helpers import at_step, play
from sevenages_scenario import tiny_sevenages_scenario

from model.playtest.capture import capture
from model.rules.sevenages.game import build_game


def test_the_start_position_captures_to_the_same_setup() -> None:
    scenario = tiny_sevenages_scenario()
    state = build_game(scenario).new_state(0)
    setup = capture(scenario, state).setup
    assert setup.units == scenario.setup.units
    assert setup.areas == scenario.setup.areas
    assert setup.empires == scenario.setup.empires
    assert setup.attributes == scenario.setup.attributes


def test_a_discarded_empire_goes_back_to_the_deck_and_leaves_neutrals() -> None:
    scenario = tiny_sevenages_scenario()
    game = build_game(scenario)
    state = at_step(game, 8, {"ann": {"egypt": "discard"}})
    play(state, "discard egypt")
    setup = capture(scenario, state).setup
    egypt = next(e for e in setup.empires if e.id == "egypt")
    assert egypt.attributes["player"] is None
    delta = setup.areas["delta"]
    assert delta.owner == "neutral" and delta.attributes["capital"] is False and delta.attributes["city"] == 2
    spearmen = [u for u in setup.units if u.area == "delta"]
    assert [(u.owner, u.kind, u.strength) for u in spearmen] == [("neutral", "spearmen", 2)]
    # The discard step ended the turn: the turn marker passed on to ben, the first player now.
    assert setup.attributes["first_player"] == "ben"
    glory = {p["id"]: p.get("glory", 0) for p in setup.attributes["players"]}  # type: ignore[union-attr,index]
    assert glory == {p: d.glory for p, d in state.board.players.items()}
    # A new game from the captured setup starts with the same neutrals.
    again = build_game(scenario.model_copy(update={"setup": setup})).new_state(0)
    assert len(again.units_of("neutral", "delta")) == 2 and "egypt" not in again.board.empires
