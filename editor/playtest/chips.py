"""What the play-test overlay shows per area: small labelled chips computed from a state's view.

Pure data (no graphics items): the overlay draws the chips, the tests read them. What a ruleset's
``view()`` holds is read by its editor part (``editor.rulesets``); this module asks that part for
the view of the seat looking, so hidden information stays hidden, and draws plain owners for a
ruleset whose part draws nothing.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from editor import rulesets
from editor.mapview.chips_item import Chip
from editor.mapview.modes import INDEPENDENT
from editor.rulesets import PictureContext, SeatTable, SideList
from model import colours as palette


@dataclass(frozen=True)
class AreaPicture:
    """How one area looks in play: fill colour, chips, and a tooltip with the whole story."""

    fill: str
    chips: tuple[Chip, ...]
    tip: str


Colours = Mapping[str, str]
"""Empire (and Magnate) id -> ``#rrggbb``."""


def owner_colour(owner: str, colours: Colours) -> str:
    """An owner's colour; a Magnate that appeared in play (not in the setup) gets a stable one."""
    return palette.owner_colour(owner, colours)


def view_for(state: Any, viewer: str | None) -> dict[str, Any]:
    """The engine's view for the seat looking (None: the public view).

    A ruleset with hidden information takes the seat (``view(player)``); one without takes none.
    """
    try:
        parameters = inspect.signature(state.view).parameters
    except (TypeError, ValueError):
        parameters = {}  # type: ignore[assignment]
    return dict(state.view(viewer) if parameters else state.view())


def owner_pictures(
    view: Mapping[str, Any], names: Mapping[str, str], colours: Colours
) -> dict[str, AreaPicture]:
    """Each area of a view in its holder's colour, with no chips: what any ruleset's view gives."""
    pictures: dict[str, AreaPicture] = {}
    for area_id, data in (view.get("areas") or {}).items():
        owner = data.get("owner")
        tip = f"{names.get(area_id, area_id)} ({area_id})\nowner: {owner or 'independent'}"
        pictures[area_id] = AreaPicture(owner_colour(owner, colours) if owner else INDEPENDENT, (), tip)
    return pictures


def pictures_for(ruleset: str, state: Any, context: PictureContext) -> dict[str, AreaPicture]:
    """The area pictures of a state of any ruleset, as ``context.viewer`` may see them.

    Empty for a ruleset without a view; plain owners for one whose editor part draws nothing.
    """
    return pictures_and_owners(ruleset, state, context)[0]


def pictures_and_owners(
    ruleset: str, state: Any, context: PictureContext
) -> tuple[dict[str, AreaPicture], tuple[str, ...]]:
    """:func:`pictures_for` and the owners of the areas in the same view, in map order, each
    once: the powers the map shows now (for the legend), from one view of the seat looking."""
    try:
        view = view_for(state, context.viewer)
    except NotImplementedError:  # the protocol's default: this ruleset draws nothing yet
        return {}, ()
    areas = (view.get("areas") or {}).values()
    owners = tuple(dict.fromkeys(str(data["owner"]) for data in areas if data.get("owner")))
    part = rulesets.get(ruleset)
    if part.pictures is None:
        return owner_pictures(view, context.names, context.colours), owners
    return part.pictures(state, view, context), owners


def npc_rows_for(ruleset: str, view: Mapping[str, Any], context: PictureContext) -> list[dict[str, Any]]:
    """The side panel's rows of powers that are no seat (Magnates, raiders...), if the ruleset has any."""
    part = rulesets.get(ruleset)
    return [] if part.side_rows is None else part.side_rows(view, context)


def side_list_for(ruleset: str) -> SideList:
    """How the ruleset's side rows read: the list's headings, tooltip and marks per kind of row."""
    return rulesets.get(ruleset).side_list


def seat_table_for(ruleset: str) -> SeatTable:
    """How the ruleset's seats table reads: its columns' headings and tooltips."""
    return rulesets.get(ruleset).seat_table
