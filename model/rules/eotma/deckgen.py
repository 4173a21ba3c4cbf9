"""Generates the HOUSE DEFAULT year-card deck (facts sheet 1.4): 56 cards from a fixed seed.

The real deck is not available; this one follows the facts sheet's generation guidance
(triangular thresholds, ~15% blank fields, ~1/3 stature checks). Run
``python -m model.rules.eotma.deckgen > resources/rulesets/eotma/year_cards.json`` to rebuild it;
an author replaces the file (or the scenario's ``year_cards`` table) with the real cards.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

SEED = 1980
CARDS = 56


def _tri(rng: random.Random, low: int, high: int, mode: float) -> int:
    return round(rng.triangular(low, high, mode))


def _maybe(rng: random.Random, text: str, blank: float = 0.15) -> list[str]:
    return [] if rng.random() < blank else [text]


def generate(seed: int = SEED, count: int = CARDS) -> list[dict[str, Any]]:
    """Return ``count`` cards in the notation of ``model.rules.eotma.cards``."""
    rng = random.Random(seed)
    cards: list[dict[str, Any]] = []
    for number in range(1, count + 1):
        conquest_c = _tri(rng, 2, 9, 5)
        conquest: dict[str, list[str]] = {
            "result": _maybe(rng, f"C({conquest_c}>)"),
            "target": _maybe(rng, f"-1({conquest_c + 2}>)", 0.7),
            "base": _maybe(rng, f"-1(<{_tri(rng, -2, 2, 0)})"),
        }
        gold = "G" if rng.random() < 1 / 3 else f"G({_tri(rng, 4, 7, 5)}>)"
        pillage = {
            "result": _maybe(rng, gold),
            "target": _maybe(rng, f"-1({_tri(rng, 0, 5, 2)}>)"),
            "base": _maybe(rng, f"-1(<{_tri(rng, -2, 2, 0)})"),
        }
        if rng.random() < 1 / 6:
            diplomacy = {"result": [f"T/C({_tri(rng, 5, 10, 8)}>)"]}
        else:
            diplomacy = {
                "result": _maybe(rng, f"T({_tri(rng, 1, 6, 3)}>)") + _maybe(rng, f"C({_tri(rng, 7, 12, 9)}>)")
            }
        fortify = {
            "result": _maybe(rng, f"F({_tri(rng, 1, 6, 3)}>)"),
            "target": _maybe(rng, f"-1(<{_tri(rng, -1, 1, 0)})"),
        }
        rule = {
            "target": _maybe(rng, f"+1({_tri(rng, 2, 7, 4)}>)") + _maybe(rng, f"-1(<{_tri(rng, -1, 1, 0)})")
        }
        card: dict[str, Any] = {
            "id": number,
            "conquest": conquest,
            "pillage": pillage,
            "diplomacy": diplomacy,
            "fortify": fortify,
            "rule": rule,
            "stature_check": None,
        }
        if rng.random() < 1 / 3:
            kind = rng.random()
            if kind < 0.2:
                card["stature_check"] = "any"
            elif kind < 0.6:
                low = rng.randint(1, 3)
                card["stature_check"] = [low, low + 1]
            else:
                low = rng.randint(6, 8)
                card["stature_check"] = [low, 9]
        cards.append(card)
    return cards


def main() -> None:
    """Write the deck table (with its house-default marker) to standard output."""
    cards = generate()
    table: dict[str, Any] = {
        "house_default": True,
        "note": (
            "Year cards (facts sheet 1.4): 56 generated cards (model/rules/eotma/deckgen.py, seed "
            f"{SEED}) until the real deck is transcribed. Results use the card notation: C, G, F, T, "
            "T/C, +1, -1, with (#>) meaning a rating of at least # and (<#) at most #. Columns: "
            "result, target, base. stature_check: null, 'any' or [low, high] stature range."
        ),
    }
    # One card per line keeps the file short and its diffs readable.
    head = json.dumps(table, indent=1)[:-2]
    lines = ",\n".join("  " + json.dumps(card) for card in cards)
    sys.stdout.write(f'{head},\n "cards": [\n{lines}\n ]\n}}\n')


if __name__ == "__main__":
    main()
