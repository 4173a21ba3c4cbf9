"""The editor's part of 7 Ages with Emissaries & Neutrals (``sevenages``): paint fields, play-test
pictures with face-down neutral stacks, the players' rows, treasuries and the seats table's columns,
the names of unit types and empire cards, decision sentences and the Tables panel's columns.

Its map modes need no Qt and live in the model (``model.rules.sevenages.mapmodes``, named by the
ruleset's spec), and so do its decision sentences: the view's ``decision_about`` and the wording the
play-test panel asks for (``model.rules.sevenages.decisions.describe``), kept in one place.
Found by the entry point ``sevenages`` of the group ``mappa.editor_rulesets``
(pyproject.toml).
"""

from __future__ import annotations

from editor.rulesets import EditorRuleset
from editor.rulesets.sevenages import names, paint, pictures, players, tables
from model.rules.sevenages import decisions

PART = EditorRuleset(
    id="sevenages",
    paint_fields=paint.PAINT_FIELDS,
    pictures=pictures.pictures,
    side_rows=players.side_rows,
    side_list=players.SIDE_LIST,
    seat_gold=players.seat_gold,
    seat_table=players.SEAT_TABLE,
    names=names.names,
    # The white neutrals are the scenario's one Magnate, named as such ("Neutral peoples").
    magnate_label="",
    decision=decisions.describe,
    table_columns=tables.TABLE_COLUMNS,
)
"""What the editor registry finds for ``sevenages``."""
