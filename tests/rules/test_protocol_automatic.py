"""Automatic steps (``State.begin_automatic``): what an action sets off that nobody chose is logged
after it as entries of their own, named after what did it, and replays skip them."""

from __future__ import annotations

import pytest

from model.rules.protocol import Action, is_automatic, replay, replay_log
from tests.rules.test_protocol import RaceGame, RaceState


class TollState(RaceState):
    """The race with a toll: each action's end, a bank pays the mover a die (an automatic step of
    its own), and once a total passes 12 a referee says so. ``interleave`` writes the effects into
    the rng's trace (rolls among them, as EotMA does); otherwise rolls come first."""

    interleave = True

    def _apply(self, action: Action) -> list[str]:
        effects = self.rng.trace if self.interleave else []
        mover = self.turn
        super()._apply(action)
        effects.append(f"{'ab'[mover]} moves")
        self.begin_automatic("referee", effects)  # logs nothing yet: no entry
        self.begin_automatic("bank", effects, phase="toll")
        self.totals[mover] += self.rng.roll(1, "toll")
        effects.append(f"bank pays {'ab'[mover]}")
        self.begin_automatic("bank", effects, phase="toll")  # the same step goes on
        effects.append("bank closes")
        self.begin_automatic("referee", effects)
        if self.totals[mover] > 12:
            effects.append(f"{'ab'[mover]} is out")
        return effects


class TollGame(RaceGame):
    def new_state(self, seed: int) -> TollState:
        return TollState(self, seed)


def test_an_automatic_step_is_logged_after_the_action_with_its_rolls() -> None:
    state = TollState(TollGame(), 5)
    state.rng.force(1, 2, 6)
    entry = state.apply("add 2")
    assert state.log[0] is entry and (entry.player, entry.action) == ("a", "add 2")
    assert entry.effects == ("race: 2d6 1+2=3", "a moves")
    bank = state.log[1]
    assert (bank.seq, bank.round, bank.phase, bank.player, bank.action) == (1, 0, "toll", None, "bank")
    assert bank.effects == ("toll: 1d6 6=6", "bank pays a", "bank closes")
    assert is_automatic(bank) and not is_automatic(entry)
    assert len(state.log) == 2  # the referee said nothing: no entry
    state.apply("stop")
    state.rng.force(6, 6)
    entry = state.apply("add 1")
    referee = state.log[-1]
    assert state.totals[0] > 12 and entry.player == "a"
    assert (referee.player, referee.action, referee.phase) == (None, "referee", "play")
    assert referee.effects == ("a is out",)


def test_rolls_kept_apart_from_the_effects_stay_with_the_action() -> None:
    state = TollState(TollGame(), 5)
    state.interleave = False
    state.rng.force(3, 4, 6)
    entry = state.apply("add 2")
    assert entry.effects == ("race: 2d6 3+4=7", "toll: 1d6 6=6", "a moves")
    assert state.log[1].effects == ("bank pays a", "bank closes")


def test_marks_outside_an_action_are_ignored_and_replays_skip_automatic_entries() -> None:
    game = TollGame()
    state = game.new_state(9)
    state.begin_automatic("bank", [])
    with pytest.raises(ValueError, match="needs a name"):
        state.begin_automatic(" ", [])
    for text in ["add 2", "add 1", "stop", "add 1", "stop"]:
        state.apply(text)
    assert len(state.log) > 5 and sum(not is_automatic(e) for e in state.log) == 5
    assert [e.seq for e in state.log] == list(range(len(state.log)))
    assert replay_log(game, 9, state.log) == state
    assert replay(game, 9, [e.action for e in state.log if not is_automatic(e)]) == state


class FailingTollState(TollState):
    """The toll, whose bank fails after it began its step: an engine error inside ``_apply``."""

    def _apply(self, action: Action) -> list[str]:
        effects = self.rng.trace
        self.begin_automatic("bank", effects, phase="toll")
        effects.append("bank opens")
        raise RuntimeError("the bank is shut")


def test_an_action_that_fails_midway_leaves_no_step_marked_behind() -> None:
    state = FailingTollState(TollGame(), 5)
    with pytest.raises(RuntimeError, match="the bank is shut"):
        state.apply("add 2")
    assert state._automatic_steps is None and state.log == []
    state.begin_automatic("bank", [])  # outside an action again: ignored, no entry
    assert state._automatic_steps is None and state.log == []
