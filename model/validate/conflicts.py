"""The conflicts a merge of two authors' versions left in the file (``Scenario.conflicts``).

``mappa merge`` keeps one side of each change it cannot settle and records the other side in the
file; listing each record as an issue puts it in ``mappa validate`` and the editor's Issues dock,
where clicking it selects the objects it concerns.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from model.issues import Issue
from model.validate.codes import issue
from model.validate.context import Context


def _shown(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= 80 else text[:77] + "..."


def merge_conflicts(context: Context) -> Iterator[Issue]:
    """One ``MERGE_CONFLICT`` issue per recorded conflict, saying what each side wanted."""
    for index, conflict in enumerate(context.scenario.conflicts):
        yield issue(
            "MERGE_CONFLICT",
            f"merge conflict at {conflict.path}: {conflict.message} (kept ours: {_shown(conflict.ours)}; "
            f"theirs: {_shown(conflict.theirs)}; base: {_shown(conflict.base)})",
            ids=conflict.ids,
            path=f"conflicts[{index}]",
        )
