"""The EotMA engine through the protocol: legal actions, errors, JSON, clone, replay, view, golden game."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from eotma_helpers import card, game, start

from model.bots.base import RandomBot, play
from model.rules.eotma.bot import EotmaHeuristicBot
from model.rules.eotma.game import Options
from model.rules.eotma.state import EotmaState
from model.rules.protocol import (
    AmbiguousActionError,
    IllegalActionError,
    MalformedActionError,
    is_automatic,
    replay,
    replay_log,
)

GOLDEN = Path(__file__).resolve().parent / "golden_playthrough.txt"


def test_every_listed_action_passes_the_check_and_round_trips_as_text() -> None:
    state = start(card(1, conquest={"result": ["C(4>)"]}))
    actions = state.legal_actions()
    assert len(actions) > 20
    for action in actions:
        state._check(action)
        assert state.game.parse_action(str(action)) == action


def test_action_text_errors_are_distinct() -> None:
    state = start()
    with pytest.raises(MalformedActionError, match="unknown verb 'march'"):
        state.apply("march on rome")
    with pytest.raises(MalformedActionError, match="from BASE"):
        state.apply("conquest border march")
    with pytest.raises(AmbiguousActionError, match="could be any of several verbs"):
        state.apply("d border")
    with pytest.raises(IllegalActionError, match="not a land area"):
        state.apply("rule atlantis")
    with pytest.raises(AmbiguousActionError, match="several legal actions"):
        state.resolve("conquest border")
    assert str(state.resolve("conquest isle from home +5")) == "conquest isle from home +5"


def test_a_refused_action_leaves_the_state_untouched() -> None:
    state = start()
    before = state.to_json()
    for text in ["conquest capital from home", "tax home 1", "end-turn", "slot 1", "defend"]:
        with pytest.raises(IllegalActionError):
            state.apply(text)
    assert state.to_json() == before


def test_areas_of_actions_for_highlighting() -> None:
    state = start()
    assert state.game.parse_action("conquest border from march +2").areas() == ("border", "march")
    assert state.game.parse_action("rule home").areas() == ("home",)
    assert state.game.parse_action("end-turn").areas() == ()


def test_json_round_trip_and_clone_mid_game() -> None:
    g = game(options=Options(events=True), rounds=2)
    state = g.new_state(3)
    bot = RandomBot(3)
    for _ in range(25):
        state.apply(bot.choose(state))
    data = json.loads(json.dumps(state.to_json()))
    again = g.state_from_json(data)
    assert again == state and again.to_json() == state.to_json()
    twin = state.clone()
    assert twin == state
    action = bot.choose(state)
    twin.apply(action)
    assert twin != state
    state.apply(action)
    assert twin == state


def test_replay_of_seed_and_actions_is_identical() -> None:
    g = game(options=Options(events=True), rounds=2)
    state = play(g, RandomBot(9), 9)
    assert replay_log(g, 9, state.log) == state
    # The automatic entries (the start, a round's start, a turn's start) are no actions to replay.
    assert replay(g, 9, [e.action for e in state.log if not is_automatic(e)]) == state
    assert {e.action for e in state.log if is_automatic(e)} == {
        "start",
        "round-start",
        "initiative",
        "turn-start",
        "round-end",
    }


def test_view_is_plain_data() -> None:
    state = start()
    view = state.view()
    json.dumps(view)
    assert view["areas"]["home"]["owner"] == "west" and view["empires"]["east"]["treasury"] == 12
    assert view["phase"] == "turn" and view["active"] == "west" and view["round"] == 1


def _golden_text(state: EotmaState) -> str:
    lines = [
        f"{e.seq} r{e.round} {e.phase} {e.player}: {e.action} | {'; '.join(e.effects)}" for e in state.log
    ]
    lines.append(json.dumps(state.view(), sort_keys=True))
    return "\n".join(lines) + "\n"


def test_golden_playthrough() -> None:
    """A whole heuristic game on the test board; compare log and final view with the stored text."""
    g = game(options=Options(events=True), rounds=4, shipped_deck=True)
    state = play(g, EotmaHeuristicBot(), 2024)
    text = _golden_text(state)
    if os.environ.get("MAPPA_REWRITE_GOLDEN") == "1":  # after an intended rules change
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")


def test_listed_candidates_agree_with_locate_and_check_in_many_positions() -> None:
    from model.rules.eotma.endeavours.common import locate
    from model.rules.eotma.legal import candidate_action, endeavour_candidates

    g = game(options=Options(events=True, armies_fleets=True), rounds=3, shipped_deck=True)
    for seed in range(30):
        state = g.new_state(seed)
        bot = RandomBot(seed)
        while not state.is_over():
            if state.phase == "turn" and not state.pending and state.tax_stage != 1:
                player = state.active()
                for at in endeavour_candidates(state, player):
                    assert locate(state, player, candidate_action(state, at, 0)) == at
                for action in state.legal_actions():
                    state._check(action)
            state.apply(bot.choose(state))


def test_bots_per_seat_finish_a_game_and_a_missing_seat_is_an_error() -> None:
    from model.bots.base import BotError

    g = game(options=Options(events=True), rounds=2, shipped_deck=True)
    state = play(g, {"west": EotmaHeuristicBot(), "east": RandomBot(1)}, 5)
    assert state.is_over() and set(state.scores()) == {"west", "east"}
    with pytest.raises(BotError, match="no bot for seat"):
        play(g, {"west": RandomBot(1)}, 5)


def test_view_describes_a_pending_decision() -> None:
    from eotma_helpers import card

    from model.rules.eotma.game import AreaStart

    state = start(card(1, conquest={"result": ["C"]}), hand=[1], areas={"border": AreaStart("east", 0)})
    state.apply("conquest border from march")
    about = state.view()["decision_about"]
    assert about == {
        "kind": "defense",
        "player": "east",
        "about": "conquest border from march",
        "areas": ["border", "march"],
    }
