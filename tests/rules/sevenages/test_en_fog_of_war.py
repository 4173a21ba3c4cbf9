"""E&N: Fog of war: neutral stacks show as a count until revealed; reveals are logged; hands and
markers stay private in the view and the log."""

from __future__ import annotations

from sevenages_helpers import pick_colours, play
from sevenages_scenario import tiny_sevenages_scenario

from model.rules.sevenages.game import build_game
from model.rules.sevenages.state import SevenAgesState


def test_neutral_stacks_show_as_counts_until_revealed() -> None:
    state: SevenAgesState = build_game(tiny_sevenages_scenario()).new_state(0)
    forest = state.view("ben")["areas"]["forest"]["units"]
    assert forest == [{"owner": "neutral", "count": 3, "hidden": True}]
    # The public view (no seat) hides it too; the saved state keeps the types.
    assert state.view(None)["areas"]["forest"]["units"] == forest
    assert {u[1] for u in state.to_json()["board"]["units"]["forest"]} == {"spearmen", "light_horse"}
    # Empire units are open to everybody.
    assert state.view("ben")["areas"]["delta"]["units"][0] == {
        "owner": "egypt",
        "kind": "spearmen",
        "level": 1,
    }


def test_a_reveal_turns_the_stack_face_up_for_everybody_and_is_logged() -> None:
    from sevenages_helpers import at_step

    state = at_step(
        build_game(tiny_sevenages_scenario()), 7, {"ann": {"slot": "wild:emissary", "egypt": "production"}}
    )
    play(state, "peace forest", "peace forest")
    assert "reveal forest: light_horse(6), 2 spearmen(1)" in state.log[-1].effects
    seen = state.view("cid")["areas"]["forest"]["units"]
    assert seen == [{"owner": "neutral", "kind": "spearmen", "level": 1}]
    assert state.statistics()["reveals"] == 1


def test_hands_and_markers_are_private() -> None:
    state: SevenAgesState = pick_colours(build_game(tiny_sevenages_scenario()).new_state(0))
    play(state, "mark egypt production")
    ben = state.view("ben")
    assert ben["players"]["ann"]["markers"] == {"egypt": "?"} and ben["players"]["ann"]["hand"] == 7
    assert isinstance(state.view("ann")["players"]["ann"]["hand"], list)
    assert state.log_for("ben")[-1].action == "mark egypt ?"
    assert state.log_for("ann")[-1].action == "mark egypt production"
    assert state.log_for(None)[-1].action == "mark egypt production"
