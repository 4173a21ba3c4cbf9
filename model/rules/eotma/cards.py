"""Year cards as data, and their result notation (facts sheet 1.4, 11.2, 12.3, 14.2, 15.2).

A result is written ``CODE``, ``CODE(#>)`` (applies when the effectiveness rating is at least #)
or ``CODE(<#)`` (applies when it is at most #). Codes: ``C`` conquest, ``G`` gold, ``T`` tie,
``T/C`` conquest at the threshold else a tie, ``F`` fortification, ``+1`` and ``-1`` social state.
Each endeavour's results sit in columns: ``result`` (the endeavour's own result), ``target`` and
``base`` (social-state changes of those areas).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

KINDS = ("conquest", "pillage", "diplomacy", "fortify", "rule")
COLUMNS = ("result", "target", "base")
CODES = ("C", "G", "T", "T/C", "F", "+1", "-1")

_NOTATION = re.compile(r"^(T/C|C|G|T|F|\+1|-1)(?:\((-?\d+)\s*>\)|\(<\s*(-?\d+)\))?$")


class CardError(ValueError):
    """A year card (or its notation) that the engine cannot read."""


@dataclass(frozen=True, slots=True)
class Result:
    """One printed result: its code, column and threshold (``at_least`` / ``at_most``)."""

    code: str
    column: str
    at_least: int | None = None
    at_most: int | None = None

    def applies(self, rating: int) -> bool:
        """Return whether the threshold holds for this effectiveness rating (a bare result always does)."""
        if self.at_least is not None:
            return rating >= self.at_least
        if self.at_most is not None:
            return rating <= self.at_most
        return True

    def is_good_for_actor(self, kind: str) -> bool:
        """Return whether the result helps the acting player (13.22 ignores those below zero).

        Everything helps except a -1 on the actor's own area: the base of a foreign endeavour
        or the target of a domestic one.
        """
        if self.code != "-1":
            return True
        return self.column == "target" and kind in ("conquest", "pillage")

    def __str__(self) -> str:
        if self.at_least is not None:
            return f"{self.code}({self.at_least}>)"
        if self.at_most is not None:
            return f"{self.code}(<{self.at_most})"
        return self.code


def parse_result(text: str, column: str = "result") -> Result:
    """Parse one result in card notation, e.g. ``C(5>)``, ``-1(<0)``, ``G``."""
    match = _NOTATION.match(text.replace(" ", ""))
    if not match:
        raise CardError(f"cannot read card result {text!r}: expected a code of {CODES} with (#>) or (<#)")
    code, ge, le = match.groups()
    return Result(code, column, int(ge) if ge is not None else None, int(le) if le is not None else None)


@dataclass(frozen=True, slots=True)
class YearCard:
    """One year card: results per endeavour kind and the stature range that calls a check."""

    id: int
    results: dict[str, tuple[Result, ...]]
    check_low: int | None = None
    check_high: int | None = None

    def calls_check(self, stature: int) -> bool:
        """Return whether the card calls a stature check for a leader of this stature (13.23)."""
        if self.check_low is None or self.check_high is None:
            return False
        return self.check_low <= stature <= self.check_high

    def for_kind(self, kind: str) -> tuple[Result, ...]:
        """Return the results printed for an endeavour kind (empty when blank)."""
        return self.results.get(kind, ())

    def in_order(self, kind: str, rating: int, blocked: bool) -> Iterator[Result]:
        """Yield the results of an endeavour of ``kind`` that hold at ``rating``, column by column:
        the target's, the result's, then the base's; with ``blocked``, none that helps the actor
        (13.22)."""
        for column in ("target", "result", "base"):
            for result in self.for_kind(kind):
                if result.column != column or not result.applies(rating):
                    continue
                if blocked and result.is_good_for_actor(kind):
                    continue
                yield result


def parse_card(data: dict[str, Any]) -> YearCard:
    """Build a card from its table entry (see resources/rulesets/eotma/year_cards.json)."""
    try:
        card_id = int(data["id"])
    except (KeyError, TypeError, ValueError):
        raise CardError(f"year card without a numeric id: {data!r}") from None
    results: dict[str, tuple[Result, ...]] = {}
    for kind in KINDS:
        columns = data.get(kind) or {}
        if not isinstance(columns, dict):
            raise CardError(f"year card {card_id}: {kind} must map columns to result lists")
        parsed: list[Result] = []
        for column, texts in columns.items():
            if column not in COLUMNS:
                raise CardError(f"year card {card_id}: unknown column {column!r} in {kind}")
            if isinstance(texts, str):
                texts = texts.split()
            parsed.extend(parse_result(text, column) for text in texts)
        results[kind] = tuple(parsed)
    check = data.get("stature_check")
    low: int | None
    high: int | None
    if check is None:
        low = high = None
    elif check == "any":
        low, high = 0, 99
    elif isinstance(check, list) and len(check) == 2:
        low, high = int(check[0]), int(check[1])
    else:
        raise CardError(
            f"year card {card_id}: stature_check must be null, 'any' or [low, high], not {check!r}"
        )
    return YearCard(card_id, results, low, high)
