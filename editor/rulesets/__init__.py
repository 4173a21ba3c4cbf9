"""The editor's part of each ruleset, found by Python entry points: what a ruleset adds to the editor.

A ruleset is its package under ``model/rules/<id>/`` (schema, checks, engine, bots, capture) plus
one :class:`EditorRuleset` here, built in its own place (``editor/rulesets/<id>/`` for the shipped
ones, any importable module for a ruleset published as its own package). Shared editor code asks
:func:`get` and never names a ruleset; an import-linter contract in pyproject.toml keeps shared
code from importing a ruleset's place.

How a ruleset's editor part is found: an entry point in the group ``mappa.editor_rulesets``, named
after the ruleset id, whose value is ``module:ATTRIBUTE`` (an :class:`EditorRuleset`)::

    [project.entry-points."mappa.editor_rulesets"]
    eotma = "editor.rulesets.eotma:PART"

A test adds one for its own duration with ``with registered(part): ...`` (or :func:`register`
and :func:`unregister`), without touching pyproject.toml.

What an editor part provides (every field optional except ``id``; a ruleset with no editor part
at all still plays and validates, with the shared map modes and plain owner pictures):

- ``map_modes``: map modes that only the editor shows, each a
  :class:`model.rules.mapmodes.MapMode` whose ``rank`` places it among the shared modes of
  View > Map mode (owner 10, land and sea 60, validation 80, changed hands 90, range 100). Modes
  that need no Qt (religion, social state...) belong in the ruleset's model spec
  (``RulesetSpec.map_modes``), so headless rendering has them too.
- ``paint_fields``: map mode id -> the attribute the Paint tool brushes in that mode (the map
  shows what the author paints); attributes without their own mode keep the Paint panel's choice.
- ``pictures``: ``(state, view, context) -> {area id: AreaPicture}``, how areas look in a
  play-test; ``view`` is the engine's ``view()`` *for the seat looking* (``context.viewer``), so
  what that seat may not know never reaches the map. ``context.author`` says whether the author
  watching AI seats looks (who may see everything, e.g. from the whole state), as opposed to
  people sharing the screen in hot seat while an AI acts (``viewer`` None too: the public view).
- ``side_rows``: ``(view, context) -> rows`` for the panel's list of non-player powers
  (Magnates, raiders...); ``side_list`` (a :class:`SideList`) gives that list's column headings,
  its tooltip and the mark each kind of row starts with (by default the Magnates' and raiders').
- ``order_marks``: ``(state, viewer) -> list[OrderMark]`` hidden orders the viewer may see.
- ``seat_gold``: ``(state, view, player, looking) -> value`` of the seats table's Gold column;
  ``looking`` is the seat at the computer (None: the author watching AI seats, who sees all).
- ``seat_table``: a :class:`SeatTable`, the headings and tooltips of the seats table's columns
  (by default the empires' Seat, Player, Gold, VP and Court); a column headed "" is hidden.
- ``names``: ``(scenario) -> {id: name}`` for the ruleset's own ids the engine's texts hold
  (unit types, cards...), so that the play-test's choices, decisions and log read by name; the
  areas' and seats' names win over them.
- ``magnate_label``: what the play-test legend adds to a Magnate's name ("Magnate" by default:
  "Clan X (Magnate)"); "" for a ruleset whose Magnate is named enough by itself.
- ``first_round``: how the engine's round 0 is called (1 when the engine counts from 0).
- ``decision``: ``(decision, player name, names) -> sentence`` for a pending decision.
- ``table_columns``: table kind (``area``, ``empire``, ``magnate``) -> its own columns of the
  Tables panel, each ``(title, getter)`` where the getter takes an ``editor.docks.tables.Row``.
- ``new_catalogs``: ``() -> model.scenario.Catalogs``, the languages and religions a new empty
  map of the ruleset starts with (File > New); none: it starts with empty catalogs.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from editor.playtest.chips import AreaPicture
    from editor.playtest.orders import OrderMark
    from model.rules.mapmodes import MapMode
    from model.scenario import Catalogs, Scenario

GROUP = "mappa.editor_rulesets"
"""The entry point group that names each ruleset's editor part."""


@dataclass(frozen=True)
class PictureContext:
    """What a ruleset's play-test pictures need besides the view: names, colours, the seat looking."""

    names: Mapping[str, str]
    """Area id -> name."""
    seat_names: Mapping[str, str]
    """Player (empire, Magnate, nation) id -> name."""
    colours: Mapping[str, str]
    """Player id -> ``#rrggbb``."""
    viewer: str | None
    """The seat whose view is drawn (None: the public view, no seat's own secrets)."""
    orders: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    """Order token chips the viewer may see, by source area (from ``order_marks``)."""
    author: bool = False
    """Whether the person at the screen is the author watching AI seats only, who may see
    everything (hidden units, hands). False whenever a human seat plays: with ``viewer`` None
    that is hot seat while an AI acts, and the people sharing the screen see the public view only."""


@dataclass(frozen=True)
class SideList:
    """How the play-test panel's list of ``side_rows`` reads: headings, tooltip, marks per kind.

    The columns show each row's ``name``, ``stature``, ``attacks``, ``where`` and ``holds``, in
    that order; a row's name starts with the mark of its ``kind`` (the marker the map shows for
    it, so that list and map read alike), ``default_mark`` for a kind not in ``marks``.
    """

    headings: tuple[str, str, str, str, str] = (
        "Magnate / raiders",
        "Stature",
        "Attacks",
        "Court / strikes from",
        "Holds",
    )
    tip: str = "Magnates and the raider groups active this round (24)"
    marks: Mapping[str, str] = field(default_factory=lambda: {"Magnate": "♜"})
    default_mark: str = "☠"

    def mark(self, kind: str) -> str:
        """The mark a row of this kind starts with ("" for none)."""
        return self.marks.get(kind, self.default_mark)


@dataclass(frozen=True)
class SeatTable:
    """How the play-test panel's seats table reads: a heading and a tooltip per column.

    The columns show each seat row's ``seat``, ``played_by``, ``gold``, ``vp`` and ``court``, in
    that order (``editor.playtest.status.seat_rows``); a column whose heading is "" is hidden, for
    a ruleset that has nothing to show there.
    """

    headings: tuple[str, str, str, str, str] = ("Seat", "Player", "Gold", "VP", "Court")
    tips: tuple[str, str, str, str, str] = (
        "The empire",
        "Who plays it: you or an AI level",
        "Treasury (16)",
        "Victory points now (26)",
        "",
    )


@dataclass(frozen=True)
class EditorRuleset:
    """Everything the editor shows or asks that belongs to one ruleset (see the module notes)."""

    id: str
    map_modes: tuple[MapMode, ...] = ()
    paint_fields: Mapping[str, str] = field(default_factory=dict)
    pictures: Callable[[Any, Mapping[str, Any], PictureContext], dict[str, AreaPicture]] | None = None
    side_rows: Callable[[Mapping[str, Any], PictureContext], list[dict[str, Any]]] | None = None
    side_list: SideList = field(default_factory=SideList)
    order_marks: Callable[[Any, str | None], Sequence[OrderMark]] | None = None
    seat_gold: Callable[[Any, Mapping[str, Any], str, str | None], Any] | None = None
    seat_table: SeatTable = field(default_factory=SeatTable)
    names: Callable[[Scenario], Mapping[str, str]] | None = None
    magnate_label: str = "Magnate"
    first_round: int = 0
    decision: Callable[[Mapping[str, Any], str, Mapping[str, str]], str] | None = None
    table_columns: Mapping[str, tuple[tuple[str, Callable[[Any], Any]], ...]] = field(default_factory=dict)
    new_catalogs: Callable[[], Catalogs] | None = None


_REGISTRY: dict[str, EditorRuleset] = {}
_loaded = False
_lock = threading.RLock()


def _load_entry_points() -> None:
    """Read every editor part declared under :data:`GROUP` once (parts registered by hand win)."""
    global _loaded
    if _loaded:
        return
    with _lock:
        if _loaded:
            return
        for point in entry_points(group=GROUP):
            part = point.load()
            if not isinstance(part, EditorRuleset):
                raise TypeError(
                    f"entry point {point.name!r} = {point.value!r} of group {GROUP!r} is a "
                    f"{type(part).__name__}, not an editor.rulesets.EditorRuleset; point it at one"
                )
            if part.id != point.name:
                raise ValueError(
                    f"entry point {point.name!r} of group {GROUP!r} gives the editor part of "
                    f"ruleset {part.id!r}; name the entry point after the ruleset id"
                )
            _REGISTRY.setdefault(part.id, part)
        _loaded = True


def get(ruleset_id: str) -> EditorRuleset:
    """The editor part of a ruleset; an empty one (shared behaviour only) when it declares none."""
    _load_entry_points()
    return _REGISTRY.get(ruleset_id) or EditorRuleset(ruleset_id)


def parts() -> list[EditorRuleset]:
    """Every known editor part, sorted by ruleset id."""
    _load_entry_points()
    return [_REGISTRY[key] for key in sorted(_REGISTRY)]


def register(part: EditorRuleset) -> EditorRuleset | None:
    """Add an editor part (replacing one with the same id); return the one it replaced, if any."""
    _load_entry_points()
    with _lock:
        previous = _REGISTRY.get(part.id)
        _REGISTRY[part.id] = part
        return previous


def unregister(ruleset_id: str, previous: EditorRuleset | None = None) -> None:
    """Remove an editor part again, putting back ``previous`` (what :func:`register` returned)."""
    with _lock:
        if previous is None:
            _REGISTRY.pop(ruleset_id, None)
        else:
            _REGISTRY[ruleset_id] = previous


@contextmanager
def registered(part: EditorRuleset) -> Iterator[EditorRuleset]:
    """Register an editor part for the duration of a ``with`` block (a test's plug-in)."""
    previous = register(part)
    try:
        yield part
    finally:
        unregister(part.id, previous)
