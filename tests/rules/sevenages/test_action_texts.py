"""Every legal action as the play-test panel offers it: its text parses back to the same action,
and ``areas()`` names exactly the areas it concerns (issue 14: human seats take every decision).

The panel lists an action with areas when one of them is clicked and every other action as a
button, so an empire id or ``done`` among the areas would hide the action from a human seat.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from sevenages_scenario import tiny_sevenages_scenario

from model.bots.base import RandomBot
from model.io import load
from model.rules.protocol import MalformedActionError
from model.rules.sevenages.actions import CODEC, Words, act
from model.rules.sevenages.bot import HeuristicBot
from model.rules.sevenages.game import SevenAgesGame, build_game

WORLD = Path(__file__).resolve().parents[3] / "scenarios" / "sevenages-world.mappa.json"

NO_AREAS = {
    "bid", "pick", "wild", "mark", "start", "done", "trade", "give", "fund", "commit", "stay", "drop",
    "discard", "keep", "finish", "meddle", "pass",
}  # fmt: skip
"""Verbs whose words never name an area (cards, empires, slots, markers, unit groups)."""


def _check_positions(game: SevenAgesGame, seeds: range, forms: Counter[str]) -> int:
    """Play games with mixed bots; check every legal action of every position; count the forms."""
    checked = 0
    for seed in seeds:
        state = game.new_state(seed)
        bots = {
            p: HeuristicBot(seed + i) if (seed + i) % 2 else RandomBot(seed + i)
            for i, p in enumerate(game.seats)
        }
        while not state.is_over():
            for action in state.legal_actions():
                assert isinstance(action, Words)
                text = str(action)
                assert CODEC.parse(text) == action, text
                areas = action.areas()
                assert set(areas) <= set(game.areas), (text, areas)
                if action.VERB in NO_AREAS or (action.VERB == "play" and action.word(1) == "on"):
                    assert areas == (), text
                    # An empire target is no area, even where an area has the same id (Egypt).
                    if action.VERB == "play":
                        assert action.word(2) in state.board.empires, text
                else:
                    assert areas, text
                forms[
                    action.VERB if action.VERB not in ("play", "arms") else " ".join(text.split()[:3:2])
                ] += 1
                checked += 1
            player = state.current_player()
            assert player is not None
            state.apply(bots[player].choose(state))
    return checked


def test_tiny_scenario_actions_round_trip_with_exact_areas() -> None:
    forms: Counter[str] = Counter()
    assert _check_positions(build_game(tiny_sevenages_scenario()), range(24), forms) > 10_000
    # The forms the bug report names came up, so the checks above saw them.
    for form in ("play in", "play on", "arms unit", "arms fort", "arms modernise", "advisors", "aid", "send"):
        assert forms[form] > 0, form
    assert forms["done"] > 0 and forms["peace"] > 0 and forms["ferry"] + forms["move"] > 0


@pytest.mark.slow
def test_world_scenario_actions_round_trip_with_exact_areas() -> None:
    forms: Counter[str] = Counter()
    assert _check_positions(build_game(load(WORLD)), range(6), forms) > 10_000
    assert forms["advisors"] > 0 and forms["send"] > 0 and forms["arms modernise"] > 0


def test_area_words_sit_where_areas_reads_them() -> None:
    """E&N: Arms Sales and the other initiatives name their area first; ``play`` says in or on."""
    assert act("arms", "n1", "unit", "swords").areas() == ("n1",)
    assert act("arms", "n1", "fort").areas() == ("n1",)
    assert act("arms", "n1", "modernise").areas() == ("n1",)
    assert act("aid", "coast", "city").areas() == ("coast",)
    assert act("play", "card05", "in", "a", "b").areas() == ("a", "b")
    assert act("play", "card21", "on", "egypt").areas() == ()
    assert act("ferry", "home", "sea", "coast", "spearmen", 1, 2).areas() == ("home", "sea", "coast")
    assert act("done").areas() == ()


@pytest.mark.parametrize(
    "text",
    ["aid done", "send done", "arms done", "arms modernise n1", "arms n1 unit", "play card05 egypt",
     "play card05 on egypt coast", "play card05 at coast"],
)  # fmt: skip
def test_old_and_broken_forms_are_malformed(text: str) -> None:
    with pytest.raises(MalformedActionError):
        CODEC.parse(text)


def test_random_texts_never_parse_into_a_different_text() -> None:
    """Whatever parses, prints back as the same words (the panel logs the text it sends)."""
    chooser = random.Random(5)
    words = ["n1", "unit", "fort", "modernise", "in", "on", "done", "city", "spearmen", "2", "egypt"]
    for _ in range(2000):
        verb = chooser.choice(sorted(CODEC.classes))
        text = " ".join([verb, *chooser.sample(words, chooser.randint(0, 5))])
        try:
            action = CODEC.parse(text)
        except MalformedActionError:
            continue
        assert str(action) == text
