"""The shared tail of the heuristic bots' shortlists (model/rules/ranking.py)."""

from __future__ import annotations

from dataclasses import dataclass

from model.rules.ranking import first_distinct


@dataclass(frozen=True)
class _Move:
    """A stand-in action: the protocol only needs its text."""

    text: str

    def __str__(self) -> str:
        return self.text


def test_keeps_order_drops_repeats_and_refused_and_stops_at_k() -> None:
    ranked = [_Move(t) for t in ("attack", "attack", "tax", "pass", "build", "trade")]
    refused = {"tax": "no gold"}

    found = first_distinct(ranked, 3, lambda move: refused.get(str(move)))

    assert [str(move) for move in found] == ["attack", "pass", "build"]


def test_takes_no_more_than_it_needs() -> None:
    asked: list[str] = []

    def refused(move: object) -> None:
        asked.append(str(move))

    assert first_distinct((_Move(t) for t in "abcdef"), 2, refused) == [_Move("a"), _Move("b")]
    assert asked == ["a", "b"]
    assert first_distinct([_Move("a")], 0) == []
