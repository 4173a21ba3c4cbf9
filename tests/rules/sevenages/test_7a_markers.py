"""7A facts 2.1 and 2.2: action markers, the empty slot and the wild card; E&N: the emissary step
comes only through the wild card, on an empire (4 counters) or as an additional action (3)."""

from __future__ import annotations

import dataclasses

from sevenages_helpers import make_game, pick_colours, play

from model.rules.sevenages import sequence
from model.rules.sevenages.game import SevenAgesGame


def game(players: tuple[str, ...] = ("ann", "ben", "cid")) -> SevenAgesGame:
    return make_game(
        [("a1", "a2"), ("a2", "b1"), ("b1", "c1")],
        players=players,
        empires={"assyria": ("ann", 3), "akkad": ("ann", 3), "babylon": ("ben", 3)},
        units=[
            ("a1", "assyria", "spearmen", None, 1),
            ("a2", "akkad", "spearmen", None, 1),
            ("b1", "babylon", "spearmen", None, 1),
        ],
        first_player="ann",
    )


def test_each_empire_takes_a_marker_then_the_empty_slot() -> None:
    state = pick_colours(game().new_state(0))
    first = [str(a) for a in state.legal_actions()]
    # No emissary marker exists: only the wild card can stand for it; it is placed without action.
    assert not any("emissary" in a for a in first) and "mark assyria wild" in first
    assert "mark assyria start" not in first  # starting an empire is for the empty slot
    play(state, "mark assyria production")
    second = [str(a) for a in state.legal_actions()]
    # One marker of each action: production is used up; a second production needs the wild card.
    assert "mark akkad production" not in second and "mark akkad wild" in second
    play(state, "mark akkad wild")
    slot = [str(a) for a in state.legal_actions()]
    assert slot[0].startswith("mark slot") and "mark slot none" in slot
    # The wild card is spent: the slot may take start, destiny or civilise, not another wild card.
    assert "mark slot wild" not in slot and "mark slot start" in slot
    play(state, "mark slot start")
    assert state.current_player() == "ben"
    assert state.board.empires["akkad"].wild and not state.board.empires["assyria"].wild


def test_the_wild_card_is_turned_to_an_action_when_its_step_comes() -> None:
    """7A facts 2.2: the wild card's action is chosen when it is revealed, at any later step."""
    state = pick_colours(game().new_state(0))
    play(state, "mark assyria production", "mark akkad wild", "mark slot none")
    play(state, "mark babylon production", "mark slot none", "mark slot none")
    # Step 2 (production): ann is asked first whether akkad's wild card becomes production.
    assert state.cursor() == (1, "production") and state.current_player() == "ann"
    assert [str(a) for a in state.legal_actions()] == ["wild use", "wild keep"]
    play(state, "wild keep")
    # It is asked again at the next step it may take (trade & progress), and used there.
    while state.board.ctx.get("sub") != "wild":
        play(state, str(state.legal_actions()[-1]))
    assert state.cursor() == (1, "trade")
    play(state, "wild use")
    assert state.board.players["ann"].markers["akkad"] == "wild:trade"
    assert state.board.actors == [["ann", "akkad"]]


def test_no_empty_slot_at_the_empire_maximum() -> None:
    """Two players share 15 counter sets: 7 empires each; a full player has no empty slot."""
    g = game(("ann", "ben"))
    state = g.new_state(0)
    assert g.max_empires(state.board.order, "ann") == 8 and g.max_empires(state.board.order, "ben") == 7
    from model.rules.sevenages import sequence

    assert sequence.unmarked(state, "ann") == ["assyria", "akkad", "slot"]
    for n in range(5):
        state.board.empires[f"extra{n}"] = state.board.empires["assyria"].clone()
    assert "slot" in sequence.unmarked(state, "ann")
    state.board.empires["extra5"] = state.board.empires["assyria"].clone()
    assert "slot" not in sequence.unmarked(state, "ann")
    # Eight empires and seven markers for empires (six actions and the wild card): the last
    # empire is left without an action.
    for empire in sequence.unmarked(state, "ann")[:7]:
        state.board.players["ann"].markers[empire] = sequence.marker_choices(state, "ann", empire)[0]
    assert sequence.marker_choices(state, "ann", "extra5") == ["none"]


def test_an_unused_wild_card_is_revealed_for_emissary_to_meddle() -> None:
    """E&N: Meddle Affairs: a player with a not yet used wild card reveals it as emissary."""
    from sevenages_helpers import at_step

    state = at_step(game(), 7, {"ann": {"slot": "wild:emissary"}, "ben": {"babylon": "wild"}})
    # At the start of the step ben was asked first and kept the card for later.
    assert state.current_player() == "ben" and state.board.ctx["queue"] == ["ben"]
    play(state, "wild keep")
    assert state.current_player() == "ann" and state.board.players["ann"].counters == 3
    state.board.units["b1"].append(state.board.units["b1"][0])
    state.board.units["c1"] = [type(state.board.units["b1"][0])("neutral", "spearmen", 1)] * 2
    play(state, "peace c1", "peace c1")
    assert state.current_player() == "ben"
    play(state, "meddle reveal")
    # On an empire: four counters, one spent; ben now has his own emissary action after ann.
    assert state.board.players["ben"].counters == 3
    assert state.board.players["ben"].markers["babylon"] == "wild:emissary"
    play(state, "finish")
    assert state.current_player() == "ben" and state.board.players["ben"].emissary == "acting"


def test_emissary_counters_four_on_an_empire_three_additional() -> None:
    from sevenages_helpers import at_step

    state = at_step(game(), 7, {"ann": {"assyria": "wild:emissary"}, "ben": {"slot": "wild:emissary"}})
    assert state.board.players["ann"].counters == 4
    play(state, "finish")
    assert state.board.players["ben"].counters == 3


def test_a_turned_wild_card_is_logged_in_words() -> None:
    """7A facts 2.2: a wild card turned to an action is revealed when that action's step comes;
    the log names it as the wild card, not by the engine's own marker text."""
    from model.rules.sevenages import sequence

    state = pick_colours(game().new_state(0))
    state.board.players["ann"].markers = {"slot": "wild:destiny"}
    effects: list[str] = []
    sequence.begin_step(state, 5, effects)
    sequence.advance(state, effects)
    assert "ann reveals the wild card for destiny on slot" in effects
    assert not any("wild:" in effect for effect in effects)


def test_what_the_empty_slot_may_take_is_the_progress_table() -> None:
    """7A facts 2.2: the empty slot's actions are a HOUSE DEFAULT (progress.json ``slot_actions``)."""
    shipped = game()
    assert shipped.rules.slot_actions == ("start", "destiny", "civilise")
    changed = dataclasses.replace(shipped, rules=dataclasses.replace(shipped.rules, slot_actions=("trade",)))
    state = pick_colours(changed.new_state(0))
    play(state, "mark assyria production", "mark akkad wild")
    assert [str(a) for a in state.legal_actions()] == ["mark slot trade", "mark slot none"]
    # A wild card on the slot stands only for those actions (and emissary).
    assert sequence.wild_allows(state, "slot", "trade") and not sequence.wild_allows(state, "slot", "start")
