"""24 (facts sheet 1.3 steps 2-3, 7.2, 7.3): the raiders' and Magnates' attacks at a round's start
are logged as their own automatic entries, never as effects of the action that ended the round or
answered the last attack (a play-test once read "Kievan Russia: Kent: social state 0 -> -1").

Played on the shipped 976 scenario (raiders and Magnates on), declining every defence and ending
every turn at once, to the end of the first round, then through the raids of the second.
"""

from __future__ import annotations

import re
from pathlib import Path

from model import io
from model.rules.eotma.game import build_game
from model.rules.eotma.state import EotmaState
from model.rules.protocol import is_automatic

SCENARIO = Path(__file__).resolve().parents[3] / "scenarios" / "medieval-europe-976.mappa.json"
SEED = 3

_ATTACK = re.compile(r"^(?P<raider>\w+) attack (?P<area>\w+): card (?P<card>\d+), rating (?P<rating>-?\d+)$")
_LEVEL = re.compile(r"^(?P<area>\w+): social state (?P<before>-?\d+) -> (?P<after>-?\d+)$")


def _to_the_round_end() -> tuple[EotmaState, int]:
    """Return the state just before the first round's last action, and the log's length then."""
    state = build_game(io.load(SCENARIO)).new_state(SEED)
    while True:
        legal = [str(a) for a in state.legal_actions()]
        action = "decline" if "decline" in legal else "end-turn" if "end-turn" in legal else legal[0]
        ahead = state.clone()
        ahead.apply(action)
        if ahead.round == 1:
            return state, len(state.log)
        state.apply(action)


def _stature(state: EotmaState, raider: str) -> int:
    """The raider's stature in this round's year (the raiders table, facts sheet 7.2)."""
    year = state.game.year(state.round)
    row = next(r for r in state.game.rules.raiders if r["name"] == raider)
    return int(next(stature for until, stature in row["stature"] if year <= until))


def test_24_the_round_end_logs_the_new_round_and_the_raiders_apart_from_the_last_turn() -> None:
    state, before = _to_the_round_end()
    ender = state.current_player()
    assert ender == "kievan_rus" and state.phase == "turn"
    entry = state.apply("end-turn")
    new = state.log[before:]
    assert new[0] is entry and (entry.player, entry.action, entry.round) == (ender, "end-turn", 0)
    assert entry.effects == ()  # Kiev's end of turn did nothing itself
    start, raiders = new[1:]
    assert (start.player, start.action, start.round, start.phase) == (None, "round-start", 1, "round-start")
    assert start.effects == ("round 2 (981)",)
    # 24, facts sheet 7.2: the raiders pick their richest targets, ties by die rolls: their rolls
    assert (raiders.player, raiders.action, raiders.round, raiders.phase) == (None, "raiders", 1, "raiders")
    rolls = [re.match(r"^(Vikings|Saracens) target: \w+: 1d6 ", e) for e in raiders.effects]
    assert rolls and all(rolls)
    assert [e.seq for e in new] == list(range(before, before + 3))
    # the first raid waits for Kiev's answer (13.0)
    assert state.view()["decision"] == "npc-defense" and state.current_player() == "kievan_rus"


def test_24_raids_after_a_defence_are_the_raiders_entry_with_the_real_values() -> None:
    state, _before = _to_the_round_end()
    state.apply("end-turn")
    kent = state.game.board.index["kent"]
    level, fort, population = state.ss[kent], state.fort[kent], state.game.board.population[kent]
    deck = list(state.undealt)
    before = len(state.log)
    defence = state.apply("defend +1")
    new = state.log[before:]
    # Kiev's entry: its defence and the answered raid on Kiev (and what it did to Kiev's leader)
    assert new[0] is defence and defence.player == "kievan_rus"
    assert defence.effects[0].startswith("kievan_rus defends: pays 2 gold, card ")
    assert f"Vikings attack kiev: card {deck[0]}, rating -1" in defence.effects
    assert not any("kent" in e for e in defence.effects)
    # the next raid, on independent Kent, is nobody's answer: the raiders' own entry
    (raid,) = new[1:]
    assert (raid.player, raid.action, raid.round, raid.phase) == (None, "raiders", 1, "raiders")
    rating = _stature(state, "Vikings") + population - level - fort  # 24: the base counts 0
    assert rating == 6
    assert raid.effects == (
        f"Vikings attack kent: card {deck[1]}, rating {rating}",
        f"kent: social state {level} -> {level - 1}",
    )
    assert state.ss[kent] == level - 1 and state.owner[kent] == -1


def test_24_no_raid_or_magnate_result_is_logged_as_another_player_s_doing() -> None:
    state, before = _to_the_round_end()
    state.apply("end-turn")
    while state.phase == "raiders":
        state.apply("decline")
    ids = state.game.board.ids
    attacked: list[str] = []
    for entry in state.log[before:]:
        for effect in entry.effects:
            attack = _ATTACK.match(effect)
            level = _LEVEL.match(effect)
            area = attack["area"] if attack else level["area"] if level else None
            if area is None:
                continue
            attacked.append(area)
            if is_automatic(entry):
                assert entry.action in ("raiders", "magnates"), entry
            else:  # only the owner answering the attack on its own area (13.0)
                owner = state.owner_name(state.owner[state.game.board.index[area]])
                assert entry.action == "decline" and entry.player == owner, entry
    assert {a for a in attacked if a in ids} >= {"kent", "kiev"}
    kinds = [e.action for e in state.log[before:] if is_automatic(e)]
    assert kinds[:2] == ["round-start", "raiders"] and kinds[-2:] == ["magnates", "initiative"]
    assert state.log[-1].effects[0].startswith("initiative ranking: ")
