"""7 Ages play-test pictures, side rows, treasuries and decision sentences, from the engine's states.

The tiny scenario (``sevenages_editor_helpers.tiny``): white neutrals hold the forest (2 spearmen
at level 1 and a light horse at level 6, a level-1 city) and the coast (a catapult and a spearmen,
a fort); Egypt's capital is a fortified level-2 city in the delta.
"""

from __future__ import annotations

import pytest
from sevenages_editor_helpers import tiny

from editor import rulesets
from editor.rulesets import PictureContext
from editor.rulesets.sevenages import PART
from editor.rulesets.sevenages.pictures import FACE_DOWN, pictures
from editor.rulesets.sevenages.players import seat_gold, side_rows
from model.rules.protocol import PUBLIC, seat_names
from model.rules.sevenages import sequence
from model.rules.sevenages.game import build_game
from model.rules.sevenages.state import SevenAgesState
from model.scenario import Scenario

COLOURS = {
    "egypt": "#d4a017",
    "scythia": "#8b4513",
    "persia": "#6a0dad",
    "greece": "#1f77b4",
    "neutral": "#ffffff",
}


@pytest.fixture
def scenario() -> Scenario:
    return tiny()


@pytest.fixture
def state(scenario: Scenario) -> SevenAgesState:
    game = build_game(scenario)
    fresh: SevenAgesState = game.new_state(7)
    # 7A facts 1: the colour sets are picked first (the first set offered each time).
    while fresh.board.phase == "colours":
        fresh.apply(fresh.legal_actions()[0])
    return fresh


def _context(scenario: Scenario, viewer: str | None, author: bool = False) -> PictureContext:
    names = {a.id: a.name for a in scenario.map.areas}
    # As the play-test names every side: empires, the neutral Magnate and the engine's players.
    seats = seat_names(scenario, build_game(scenario))
    return PictureContext(names, seats, COLOURS, viewer, author=author)


def _drawn(state: SevenAgesState, scenario: Scenario, viewer: str | None) -> dict[str, list[str]]:
    found = pictures(state, state.view(viewer), _context(scenario, viewer))
    return {area: [chip.text for chip in picture.chips] for area, picture in found.items()}


def test_the_entry_point_finds_the_part() -> None:
    assert rulesets.get("sevenages") is PART
    assert PART.pictures is pictures and PART.side_rows is side_rows and PART.seat_gold is seat_gold


def test_a_seat_that_has_not_seen_a_neutral_stack_gets_it_face_down(
    state: SevenAgesState, scenario: Scenario
) -> None:
    # E&N: Fog of war: only the number of unrevealed neutral units is known to a seat.
    ann = pictures(state, state.view("ann"), _context(scenario, "ann"))
    forest = ann["forest"]
    assert [c.text for c in forest.chips] == ["C1", "3?"]
    assert forest.chips[1].fill == FACE_DOWN
    assert "3 neutral units face down" in forest.tip
    assert "spearmen" not in forest.tip and "light horse" not in forest.tip
    assert [c.text for c in ann["coast"].chips] == ["F", "2?"]
    assert "catapult" not in ann["coast"].tip


def test_the_author_sees_every_neutral_unit(state: SevenAgesState, scenario: Scenario) -> None:
    author = pictures(state, state.view(None), _context(scenario, None, author=True))
    forest = author["forest"]
    assert [c.text for c in forest.chips] == ["C1", "3"]
    assert forest.chips[1].fill == "#ffffff"
    assert "neutrals: 1 light horse (level 6), 2 spearmen (level 1)" in forest.tip
    assert "neutrals: 1 catapult (level 11), 1 spearmen (level 1)" in author["coast"].tip


def test_players_sharing_the_screen_see_the_public_view(state: SevenAgesState, scenario: Scenario) -> None:
    # Hot seat while an AI acts: nobody's seat looks, yet nobody may see the face-down stacks.
    public = pictures(state, state.view(None), _context(scenario, None, author=False))
    assert [c.text for c in public["forest"].chips] == ["C1", "3?"]
    assert [c.text for c in public["coast"].chips] == ["F", "2?"]
    assert "spearmen" not in public["forest"].tip and "catapult" not in public["coast"].tip


def test_a_revealed_stack_lies_face_up_for_every_seat(state: SevenAgesState, scenario: Scenario) -> None:
    state.board.areas["forest"].revealed = True  # what a conflict or a peace mission does there
    assert _drawn(state, scenario, "ben")["forest"] == ["C1", "3"]
    assert _drawn(state, scenario, "ben")["coast"] == ["F", "2?"]


def test_empire_units_cities_capitals_forts_and_disorder(state: SevenAgesState, scenario: Scenario) -> None:
    state.board.areas["valley"].disorder = True
    found = pictures(state, state.view("ben"), _context(scenario, "ben"))
    delta = found["delta"]
    assert [c.text for c in delta.chips] == ["★2", "F", "2"]
    assert delta.fill == COLOURS["egypt"] and delta.chips[2].fill == COLOURS["egypt"]
    assert "capital of Egypt, city level 2" in delta.tip and "Egypt: 2 spearmen (level 1)" in delta.tip
    assert [c.text for c in found["valley"].chips] == ["C1", "!", "1"]
    assert [c.text for c in found["steppe"].chips] == ["2"]
    assert found["steppe"].chips[0].fill == COLOURS["scythia"]
    # The cape is vacated: a city and no units (E&N: Neutral Units and Areas).
    assert [c.text for c in found["cape"].chips] == ["C1"] and "vacated" in found["cape"].tip
    assert found["forest"].fill == "#ffffff"
    # Egypt's galley stands at sea: the sea keeps its colour, the chip shows the ship.
    assert [c.text for c in found["west_sea"].chips] == ["1"] and "galley" in found["west_sea"].tip
    assert found["west_sea"].fill != COLOURS["egypt"]


def test_side_rows_list_each_player_and_the_neutrals(state: SevenAgesState, scenario: Scenario) -> None:
    rows = side_rows(state.view("ann"), _context(scenario, "ann"))
    assert [(r["name"], r["kind"]) for r in rows] == [
        ("Ann", "Player"),
        ("Ben", "Player"),
        ("Cid", "Player"),
        ("Neutrals", "Neutrals"),
    ]
    ann, ben, cid, neutrals = rows
    assert ann["attacks"] == "Egypt" and ben["attacks"] == "Scythia" and cid["attacks"] == ""
    assert cid["stature"] == 1  # the glory Cid starts with
    hand = state.board.players["ann"].hand
    assert ann["holds"] == len(hand)
    # An empire card in hand reads by its empire's name, a generic card by its id.
    named = seat_names(scenario, build_game(scenario))
    assert f"cards in hand: {', '.join(named.get(c, c) for c in hand)}" in ann["tip"]
    # Persia's empire card in hand reads "Persia" (its id would mean nothing to a player).
    state.board.players["ann"].hand[0] = "persia"
    tip = side_rows(state.view("ann"), _context(scenario, "ann"))[0]["tip"]
    assert f"cards in hand: Persia, {', '.join(hand[1:])}" in tip
    # Another player's hand is a count (7A facts 2.1: hands are private).
    assert not any(card in ben["tip"] for card in state.board.players["ben"].hand)
    # The neutrals: 5 units (3 in the forest, 2 on the coast) in 2 areas.
    assert (neutrals["holds"], neutrals["where"]) == (5, "2 areas") and "5 in 2 areas" in neutrals["tip"]


def test_the_side_list_has_its_own_headings_and_marks() -> None:
    side_list = PART.side_list
    assert side_list.headings == ("Player / neutrals", "Glory", "Empires", "Markers / areas", "Cards / units")
    assert (side_list.mark("Player"), side_list.mark("Neutrals")) == ("", "□")
    # Not the EotMA defaults: no Magnate's court, no raiders on a 7 Ages map.
    assert "♜" not in side_list.marks.values() and side_list.mark("Raiders") == ""


def test_seat_gold_is_the_treasury_of_an_empire_on_the_map(state: SevenAgesState) -> None:
    view = state.view(None)
    assert seat_gold(state, view, "egypt", None) == 2
    assert seat_gold(state, view, "scythia", "ann") == 1
    assert seat_gold(state, view, "persia", PUBLIC) == ""  # a card in the deck has no treasury
    assert seat_gold(state, view, "ann", None) == "Egypt 2"  # a player: each of its empires


def decision_about(state: SevenAgesState) -> dict[str, object] | None:
    """The view's pending decision without its player and sentence (what the panel words)."""
    found = state.view(None)["decision_about"]
    return None if found is None else {k: v for k, v in found.items() if k not in ("player", "text")}


def describe(decision: dict[str, object] | None, player: str, names: dict[str, str]) -> str:
    """The sentence the play-test panel shows: the editor part's ``decision``."""
    assert decision is not None and PART.decision is not None
    return PART.decision(decision, player, names)


def test_the_panel_words_a_decision_as_the_view_does(state: SevenAgesState) -> None:
    # One wording for the engine's view and the editor's panel (7A facts 3.4).
    found = state.view("ann")["decision_about"]
    assert found["player"] == "ann"
    assert found["text"] == describe(found, "Ann", {"egypt": "Egypt", "ann": "Ann"})


def test_a_marker_placement_is_worded(state: SevenAgesState) -> None:
    decision = decision_about(state)
    assert decision == {"kind": "mark", "about": "egypt", "areas": []}
    sentence = describe(decision, "Ann", {"egypt": "Egypt"})
    assert sentence.startswith("Ann marks Egypt face down")
    assert "an action or the wild card (emissary needs it)" in sentence
    assert sentence.endswith("(7A facts 2.1, 2.2; E&N: Emissary Action).")


def _to_step(state: SevenAgesState, step: int, markers: dict[str, dict[str, str]]) -> None:
    """Put the markers down as the players would, then start ``step`` (the rules tests' way)."""
    board = state.board
    for player, placed in markers.items():
        board.players[player].markers = dict(placed)
        for slot, marker in placed.items():
            if marker.startswith("wild:") and slot != "slot":
                board.empires[slot].wild = True
    effects: list[str] = []
    sequence.begin_step(state, step, effects)
    sequence.advance(state, effects)


def test_meddle_and_initiative_decisions_are_worded(state: SevenAgesState) -> None:
    _to_step(state, 7, {"ann": {"egypt": "wild:emissary"}, "ben": {"scythia": "wild:emissary"}})
    assert decision_about(state) == {"kind": "initiative", "about": "4 counters left", "areas": []}
    state.apply("peace forest")
    assert decision_about(state) == {"kind": "pick2", "about": "peace mission", "areas": ["forest"]}
    state.apply("peace coast")
    # Ben has not revealed his wild card yet: he may turn it up to meddle (E&N: Meddle Affairs).
    assert state.current_player() == "ben"
    decision = decision_about(state)
    assert decision == {"kind": "meddle_reveal", "about": "Ann's peace mission", "areas": ["forest", "coast"]}
    sentence = describe(decision, "Ben", {"forest": "Forest", "coast": "Coast"})
    assert sentence == (
        "Ben may turn up the wild card to meddle with Ann's peace mission in Forest, Coast, or pass "
        "(E&N: Meddle Affairs)."
    )
    # The declared targets are marked on the map for everyone while the meddle window is open.
    scenario = tiny()
    found = pictures(state, state.view("ben"), _context(scenario, "ben"))
    assert [c.text for c in found["forest"].chips] == ["C1", "✉", "3?"]
    assert "Ann declares peace mission here" in found["coast"].tip  # the game names its players
    assert "✉" not in [c.text for c in found["delta"].chips]


def test_the_player_controlling_defending_neutrals_is_told_so(state: SevenAgesState) -> None:
    # Egypt's archers march from the valley onto the coast: the coast's neutrals defend, controlled
    # by a player with no units there, dealt by cards (E&N: Conflict).
    _to_step(state, 4, {"ann": {"egypt": "manoeuvre"}})
    state.apply("move valley coast archers 3")
    state.apply("done")
    decision = decision_about(state)
    assert decision == {"kind": "commit_neutral", "about": "neutral", "areas": ["coast"]}
    assert state.current_player() in ("ben", "cid")
    sentence = describe(decision, "Ben", {"coast": "Coast"})
    assert sentence == (
        "Ben controls the neutrals in Coast for this conflict and commits them (E&N: Conflict; 7A facts 2.7)."
    )
    found = pictures(state, state.view("ann"), _context(tiny(), "ann"))
    # The conflict revealed the coast's stack (E&N: Fog of war): Ann sees its units now.
    assert [c.text for c in found["coast"].chips] == ["F", "⚔", "2", "1"]
    assert "conflict: Egypt attacks the neutrals" in found["coast"].tip
    assert "contested" in found["coast"].tip and "1 catapult (level 11)" in found["coast"].tip


def test_a_map_choice_has_no_sentence(state: SevenAgesState) -> None:
    _to_step(state, 4, {"ann": {"egypt": "manoeuvre"}})
    assert decision_about(state) is None  # moves are chosen by clicking areas


def test_turning_the_wild_card_is_worded_without_its_place(state: SevenAgesState) -> None:
    # 7A facts 2.2: an unused wild card may be turned to the action of a step when it comes.
    for text in (
        "mark egypt wild",
        "mark slot none",
        "mark scythia trade",
        "mark slot none",
        "mark slot none",
    ):
        state.apply(text)
    assert state.current_player() == "ann"  # a wild card on an empire never starts one: production
    decision = decision_about(state)
    assert decision == {"kind": "wild", "about": "production", "areas": []}
    assert describe(decision, "Ann", {}) == (
        "Ann may turn the unused wild card to production now, or keep it for a later step (7A facts 2.2)."
    )


def test_an_arms_sale_is_marked_on_its_area_only(state: SevenAgesState) -> None:
    # E&N: Arms Sales, Meddle Affairs: "arms AREA unit KIND" names its area first; the unit
    # type is no area, so only the coast carries the declared initiative.
    _to_step(state, 7, {"ann": {"egypt": "wild:emissary"}, "ben": {"scythia": "wild:emissary"}})
    state.apply("arms coast unit spearmen")  # one sale, then the others may meddle
    assert state.current_player() == "ben"
    found = pictures(state, state.view("ben"), _context(tiny(), "ben"))
    marked = sorted(area for area, picture in found.items() if "✉" in [c.text for c in picture.chips])
    assert marked == ["coast"]
    assert "Ann declares arms sales here" in found["coast"].tip
