"""The EotMA actions as a table (``moves.MOVES``, ``moves.DECISIONS``): every class once, every
decision kind answered, every entry citing its rules."""

from __future__ import annotations

import re

from model.rules.eotma.actions import CODEC, Endeavour
from model.rules.eotma.decisions import DecisionKind
from model.rules.eotma.moves import DECISIONS, MOVES, STEPS, move_of


def test_every_action_class_is_registered_once() -> None:
    registered = [move.cls for move in MOVES]
    assert len(registered) == len(set(registered))
    for cls in CODEC.classes.values():
        move = move_of(cls)
        assert move.cls is cls or (move.cls is Endeavour and issubclass(cls, Endeavour)), cls


def test_every_entry_cites_rule_numbers() -> None:
    for move in MOVES:
        assert re.search(r"\d+(\.\d+)?", move.rules), move.cls
    for decision in DECISIONS.values():
        assert re.search(r"\d+(\.\d+)?", decision.rules), decision.kind


def test_every_decision_kind_has_its_answers() -> None:
    assert set(DECISIONS) == set(DecisionKind)
    for kind, decision in DECISIONS.items():
        assert decision.kind is kind and decision.accepts
        for cls in decision.accepts:
            assert move_of(cls).answer is not None, (kind, cls)


def test_each_move_is_checked_where_it_is_taken() -> None:
    for move in MOVES:
        assert set(move.listed_in) <= set(STEPS), move.cls
        if move.when == "decision":
            assert move.answer is not None and move.problem is None, move.cls
        else:
            assert move.problem is not None, move.cls


def test_an_action_of_another_ruleset_is_refused_with_a_reason() -> None:
    from dataclasses import dataclass
    from typing import ClassVar

    import pytest
    from eotma_helpers import start

    from model.rules.protocol import Action, IllegalActionError

    @dataclass(frozen=True)
    class Fly(Action):
        VERB: ClassVar[str] = "fly"

    state = start()
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="'fly' is no action of this game"):
        state.apply(Fly())
    assert state.to_json() == before
