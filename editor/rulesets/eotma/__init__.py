"""The editor's part of Empires of the Middle Ages (``eotma``): paint fields, play-test pictures,
the Magnates and raiders rows, seat treasuries, decision sentences, table columns and the catalogs
a new map starts with.

Its map modes need no Qt and live in the model (``model.rules.eotma.mapmodes``, named by the
ruleset's spec). Found by the entry point ``eotma`` of the group ``mappa.editor_rulesets``
(pyproject.toml).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from editor.rulesets import EditorRuleset
from editor.rulesets.eotma import catalogs, decisions, paint, pictures, tables


def _treasury(state: Any, view: Mapping[str, Any], player: str, looking: str | None) -> Any:
    """An empire's gold, as the public view shows it (EotMA treasuries are open)."""
    return (view.get("empires", {}).get(player) or {}).get("treasury", "")


PART = EditorRuleset(
    id="eotma",
    paint_fields=paint.PAINT_FIELDS,
    pictures=pictures.pictures,
    side_rows=pictures.side_rows,
    seat_gold=_treasury,
    first_round=1,  # the engine counts rounds from 0; the rules (and the play-tester) from 1
    decision=decisions.describe,
    table_columns=tables.TABLE_COLUMNS,
    new_catalogs=catalogs.medieval_catalogs,
)
"""What the editor registry finds for ``eotma``."""
