"""A human seat's choices: legal actions grouped by what they do, the gold spent picked apart.

``conquest brennland from aldmoor``, ``... +1`` ... ``+5`` are one choice with six gold values;
the panel shows the choice once with a gold box. Pure functions of the legal actions.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from model.rules.protocol import Action

_GOLD = re.compile(r"^(?P<base>.*?)(?: \+(?P<gold>\d+))?$")


@dataclass(frozen=True)
class Choice:
    """One thing the player may do, with the gold amounts allowed (``(0,)`` when no gold is spent)."""

    key: str
    verb: str
    options: tuple[tuple[int, Action], ...]
    areas: tuple[str, ...]
    rule: str

    @property
    def golds(self) -> tuple[int, ...]:
        """The gold amounts on offer, smallest first."""
        return tuple(gold for gold, _ in self.options)

    def action(self, gold: int = 0) -> Action:
        """The action for a gold amount (raise ``KeyError`` when that amount is not legal)."""
        for amount, action in self.options:
            if amount == gold:
                return action
        raise KeyError(f"{self.key}: {gold} gold is not a legal amount; choose one of {self.golds}")

    @property
    def label(self) -> str:
        """The choice as a person reads it: the action text with the verb capitalised."""
        return self.key[:1].upper() + self.key[1:]

    def describe(self, names: Mapping[str, str]) -> str:
        """The label with area and empire ids replaced by their names (``names``: id -> name)."""
        words = [names.get(word, word) for word in self.key.split()]
        text = " ".join(words).replace("-", " ")
        return text[:1].upper() + text[1:]


def _rule(action: Action) -> str:
    """The first line of the action class's docstring (it starts with the rule number)."""
    doc = (type(action).__doc__ or "").strip().splitlines()
    return doc[0] if doc else ""


def group_actions(actions: list[Action]) -> list[Choice]:
    """Group actions that differ only by their ``+N`` gold into one choice each, in legal order."""
    grouped: dict[str, list[tuple[int, Action]]] = {}
    first: dict[str, Action] = {}
    for action in actions:
        match = _GOLD.match(str(action))
        assert match is not None  # the pattern matches every string
        key = match.group("base")
        gold = int(match.group("gold") or 0)
        grouped.setdefault(key, []).append((gold, action))
        first.setdefault(key, action)
    return [
        Choice(
            key,
            first[key].VERB,
            tuple(sorted(options, key=lambda item: item[0])),
            tuple(first[key].areas()),
            _rule(first[key]),
        )
        for key, options in grouped.items()
    ]


def choices_for_area(choices: list[Choice], area_id: str | None) -> list[Choice]:
    """The choices that concern an area (its target or base); all area-free ones when None."""
    if area_id is None:
        return [c for c in choices if not c.areas]
    return [c for c in choices if area_id in c.areas]
