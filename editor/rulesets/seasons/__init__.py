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


def _resources(state: Any, view: Mapping[str, Any], player: str) -> Any:
    """A nation's resources for the seats table.

    The views hide other nations' treasuries; the seats table is the
    play-tester's own overview of the whole game, so it reads the full state, as it always has.
    """
    nations = state.to_json().get("board", {}).get("nations", {})
    return (nations.get(player) or {}).get("resources", "")


PART = EditorRuleset(
    id="seasons",
    pictures=pictures.pictures,
    order_marks=orders.seasons_order_marks,
    seat_gold=_resources,
)
"""What the editor registry finds for ``seasons``."""
