"""Seasons: Turns, Battles, Resources: what a turn does by itself once every nation has planned (the
reveal, pillage, the moves, the battles, the turn's end and the next turn's start) is logged as
automatic entries of their own after the action that set it off, never as that nation's doing
(these used to be effects of that action: the last nation's ``done`` carried the whole turn).

Played on the shipped Four Isles scenario with the first two turns of a heuristic-bot game (seed 0):
a battle in Stavely closes the first turn, three battles and a casualty choice the second.
"""

from __future__ import annotations

import re

from model.bots.base import RandomBot
from model.rules.protocol import LogEntry, is_automatic, replay, replay_log
from model.rules.seasons import automatic
from model.rules.seasons.game import SeasonsGame
from model.rules.seasons.state import SeasonsState

SEED = 0
TURN_1 = [
    "move fennick oldstone vellmark_4",
    "move harrowmere caldwick vellmark_2,vellmark_3",
    "move harrowmere caldwick vellmark_1",
    "done",
    "build tower thistlebrook",
    "buy infantry dunhollow",
    "move dunhollow ashfell ostrand_2,ostrand_3",
    "move dunhollow ashfell ostrand_1",
    "move marrow stavely ostrand_4",
    "done",
    "build tower tamsin",
    "buy infantry southfold",
    "move pellam rookby suderland_4",
    "move southfold lowmarsh suderland_2,suderland_3",
    "move southfold lowmarsh suderland_1",
    "done",
    "move farpoint kestle kessary_2,kessary_3",
    "move farpoint kestle kessary_1",
    "move sallow stavely kessary_4",
    "done",
]
TURN_2 = [
    "buy infantry dunhollow",
    "buy infantry dunhollow",
    "move ashfell brenmoor ostrand_2,ostrand_3",
    "move ashfell brenmoor ostrand_1",
    "move dunhollow ashfell ostrand_6",
    "move stavely heartland ostrand_4",
    "done",
    "buy infantry southfold",
    "buy cavalry southfold",
    "move lowmarsh wyndham suderland_2,suderland_3",
    "move lowmarsh wyndham suderland_1",
    "move rookby heartland suderland_4",
    "move southfold lowmarsh suderland_7",
    "done",
    "buy cavalry farpoint",
    "buy infantry farpoint",
    "move kestle verrow kessary_2,kessary_3",
    "move kestle verrow kessary_1",
    "done",
    "buy infantry harrowmere",
    "buy cavalry harrowmere",
    "move caldwick brenmoor vellmark_2,vellmark_3",
    "move caldwick brenmoor vellmark_1",
    "move oldstone heartland vellmark_4",
    "done",
]


def _played(game: SeasonsGame, actions: list[str]) -> SeasonsState:
    state: SeasonsState = game.new_state(SEED)
    for action in actions:
        state.apply(action)
    return state


def _heads(entries: list[LogEntry]) -> list[tuple[object, ...]]:
    return [(e.player, e.action, e.round, e.phase) for e in entries]


def test_turns_the_last_done_sets_off_the_reveal_moves_battle_and_next_turn_each_logged_apart(
    isles: SeasonsGame,
) -> None:
    state = _played(isles, TURN_1[:-1])
    before = len(state.log)
    entry = state.apply("done")
    new = state.log[before:]
    assert new[0] is entry and [e.seq for e in new] == list(range(before, before + 6))
    assert _heads([entry]) == [("kessary", "done", 1, "spring plan")]
    # Kessary's own doing: its leftover resources into supply; the battle's dice are the battle's.
    assert entry.effects == ("kessary puts 6 into supply",)
    assert _heads(new[1:]) == [
        (None, automatic.REVEAL, 1, "spring reveal"),
        (None, automatic.MOVES, 1, "spring moves"),
        (None, automatic.BATTLES, 1, "spring battles"),
        (None, automatic.TURN_END, 1, "spring turn-end"),
        (None, automatic.TURN_START, 2, "summer turn-start"),
    ]
    reveal, moves, battles, end, start = new[1:]
    assert reveal.effects == (
        "reveal",
        "ostrand builds a tower in thistlebrook",
        "ostrand places infantry ostrand_6 in dunhollow",
        "suderland builds a tower in tamsin",
        "suderland places infantry suderland_7 in southfold",
    )
    assert moves.effects[0] == "vellmark moves vellmark_4 from fennick to oldstone"
    assert moves.effects[-1] == "kessary moves kessary_4 from sallow to stavely" and len(moves.effects) == 12
    assert battles.effects == (
        "battle in stavely: ostrand vs kessary",
        "stavely: ostrand: 1d4 4=4",
        "stavely: kessary: 1d4 1=1",
        "ostrand: might 1 + d4 4 = 5",
        "kessary: might 1 + d4 1 = 2",
        "ostrand wins",
        "kessary takes 4 casualties",
        "kessary_4 lost",
        "ostrand takes stavely",
    )
    assert end.effects == (
        "vellmark takes oldstone",
        "suderland takes rookby",
        "vellmark will collect 10",
        "ostrand will collect 10",
        "suderland will collect 10",
        "kessary will collect 8",
    )
    assert start.effects == (
        "turn 2: summer",
        "vellmark receives 10",
        "ostrand receives 10",
        "suderland receives 10",
        "kessary receives 8",
    )
    # No pillage token this turn: a step that does nothing gets no entry.
    assert automatic.PILLAGE not in [e.action for e in new]


def test_battles_a_casualty_choice_is_the_nation_s_and_the_battles_after_it_are_the_rules(
    isles: SeasonsGame,
) -> None:
    state = _played(isles, TURN_1 + TURN_2)
    # Vellmark's done revealed the turn; the Brenmoor battle waits for Ostrand's casualty choice.
    assert state.board.phase == "casualties" and state.current_player() == "ostrand"
    assert _heads(state.log[-4:]) == [
        ("vellmark", "done", 2, "summer plan"),
        (None, automatic.REVEAL, 2, "summer reveal"),
        (None, automatic.MOVES, 2, "summer moves"),
        (None, automatic.BATTLES, 2, "summer battles"),
    ]
    before = len(state.log)
    entry = state.apply("casualty ostrand_3")
    chosen, battles, end, start = state.log[before:]
    assert chosen is entry and _heads([entry]) == [("ostrand", "casualty ostrand_3", 2, "summer casualties")]
    assert entry.effects == ("ostrand_3 holds",)
    assert _heads([battles, end, start]) == [
        (None, automatic.BATTLES, 2, "summer battles"),
        (None, automatic.TURN_END, 2, "summer turn-end"),
        (None, automatic.TURN_START, 3, "autumn turn-start"),
    ]
    assert battles.effects == (
        "ostrand takes brenmoor",
        "battle in heartland: vellmark vs ostrand vs suderland",
        "heartland: vellmark: 1d4 4=4",
        "heartland: ostrand: 1d4 3=3",
        "heartland: suderland: 1d4 2=2",
        "vellmark: might 1 + d4 4 = 5",
        "ostrand: might 1 + d4 3 = 4",
        "suderland: might 1 + d4 2 = 3",
        "vellmark wins",
        "ostrand takes 2 casualties",
        "suderland takes 3 casualties",
        "ostrand_4 lost",
        "suderland_4 lost",
        "vellmark takes heartland",
    )
    assert end.effects[:2] == ("kessary takes verrow", "suderland takes wyndham")
    assert start.effects[0] == "turn 3: autumn"


def test_turns_replay_undo_and_hidden_treasuries_with_the_automatic_entries(isles: SeasonsGame) -> None:
    actions = TURN_1 + TURN_2 + ["casualty ostrand_3"]
    state = _played(isles, actions)
    assert [e.action for e in state.log if not is_automatic(e)] == actions
    assert replay_log(isles, SEED, state.log) == state
    # Undoing the last action takes back the automatic entries it set off with it.
    last = max(i for i, e in enumerate(state.log) if not is_automatic(e))
    undone = replay(isles, SEED, actions[:-1])
    assert undone.log == state.log[:last]
    undone.apply(actions[-1])
    assert undone == state
    # Seasons: Resources: the other nations' income stays hidden in an automatic entry too.
    end = next(e for e in state.log if e.action == automatic.TURN_END)
    seen = next(e for e in state.log_for("vellmark") if e.seq == end.seq)
    assert seen.player is None and seen.effects == (
        "vellmark takes oldstone",
        "suderland takes rookby",
        "vellmark will collect 10",
    )


# Every effect of the Seasons rules that tells a nation's treasury (Seasons: Resources).
PRIVATE_FIGURE = re.compile(
    r"^(\S+) (puts -?\d+ into supply|pays -?\d+ from supply|receives -?\d+|will collect -?\d+|"
    r"gains -?\d+ for \d+ captured units|cannot pay -?\d+|owes -?\d+ with supply)"
)
PLACED = re.compile(r"^(\S+) places (.*) in \S+$")
KINDS = ("infantry", "cavalry", "war_boat", "siege")


def test_every_automatic_step_hides_other_nations_treasuries_and_unit_kinds(isles: SeasonsGame) -> None:
    # Seasons: Units, Resources: the steps no nation chose are read by every seat (no one's doing,
    # so none is face down), but each through the same filter as an action's effects.
    for seed in (11, 12):
        state: SeasonsState = isles.new_state(seed)
        bot = RandomBot(seed)
        while not state.is_over():
            state.apply(bot.choose(state))
        steps = [entry for entry in state.log if is_automatic(entry) and entry.seq > 0]
        assert {entry.action for entry in steps} == set(automatic.STEPS)
        private = [e for entry in steps for e in entry.effects if PRIVATE_FIGURE.match(e)]
        kinds = [e for entry in steps for e in entry.effects if (m := PLACED.match(e)) and m[2] != "a unit"]
        assert private and kinds  # the author reads them: the filter below has work to do
        for seat in isles.nations:
            seen = {entry.seq: entry for entry in state.log_for(seat)}
            for step in steps:
                read = seen[step.seq]
                assert (read.player, read.action, read.phase) == (None, step.action, step.phase)
                for effect in read.effects:
                    figure = PRIVATE_FIGURE.match(effect)
                    assert figure is None or figure[1] == seat, (step.action, effect)
                    placed = PLACED.match(effect)
                    if placed and placed[1] != seat:
                        assert not any(kind in placed[2] for kind in KINDS), (step.action, effect)
                own = [e for e in step.effects if (m := PRIVATE_FIGURE.match(e)) and m[1] == seat]
                assert set(own) <= set(read.effects)  # a nation reads its own figures
