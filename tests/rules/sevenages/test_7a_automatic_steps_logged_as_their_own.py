"""7A facts 1, 2.1, 2.3, 2.7, 2.8, 2.13, 2.16: what the turn does by itself (the bids revealed, a
new turn, the next action marker turned up, an empire's production, a conflict, a new capital,
the end of turn) is logged as automatic entries of their own after the action that set it off,
never as that player's doing (these used to be effects of that action: a ``pass`` carried the
peace mission it let through, the last actor's ``finish`` the whole end of turn).

Played on the shipped world scenario with the first two turns of a heuristic-bot game (seed 1),
and the start of another (seed 0) for a new empire's capital.
The emissary step's own entry is tested with the peace mission (test_en_peace_mission.py).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from model import io
from model.bots.base import RandomBot
from model.rules.protocol import LogEntry, is_automatic, replay, replay_log
from model.rules.sevenages import automatic
from model.rules.sevenages.game import SevenAgesGame, build_game
from model.rules.sevenages.state import SevenAgesState

SCENARIO = Path(__file__).resolve().parents[3] / "scenarios" / "sevenages-world.mappa.json"
SEED = 1
BIDS = ["bid satavahanas", "bid aksumites", "bid card12", "bid card33"]
COLOURS = ["pick black", *["pick dark"] * 7, *["pick light"] * 7]
TURN_1 = [
    *["mark slot start", "mark slot destiny", "mark slot start", "mark slot start"],
    *["start harappans", "buy spearmen punjab", "buy spearmen saurashtra", "buy spearmen saurashtra", "done"],
    *["start shang", "buy spearmen north_china_plain", "buy spearmen jin", "buy spearmen jin", "done"],
    *["start xia", "buy spearmen shandong", "buy spearmen shandong", "buy spearmen shandong", "done"],
    *["drop card05", "drop card31", "drop card06", "drop card20", "drop romans", "drop xiongnu", "done"],
]
TURN_2 = [
    *["mark slot start", "mark shang production", "mark slot start", "mark xia production"],
    *["mark slot start", "mark harappans production", "mark slot start"],
    *["start assyrians", "buy spearmen mitanni", "buy spearmen akkad", "buy spearmen mitanni", "done"],
    *["start kushites", "buy spearmen upper_egypt", "buy spearmen upper_egypt", "buy spearmen upper_egypt"],
    "done",
    *["start elamites", "buy spearmen elam", "buy spearmen elam", "buy spearmen elam", "done"],
    "commit spearmen:1:3",
    *["start minoans", "buy spearmen crete", "buy spearmen greece", "done"],
    *["done", "play card24 on harappans", "done", "play card23 on harappans", "done"],
]
ACTIONS = BIDS + COLOURS + TURN_1 + TURN_2


@pytest.fixture(scope="module")
def world() -> SevenAgesGame:
    return build_game(io.load(SCENARIO))


def _played(game: SevenAgesGame, actions: list[str]) -> SevenAgesState:
    state: SevenAgesState = game.new_state(SEED)
    for action in actions:
        state.apply(action)
    return state


def _after(state: SevenAgesState, action: str) -> list[LogEntry]:
    """Apply ``action`` and return its entry with the automatic entries it set off."""
    before = len(state.log)
    entry = state.apply(action)
    new = state.log[before:]
    assert new[0] is entry and [e.seq for e in new] == list(range(before, len(state.log)))
    return new


def _heads(entries: list[LogEntry]) -> list[tuple[object, ...]]:
    return [(e.player, e.action, e.round, e.phase) for e in entries]


def test_7a_1_the_last_bid_reveals_the_bids_and_starts_the_first_turn(world: SevenAgesGame) -> None:
    state = _played(world, BIDS[:-1])
    bid, opening, start = _after(state, BIDS[-1])
    assert _heads([bid, opening, start]) == [
        ("player_4", "bid card33", 1, "bid"),
        (None, automatic.OPENING_BID, 1, "bid"),
        (None, automatic.TURN_START, 1, automatic.TURN_START),
    ]
    assert bid.effects == ()  # a face-down card
    assert opening.effects == (
        "bids: player_1 satavahanas (3), player_2 aksumites (2), player_3 card12 (3), player_4 card33 (0)",
        "player_1 wins the bid and holds the turn marker",
    )
    assert start.effects == ("turn 1: player_1 holds the turn marker",)


def test_7a_2_1_the_last_marker_placed_turns_up_the_step_s_first(
    world: SevenAgesGame,
) -> None:
    state = _played(world, BIDS + COLOURS + TURN_1[:3])
    marked, revealed = _after(state, TURN_1[3])
    assert _heads([marked, revealed]) == [
        ("player_4", "mark slot start", 1, "markers"),
        (None, automatic.MARKERS, 1, "start"),
    ]
    assert marked.effects == () and revealed.effects == ("player_1 reveals start on slot",)


def test_7a_2_13_the_last_actor_s_done_ends_the_turn_and_starts_the_next(world: SevenAgesGame) -> None:
    state = _played(world, BIDS + COLOURS + TURN_1[:-1])
    done, end, start = _after(state, TURN_1[-1])
    assert _heads([done, end, start]) == [
        ("player_2", "done", 1, "destiny"),
        (None, automatic.END_OF_TURN, 1, automatic.END_OF_TURN),
        (None, automatic.TURN_START, 2, automatic.TURN_START),
    ]
    assert done.effects == ("player_2 draws 5 cards (hand 5)",)  # 7A facts 2.10: the player's draw
    # 7A facts 2.16: harvest glory, every empire's for its player.
    assert end.effects == (
        "harappans harvests 5 glory for player_1",
        "shang harvests 3 glory for player_3",
        "xia harvests 1 glory for player_4",
    )
    assert start.effects == ("turn 2: player_2 holds the turn marker",)


def test_7a_2_7_a_conflict_is_fought_by_the_rules_after_the_commitment(world: SevenAgesGame) -> None:
    at = ACTIONS.index("commit spearmen:1:3")
    state = _played(world, ACTIONS[: at - 1])
    # Elam's new empire lands on neutral spearmen: the conflict starts when its buying is done.
    done, begun = _after(state, ACTIONS[at - 1])
    assert _heads([done, begun]) == [("player_4", "done", 2, "start"), (None, automatic.CONFLICT, 2, "start")]
    assert done.effects == ()
    assert begun.effects == (
        "player_2 (neutral control in elam) draws card34 (1)",
        "player_3 (neutral control in elam) draws card19 (2)",
        "player_1 (neutral control in elam) draws carthaginians (4)",
        "player_1 controls the neutrals in elam",
        "reveal elam: spearmen(1)",
        "conflict in elam: elamites attacks neutral",
    )
    committed, fought, revealed = _after(state, ACTIONS[at])
    assert _heads([committed, fought, revealed]) == [
        ("player_4", "commit spearmen:1:3", 2, "start"),
        (None, automatic.CONFLICT, 2, "start"),
        (None, automatic.MARKERS, 2, "start"),
    ]
    assert committed.effects == ()
    assert fought.effects == (
        "elamites draws card03 (2)",
        "elamites commits 2 spearmen(1) | spearmen(1): 9",
        "neutral draws card40 (7)",
        "neutral commits spearmen(1) | : 10",
        "elamites loses 3 units",
        "neutral takes a disorder marker",
        "neutral holds elam",
        "player_4 discards elamites (no units left)",  # E&N: Discarding Empires
    )
    assert revealed.effects == ("player_1 reveals start on slot",)


def test_7a_2_8_the_next_marker_and_its_production_follow_the_last_actor_s_event(
    world: SevenAgesGame,
) -> None:
    at = ACTIONS.index("play card24 on harappans")
    state = _played(world, ACTIONS[:at])
    played, revealed, produced = _after(state, ACTIONS[at])
    assert _heads([played, revealed, produced]) == [
        ("player_3", "play card24 on harappans", 2, "production"),
        (None, automatic.MARKERS, 2, "production"),
        (None, automatic.PRODUCTION, 2, "production"),
    ]
    assert played.effects == ("player_3 plays card24 (FAMINE) on harappans",)
    assert revealed.effects == ("player_4 reveals production on xia",)
    assert produced.effects == ("xia earns 2, pays upkeep 2: treasury 0",)


def test_7a_replay_and_undo_skip_the_automatic_entries(world: SevenAgesGame) -> None:
    state = _played(world, ACTIONS)
    assert [e.action for e in state.log if not is_automatic(e)] == ACTIONS
    # Every automatic step but a capital's founding and an emissary's initiative comes up.
    steps = {e.action for e in state.log if is_automatic(e)}
    assert steps == set(automatic.STEPS) - {automatic.FOUNDING, automatic.EMISSARY}
    assert replay_log(world, SEED, state.log) == state
    # Undoing the turn's last action takes back the end of turn and the new turn's start with it.
    last = max(i for i, e in enumerate(state.log) if not is_automatic(e))
    assert _heads(state.log[last + 1 :]) == [
        (None, automatic.END_OF_TURN, 2, automatic.END_OF_TURN),
        (None, automatic.TURN_START, 3, automatic.TURN_START),
    ]
    undone = replay(world, SEED, ACTIONS[:-1])
    assert undone.log == state.log[:last]
    undone.apply(ACTIONS[-1])
    assert undone == state


FOUNDING_SEED = 0
FOUNDING = [
    *["bid card33", "bid card09", "bid card17", "bid card02"],
    *COLOURS,
    *["mark slot start"] * 4,
    *["start sumerians", "buy spearmen sumer", "buy spearmen akkad", "buy spearmen elam"],
]


def test_7a_2_3_a_new_empire_s_conflict_then_its_capital_then_the_next_marker(world: SevenAgesGame) -> None:
    state: SevenAgesState = world.new_state(FOUNDING_SEED)
    for action in FOUNDING:
        state.apply(action)
    # Sumer's spearmen bought into neutral Elam fight there (one unit a side: no commitment to
    # choose), then the capital is founded in Sumer, the first start area, then the next marker.
    done, fought, founded, revealed = _after(state, "done")
    assert _heads([done, fought, founded, revealed]) == [
        ("player_4", "done", 1, "start"),
        (None, automatic.CONFLICT, 1, "start"),
        (None, automatic.FOUNDING, 1, "start"),
        (None, automatic.MARKERS, 1, "start"),
    ]
    assert done.effects == ()
    assert fought.effects[-3:] == (
        "sumerians loses 1 units",
        "neutral takes a disorder marker",
        "neutral holds elam",
    )
    assert founded.effects == ("sumerians founds its capital in sumer",)
    assert revealed.effects == ("player_1 reveals start on slot",)
    assert replay_log(world, FOUNDING_SEED, state.log) == state


def test_no_automatic_step_names_a_card_in_a_hand_and_every_seat_reads_them_whole(
    world: SevenAgesGame,
) -> None:
    # Hands are private (view.py): a step no player chose is read by every seat as it is, so it
    # must not name a card that a player still holds (the bids it reveals were discarded).
    kinds: set[str] = set()
    for seed in (1, 2):
        state: SevenAgesState = world.new_state(seed)
        bot = RandomBot(seed)
        while not state.is_over():
            before = len(state.log)
            state.apply(bot.choose(state))
            held = {card for player in state.board.players.values() for card in player.hand}
            for entry in state.log[before:]:
                if is_automatic(entry):
                    kinds.add(entry.action)
                    named = {word for effect in entry.effects for word in re.findall(r"\w+", effect)}
                    assert not named & held, (entry.action, entry.effects)
        steps = [entry for entry in state.log if is_automatic(entry) and entry.seq > 0]
        for seat in world.seats:
            seen = {entry.seq: entry for entry in state.log_for(seat)}
            assert all(seen[step.seq] == step for step in steps)
    assert kinds == set(automatic.STEPS)
