"""7A facts 2.7: the [AID] conflict procedure, with the E&N neutral hooks (E&N: Conflict)."""

from __future__ import annotations

import dataclasses

from sevenages_helpers import RULES, at_step, make_game, play

from model.rules.sevenages import conflict
from model.rules.sevenages.game import SevenAgesGame
from model.rules.sevenages.state import SevenAgesState


def card(value: int, skip: int = 0) -> str:
    """A deck card of the given value (the ``skip``-th one)."""
    return [c.id for c in RULES.deck if c.value == value][skip]


def stack(state: SevenAgesState, *draws: str) -> None:
    """Put cards on top of the deck: the first named is drawn first."""
    state.board.deck = [c for c in state.board.deck if c not in draws] + list(reversed(draws))


def attack_game(neutral: str = "spearmen", level: int | None = None) -> SevenAgesGame:
    return make_game(
        [("home", "land"), ("land", "refuge"), ("land", "empty"), ("home", "b_home"), ("b_home", "c_home")],
        empires={"assyria": ("ann", 3), "babylon": ("ben", 3), "carthage": ("cid", 3)},
        units=[
            ("home", "assyria", "spearmen", None, 3),
            ("b_home", "babylon", "spearmen", None, 1),
            ("c_home", "carthage", "spearmen", None, 1),
            ("land", "neutral", neutral, level, 2),
            ("refuge", "neutral", "spearmen", None, 1),
        ],
    )


def attack(state: SevenAgesState, *draws: str) -> None:
    stack(state, *draws)
    play(state, "move home land spearmen 1", "move home land spearmen 1", "done")


def test_defending_neutrals_go_to_the_highest_card_among_players_without_units_there() -> None:
    state = at_step(attack_game(), 4, {"ann": {"assyria": "manoeuvre"}})
    attack(state, card(3), card(6))  # ben is dealt 3, cid 6
    c = state.board.conflict
    assert c is not None and c["control"] == {"assyria": "ann", "neutral": "cid"}
    assert state.statistics()["neutral_conflicts"] == 1
    # The stack was turned face up for the conflict.
    assert state.board.areas["land"].revealed
    assert any(e == "reveal land: 2 spearmen(1)" for e in state.log[-1].effects)


def test_a_tie_for_the_neutrals_goes_by_turn_order() -> None:
    state = at_step(attack_game(), 4, {"ann": {"assyria": "manoeuvre"}})
    attack(state, card(4), card(4, 1))
    assert state.board.conflict is not None and state.board.conflict["control"]["neutral"] == "ben"


def test_a_round_a_disorder_marker_and_a_neutral_retreat() -> None:
    state = at_step(attack_game(), 4, {"ann": {"assyria": "manoeuvre"}})
    # Deal: ben 3, cid 6 (cid controls); round: assyria draws 2, the neutrals 0.
    attack(state, card(3), card(6), card(2), card(0))
    assert state.current_player() == "ann"
    play(state, "commit spearmen:1:2")
    assert state.current_player() == "cid"
    play(state, "commit spearmen:1:1")
    effects = state.log[-1].effects
    # Assyria: card 2 + spearman at the front (2) + spearman in support (1) = 5.
    assert "assyria commits spearmen(1) | spearmen(1): 5" in effects
    # Neutrals: card 0 + spearman (2), fertile land, no city or fort = 2; they lose it.
    assert "neutral commits spearmen(1) | : 2" in effects and "neutral loses 1 units" in effects
    # Assyria's committed units are used up, so it takes a disorder marker and fights on fresh.
    assert "assyria takes a disorder marker" in effects
    # With the attacker disordered the neutrals may retreat, but only where neutrals stand and
    # no empire does: refuge, not the empty area.
    assert conflict.retreats(state, "neutral") == ["refuge"]
    assert state.current_player() == "cid"
    play(state, "retreat refuge")
    assert len(state.units_of("neutral", "refuge")) == 2 and state.controller("land") == "assyria"
    assert state.board.areas["land"].owner == "assyria"


def test_a_neutral_stack_fights_at_the_age_of_its_highest_unit() -> None:
    """Spearmen and a catapult (level 11, age 2) against an age-1 empire: +1 for the neutrals."""
    game = attack_game("catapult")
    state = at_step(game, 4, {"ann": {"assyria": "manoeuvre"}})
    assert state.neutral_age("land") == 2
    attack(state, card(3), card(6), card(2), card(0))
    play(state, "commit spearmen:1:2", "commit catapult:11:1")
    # Catapult alone at the front: frontline 1, + card 0, + 1 for the advanced age.
    assert "neutral commits catapult(11) | : 2" in state.log[-1].effects


def test_attacking_neutrals_are_controlled_by_the_player_who_moved_them() -> None:
    game = make_game(
        [("n", "b_home"), ("b_home", "c_home")],
        empires={"babylon": ("ben", 3), "carthage": ("cid", 3)},
        units=[
            ("n", "neutral", "chariots", None, 3),
            ("b_home", "babylon", "spearmen", None, 2),
            ("c_home", "carthage", "spearmen", None, 1),
        ],
    )
    state = at_step(game, 7, {"ann": {"slot": "wild:emissary"}})
    play(state, "advisors n", "done", "send n b_home chariots 2 2", "done")
    c = state.board.conflict
    assert c is not None and c["attacker"] == "neutral" and c["control"]["neutral"] == "ann"
    assert state.current_player() == "ann"  # the neutrals' commitment is ann's decision
    assert len(state.units_of("neutral", "n")) == 1


def test_defence_adds_terrain_fort_city_and_a_river() -> None:
    from model.rules.sevenages.game import StartArea

    game = make_game(
        [("home", "hill")],
        empires={"assyria": ("ann", 3)},
        units=[("home", "assyria", "spearmen", None, 2), ("hill", "neutral", "spearmen", None, 1)],
        areas={"hill": StartArea("neutral", city=2, fort=True)},
        terrain={"hill": "mountain"},
        edge_bonus={frozenset(("home", "hill")): RULES.river_bonus},
    )
    state: SevenAgesState = game.new_state(0)
    assert conflict.defence(state, "hill") == 7  # mountain 3 + fort 2 + city level 2
    state.board.entries["hill"] = ["home"]
    assert conflict.defence(state, "hill") == 8  # every attacker crossed the river


def probe_game() -> SevenAgesGame:
    """Assyria's spearman and swordsman attack two neutral spearmen."""
    return make_game(
        [("home", "land"), ("land", "b_home")],
        empires={"assyria": ("ann", 12), "babylon": ("ben", 3)},
        units=[
            ("home", "assyria", "spearmen", None, 1),
            ("home", "assyria", "swords", None, 1),
            ("b_home", "babylon", "spearmen", None, 1),
            ("land", "neutral", "spearmen", None, 2),
        ],
    )


def test_a_side_chooses_which_counters_to_commit() -> None:
    """7A facts 2.7: the committed units are the owner's choice; the loser loses exactly those."""
    state = at_step(probe_game(), 4, {"ann": {"assyria": "manoeuvre"}})
    # Deal: ben 3, cid 6; round: assyria draws 0, the neutrals 7.
    stack(state, card(3), card(6), card(0), card(7))
    play(state, "move home land spearmen 1", "move home land swords 8", "done")
    assert [str(a) for a in state.legal_actions()] == [
        "commit swords:8:1",
        "commit spearmen:1:1",
        "commit spearmen:1:1 swords:8:1",
    ]
    # Assyria sends the spearman alone as a probe: it loses the round and only the spearman dies.
    play(state, "commit spearmen:1:1", "commit spearmen:1:2")
    assert [u.kind for u in state.units_of("assyria", "land")] == ["swords"]


def test_beyond_the_tables_commit_choices_only_the_best_n_are_listed() -> None:
    """HOUSE DEFAULT (terrain.json ``commit_choices``): three ways to commit exceed a limit of 2."""
    game = probe_game()
    game = dataclasses.replace(game, rules=dataclasses.replace(game.rules, commit_choices=2))
    state = at_step(game, 4, {"ann": {"assyria": "manoeuvre"}})
    stack(state, card(3), card(6), card(0), card(7))
    play(state, "move home land spearmen 1", "move home land swords 8", "done")
    assert [str(a) for a in state.legal_actions()] == ["commit 1", "commit 2"]


def test_a_commitment_preview_gives_its_value_before_the_card() -> None:
    state = at_step(attack_game(), 4, {"ann": {"assyria": "manoeuvre"}})
    attack(state, card(3), card(6))
    # Two spearmen: 2 at the front, 1 in support; neutrals are age 1 like assyria.
    assert state.preview(state.legal_actions()[-1]) == "3 before the card drawn"
    assert state.preview(state.legal_actions()[0]) == "2 before the card drawn"
