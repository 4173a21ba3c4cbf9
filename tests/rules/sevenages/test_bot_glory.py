"""The heuristic bot weighs glory (7A facts 1: the most glory wins; 2.16 harvest glory; E&N: Glory
from your Capital): which card it starts, where it expands, what it builds, what it bids."""

from __future__ import annotations

from pathlib import Path

import pytest

from model.io import load
from model.rules.sevenages import botglory
from model.rules.sevenages.actions import act
from model.rules.sevenages.bot import HeuristicBot
from model.rules.sevenages.game import SevenAgesGame, build_game
from model.rules.sevenages.state import EmpireState, SevenAgesState, Unit

WORLD = Path(__file__).resolve().parents[3] / "scenarios" / "sevenages-world.mappa.json"


@pytest.fixture(scope="module")
def game() -> SevenAgesGame:
    return build_game(load(WORLD))


def test_a_card_promises_its_categories_its_capital_and_its_money(game: SevenAgesGame) -> None:
    state = game.new_state(0)
    # Egypt: 5 to start at all, AREAS in North Africa 3 (its start areas and neighbours lie there),
    # CITIES 2, MONEY 2, the homeland icon 1, start money 8 / 4: 15.
    assert botglory.card_glory(state, "egyptians") == 15.0
    # Sumer: 5 + 3 + 2 + 2 + 1 + 7/4, less 1.5 for Elam, a start area the neutrals hold.
    assert botglory.card_glory(state, "sumerians") == 13.25
    # The Indus Valley on the map scores AREAS and CITIES too: a newcomer is likely one rank down
    # in both (3 - 1 and 2 - 1).
    state.board.empires["harappans"] = EmpireState("player_2", 1, 0)
    assert botglory.card_glory(state, "egyptians") == 13.0


def test_the_bot_starts_the_card_with_the_most_glory(game: SevenAgesGame) -> None:
    state: SevenAgesState = game.new_state(0)
    state.board.phase, state.board.step = "step", 1
    state.board.ctx = {"player": "player_1", "slot": "slot", "sub": "start_card"}
    state.board.players["player_1"].hand = ["minoans", "egyptians", "harappans", "card08"]
    assert {str(a) for a in state.legal_actions()} == {
        "start egyptians", "start harappans", "start minoans", "start none"
    }  # fmt: skip
    assert str(HeuristicBot(0).choose(state)) == "start egyptians"


def test_the_bid_keeps_the_cards_that_start(game: SevenAgesGame) -> None:
    """7A facts 1: the bid card is lost; the bot bids its cheapest card that starts nothing."""
    state: SevenAgesState = game.new_state(0)
    assert state.board.phase == "bid" and state.current_player() == "player_1"
    hand = state.board.players["player_1"].hand
    cheapest = min((c for c in hand if not game.cards[c].empire), key=lambda c: (game.cards[c].value, c))
    choice = HeuristicBot(0).choose(state)
    assert choice.VERB == "bid" and game.cards[str(choice).split()[1]].value == game.cards[cheapest].value
    assert not game.cards[str(choice).split()[1]].empire


def test_areas_and_builds_are_worth_their_categories(game: SevenAgesGame) -> None:
    state = game.new_state(0)
    # Sumer scores AREAS in the Fertile Crescent: Akkad counts half its 3 points, Egypt nothing.
    assert botglory.area_glory(state, "sumerians", "akkad") == 1.5
    assert botglory.area_glory(state, "sumerians", "egypt") == 0.0
    # The Minoans score Mediterranean seas: the Aegean counts, a land area does not.
    assert botglory.area_glory(state, "minoans", "aegean_sea") == 1.5
    assert botglory.area_glory(state, "minoans", "greece") == 0.0
    # Egypt: a city adds to CITIES (2 / 2) and spends money that MONEY scores (0.1 x 2).
    assert botglory.build_glory(state, "egyptians", "city") == pytest.approx(0.8)
    # Sumer: an upgrade raises CITY_LEVELS; a unit adds nothing to its categories.
    assert botglory.build_glory(state, "sumerians", "upgrade") == 1.0
    assert botglory.build_glory(state, "sumerians", "unit") == 0.0


def test_a_new_empire_puts_a_unit_on_its_capital_site_first(game: SevenAgesGame) -> None:
    """7A facts 2.3: the capital is founded only if the empire holds its first start area."""
    state: SevenAgesState = game.new_state(0)
    state.board.empires["egyptians"] = EmpireState("player_1", 1, 8)
    assert botglory.start_site(state, "egyptians", "egypt") == 4.0  # 3, and 1 for the homeland icon
    assert botglory.start_site(state, "egyptians", "sinai") == 0.0
    state.board.units["egypt"] = [Unit("egyptians", "spearmen", 1)]
    assert botglory.start_site(state, "egyptians", "egypt") == 0.0
    # The bot's choice among the start buys goes to the empty capital site.
    state.board.units.pop("egypt")
    state.board.phase, state.board.step = "step", 1
    state.board.ctx = {"player": "player_1", "slot": "slot", "sub": "start_buy", "empire": "egyptians"}
    assert act("buy", "spearmen", "egypt") in state.legal_actions()
    assert HeuristicBot(0).choose(state).areas() == ("egypt",)


def test_a_card_that_scores_cities_saves_for_one_and_civilises(game: SevenAgesGame) -> None:
    """E&N capital glory and CITIES: with the price of a city saved, civilise beats production."""
    state: SevenAgesState = game.new_state(0)
    state.board.empires["egyptians"] = EmpireState("player_1", 1, 3)
    state.board.units["upper_egypt"] = [Unit("egyptians", "spearmen", 1)]
    assert botglory.city_price(state, "egyptians") == game.rules.city_build_cost == 3
    bot = HeuristicBot(0)
    civilise = bot._score(state, "player_1", act("mark", "egyptians", "civilise"))
    production = bot._score(state, "player_1", act("mark", "egyptians", "production"))
    assert civilise > production
    state.board.empires["egyptians"].treasury = 2
    assert bot._score(state, "player_1", act("mark", "egyptians", "civilise")) < production
