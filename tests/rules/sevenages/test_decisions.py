"""The view's ``decision_about`` (7A facts 3.4: every decision a player takes) and the players'
names: what a play-tester reads while another seat, or a human one, decides."""

from __future__ import annotations

from sevenages_helpers import at_step, make_game, pick_colours, play
from sevenages_scenario import tiny_sevenages_scenario
from test_en_meddle import LINKS

from model.bots.base import RandomBot
from model.rules.sevenages.bot import HeuristicBot
from model.rules.sevenages.game import build_game
from model.rules.sevenages.state import SevenAgesState

MAP_SUBS = {"start_buy", "produce", "move", "civilise", "event"}
"""Sub-steps whose choices lie on the map: no decision sentence, the areas are clicked."""


def test_view_names_the_players_from_the_scenario() -> None:
    state = build_game(tiny_sevenages_scenario()).new_state(1)
    players = state.view("ann")["players"]
    assert {p: d["name"] for p, d in players.items()} == {"ann": "Ann", "ben": "Ben", "cid": "Cid"}
    assert players["cid"]["glory"] == 1


def test_the_first_decision_is_a_colour_set_then_a_marker_on_the_first_empire() -> None:
    """7A facts 1: ann, holding the turn marker, picks a colour set first (Egypt's dark set already
    counts as hers); 7A facts 2.1: then she marks Egypt first."""
    state = build_game(tiny_sevenages_scenario()).new_state(1)
    decision = state.view(None)["decision_about"]
    assert (decision["kind"], decision["player"]) == ("colours", "ann")
    assert decision["about"] == "6 light, 6 dark, 1 black"
    pick_colours(state)
    decision = state.view(None)["decision_about"]
    assert decision["kind"] == "mark" and decision["player"] == "ann" and decision["about"] == "egypt"
    assert decision["areas"] == []
    assert decision["text"].startswith("Ann marks Egypt face down: an action or the wild card")
    assert decision["text"].endswith("(7A facts 2.1, 2.2; E&N: Emissary Action).")


def test_a_meddle_window_names_the_initiative_and_its_areas() -> None:
    """E&N: Meddle Affairs: after ann declares military advisors in n1, ben is asked."""
    game = make_game(
        LINKS,
        empires={"assyria": ("ann", 3), "babylon": ("ben", 3), "carthage": ("cid", 3)},
        units=[
            ("a_home", "assyria", "spearmen", None, 1),
            ("b_home", "babylon", "spearmen", None, 2),
            ("c_home", "carthage", "spearmen", None, 1),
            ("n1", "neutral", "chariots", None, 3),
            ("n3", "neutral", "spearmen", None, 2),
        ],
    )
    markers = {"ann": {"slot": "wild:emissary"}, "ben": {"babylon": "wild:emissary"}, "cid": {"slot": "wild"}}
    state = at_step(game, 7, markers)
    # 7A facts 2.2: cid's unused wild card is asked about first; where it lies stays face down.
    asked = state.view("ben")["decision_about"]
    assert (asked["kind"], asked["player"], asked["about"]) == ("wild", "cid", "emissary")
    assert (
        "slot" not in asked["text"] and "cid may turn the unused wild card to emissary now" in asked["text"]
    )
    play(state, "wild keep")
    first = state.view("ben")["decision_about"]
    assert (first["kind"], first["player"], first["about"]) == ("initiative", "ann", "3 counters left")
    play(state, "advisors n1")
    second = state.view("ben")["decision_about"]
    assert (second["kind"], second["about"], second["areas"]) == ("pick2", "military advisors", ["n1"])
    play(state, "done")
    window = state.view("cid")["decision_about"]
    assert window["kind"] == "meddle_reveal" and window["player"] == "ben"
    assert window["about"] == "ann's military advisors" and window["areas"] == ["n1"]
    assert "meddle with ann's military advisors in n1" in window["text"]
    assert window["text"].endswith("(E&N: Meddle Affairs).")
    # The same words for every seat: nothing private in them.
    assert state.view("ann")["decision_about"] == state.view(None)["decision_about"] == window


def test_every_position_of_random_games_has_a_decision_or_a_map_choice() -> None:
    """Each position of games with heuristic and random seats either has a sentence for the
    decider or its choices lie on the map, and a sentence never names a card of anyone's hand."""
    game = build_game(tiny_sevenages_scenario())
    kinds: set[str] = set()
    for seed in range(12):
        state: SevenAgesState = game.new_state(seed)
        bots = {
            p: HeuristicBot(seed + i) if (seed + i) % 2 else RandomBot(seed + i)
            for i, p in enumerate(game.seats)
        }
        while not state.is_over():
            decision = state.view(None)["decision_about"]
            if decision is None:
                assert state.board.ctx.get("sub") in MAP_SUBS, state.cursor()
            else:
                kinds.add(decision["kind"])
                assert decision["player"] == state.current_player()
                assert set(decision["areas"]) <= set(game.areas)
                held = {c for d in state.board.players.values() for c in d.hand}
                assert not held & set(decision["text"].replace(",", " ").split())
            player = state.current_player()
            assert player is not None
            state.apply(bots[player].choose(state))
        assert state.view(None)["decision_about"] is None
    assert {"mark", "wild", "start_card", "trade_partner", "destiny", "initiative", "commit"} <= kinds
    assert {"meddle_reveal", "pick2", "discard", "meddle"} <= kinds, sorted(kinds)


def test_a_card_choice_shows_its_value_and_event_to_its_holder() -> None:
    """7A facts 1 and 3.2: a bid goes by the card's value, and a player reads value and event on
    the face of each card in hand; the panel shows them beside a choice naming a card."""
    from model.rules.sevenages.actions import act

    state = build_game(tiny_sevenages_scenario()).new_state(1)
    # deck.json: card02 is worth 1 and carries the plague; card12 is worth 3 and burns (fire).
    assert state.preview(act("bid", "card02")) == "value 1, event plague"
    assert state.preview(act("drop", "card12")) == "value 3, event fire"
    assert state.preview(act("start", "none")) == ""


def test_an_area_picked_twice_is_named_once() -> None:
    """E&N: Peace Mission: both removals may be in the same area; the sentence says "twice"."""
    from model.rules.sevenages.decisions import describe

    decision = {"kind": "meddle", "about": "ann's peace mission", "areas": ["n1", "n1"]}
    assert describe(decision, "Ben", {"n1": "Hatti"}) == (
        "Ben may meddle with ann's peace mission in Hatti twice (one counter) or pass (E&N: Meddle Affairs)."
    )


def test_an_empire_card_choice_says_which_ages_it_starts_in() -> None:
    """7A facts 2.3: an empire card starts only in its ages; the start question names the age
    now (public), the preview each card's ages (seen on its face by its holder)."""
    from model.rules.sevenages.actions import act

    state = build_game(tiny_sevenages_scenario()).new_state(1)
    # The tiny scenario's Persia: worth 6, the golden age event, startable in ages 2 and 3.
    assert (
        state.preview(act("start", "persia")) == "value 6, event golden age, empire card, starts in age 2/3"
    )
    state.board.ctx = {"player": "ann", "slot": "slot", "sub": "start_card"}
    state.board.phase = "step"
    decision = state.view(None)["decision_about"]
    assert (decision["kind"], decision["about"]) == ("start_card", "age 1")  # Egypt at progress 4
    assert "may start an empire from a card in hand that starts in age 1, or none" in decision["text"]


def test_a_move_preview_says_which_number_is_the_level() -> None:
    """7A facts 2.6 and E&N: Military Advisors: ``KIND LEVEL N`` reads as two counts in a list
    of choices, so the preview spells them out."""
    from model.rules.sevenages.actions import act

    state = build_game(tiny_sevenages_scenario()).new_state(1)
    assert state.preview(act("move", "valley", "coast", "archers", 3)) == "1 archers of level 3"
    assert state.preview(act("send", "n1", "n2", "light_horse", 6, 2)) == "2 light horse of level 6"
    assert state.preview(act("ferry", "a", "s", "b", "spearmen", 1, 4)) == "4 spearmen of level 1"
