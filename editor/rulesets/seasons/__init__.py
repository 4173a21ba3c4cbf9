"""The editor's part of the Seasons ruleset (``seasons``): play-test pictures drawn from the view of
the seat looking, its order tokens, and the nations' resources in the seats table.

Found by the entry point ``seasons`` of the group ``mappa.editor_rulesets`` (pyproject.toml).
Seasons has no map modes of its own: the shared ones (owner, land and sea, validation...) serve.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from editor.rulesets import EditorRuleset
from editor.rulesets.seasons import orders, pictures


def _resources(state: Any, view: Mapping[str, Any], player: str, looking: str | None) -> Any:
    """A nation's resources for the seats table, as the seat looking may know them.

    Other nations' treasuries stay at their own tables (the engine's ``view(seat)`` hides them):
    a human seat sees its own; the author watching AI seats only sees every one.
    """
    seen = state.to_json() if looking is None else {"board": state.view(looking)}
    nation = seen.get("board", {}).get("nations", {}).get(player) or {}
    return "?" if nation.get("hidden") else nation.get("resources", "")


PART = EditorRuleset(
    id="seasons",
    pictures=pictures.pictures,
    order_marks=orders.seasons_order_marks,
    seat_gold=_resources,
)
"""What the editor registry finds for ``seasons``."""
