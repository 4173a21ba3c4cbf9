"""Selection ids of adjacencies (edges of the map graph): ``adjacency:A|B``, the two area ids sorted.

Area ids never hold ``:`` or ``|``, so such an id cannot clash with an object of the scenario; the
map, the inspector and the status bar share the one ``Selection`` of ids (``editor.selection``).
"""

from __future__ import annotations

PREFIX = "adjacency:"


def edge_id(a: str, b: str) -> str:
    """The selection id of the adjacency between two areas (in either order)."""
    first, second = sorted((a, b))
    return f"{PREFIX}{first}|{second}"


def parse_edge_id(item_id: str) -> tuple[str, str] | None:
    """The two area ids of an adjacency's selection id, or None when the id is not one."""
    if not item_id.startswith(PREFIX):
        return None
    first, sep, second = item_id[len(PREFIX) :].partition("|")
    return (first, second) if sep and first and second else None
