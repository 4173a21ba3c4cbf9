"""Decision points in words: what a human seat is asked inside another player's turn, and why.

The engine's view names a pending decision by kind with the text of what it concerns (ids, as in
the log: ``pillage calabria from sicily``). A play-tester needs a sentence with names and the
rule; the ruleset's editor part words it (``decision``), and a ruleset without one gets a plain
sentence naming the kind.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from editor import rulesets

_ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")


def with_names(text: str, names: Mapping[str, str]) -> str:
    """Replace every id-like word of an action's or effect's text by the object's name.

    ``pillage calabria from sicily`` -> ``pillage Calabria from Sicily``; punctuation stays
    (``piast_poland defends: pays 3 gold`` -> ``Duchy of Poland defends: pays 3 gold``).
    """
    return _ID.sub(lambda word: names.get(word.group(0), word.group(0)), text)


def describe(ruleset: str, decision: Mapping[str, Any], player: str, names: Mapping[str, str]) -> str:
    """One sentence for a pending decision of any ruleset: who decides, what about, which rule.

    ``decision`` is the view's ``decision_about`` (kind, about, areas); ``player`` the deciding
    player's name; ``names`` maps ids to names.
    """
    part = rulesets.get(ruleset)
    if part.decision is not None:
        return part.decision(decision, player, names)
    return plain(decision, player, names)


def plain(decision: Mapping[str, Any], player: str, names: Mapping[str, str]) -> str:
    """The sentence for a decision kind nobody worded: "France must decide (omen) about “x”."."""
    kind = str(decision.get("kind", "")).replace("-", " ").replace("_", " ")  # an id, in words
    about = with_names(str(decision.get("about") or ""), names)
    return f"{player} must decide ({kind}) about “{about}”."
