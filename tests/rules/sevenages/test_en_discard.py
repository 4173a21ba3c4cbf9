"""E&N: Discarding Empires: by the discard action, or at once and for free at zero units."""

from __future__ import annotations

from sevenages_helpers import StartArea, at_step, make_game, play

from model.rules.sevenages.game import SevenAgesGame


def game() -> SevenAgesGame:
    return make_game(
        [("capital", "field"), ("field", "camp"), ("camp", "b_home")],
        empires={"assyria": ("ann", 10), "babylon": ("ben", 3)},
        units=[
            ("capital", "assyria", "swords", None, 1),
            ("field", "assyria", "chariots", 5, 2),
            ("b_home", "babylon", "spearmen", None, 1),
        ],
        areas={
            "capital": StartArea("assyria", city=3, capital=True, fort=True),
            "camp": StartArea("assyria", city=1),
        },
    )


def test_the_discard_action_leaves_white_neutrals_and_a_normal_city() -> None:
    g = game()
    state = at_step(g, 8, {"ann": {"assyria": "discard"}})
    state.board.empires["assyria"].shade = "dark"
    assert state.current_player() == "ann"
    assert [str(a) for a in state.legal_actions()] == ["discard assyria", "keep"]
    play(state, "discard assyria")
    board = state.board
    assert "assyria" not in board.empires and "assyria" in board.discards
    assert "assyria" not in board.players["ann"].markers
    # The capital becomes a normal city of the same level; the fort stays.
    assert (board.areas["capital"].city, board.areas["capital"].capital) == (3, False)
    assert board.areas["capital"].owner == "neutral" and board.areas["capital"].fort
    # Each unit becomes a white neutral of exactly the same type (and counter level).
    assert [(u.kind, u.level) for u in state.units_of("neutral", "capital")] == [("swords", 8)]
    assert [(u.kind, u.level) for u in state.units_of("neutral", "field")] == [("chariots", 5)] * 2
    # The empty city area of the empire is left vacated, the city kept.
    assert board.areas["camp"].owner is None and board.areas["camp"].city == 1
    # Neutrals fight with the light set's stats whatever the empire's shade was.
    assert g.rules.stats("chariots", "white") == (2, 1)
    assert state.statistics()["discards"] == 1


def test_keeping_the_empire() -> None:
    state = at_step(game(), 8, {"ann": {"assyria": "discard"}})
    play(state, "keep")
    assert "assyria" in state.board.empires


def test_an_empire_without_units_is_discarded_at_once() -> None:
    """PLAGUE (a manoeuvre event) removes babylon's only unit: babylon goes at once, for free."""
    g = game()
    state = at_step(g, 4, {"ann": {"assyria": "manoeuvre"}, "ben": {"babylon": "destiny"}})
    plague = next(c.id for c in g.rules.deck if c.event == "PLAGUE")
    state.board.players["ann"].hand = [plague]
    play(state, "done", f"play {plague} in b_home")
    assert "babylon" not in state.board.empires and "babylon" in state.board.discards
    assert state.statistics()["discards_automatic"] == 1
    # Its destiny marker is gone with it: the turn went on without asking ben.
    assert state.board.step == 0 and state.board.turn == 2
