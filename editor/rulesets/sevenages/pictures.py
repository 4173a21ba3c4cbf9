"""7 Ages play-test pictures: units by side, cities and capitals, forts and disorder per area, read
from the engine's ``view(seat)`` of the seat looking.

Fog of war (E&N: Neutral Units and Areas, "Fog of war"; 7A facts 3.3): the engine's view for a
seat gives a neutral stack that has not been revealed as a count only (``hidden``), so the chip
lies face down ("3?") and its tooltip names no unit type. The author watching AI seats
(``context.author``) sees every unit: the face-down stacks are read from the whole position
(``State.to_json()``), as the engine's public view hides them from everyone. Players sharing the
screen in hot seat while an AI acts (``viewer`` None, not the author) see the public view. Otherwise
``state`` is only asked what never changes (land or sea) and which conflicts are pending, which
every player sees on the table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from editor.mapview.chips_item import Chip
from editor.playtest.chips import AreaPicture, Colours, owner_colour
from editor.rulesets import PictureContext
from model.rules.mapmodes import INDEPENDENT, SEA
from model.rules.sevenages.decisions import INITIATIVE_NAMES

NEUTRAL = "neutral"
"""The owner id of the white neutral units (the contract of issue 14)."""
WHITE = "#ffffff"
"""White neutral counters (E&N), when the scenario's neutral side has no colour of its own."""
FACE_DOWN = "#9e9e9e"
"""A face-down neutral stack: grey, its count and a question mark."""
DISORDER = "#d7191c"
CITY = "#bcbddc"
"""A city: pale purple as in the cities map mode, apart from the white neutral counters."""
CAPITAL = "#ffd400"
FORT = "#bdbdbd"
CONFLICT = "#d7191c"
EMISSARY = "#80cdc1"
"""An emissary initiative declared on an area, open to meddling (E&N: Meddle Affairs)."""


def _unit_name(kind: str) -> str:
    return kind.replace("_", " ")


def _listing(units: list[Mapping[str, Any]]) -> str:
    """``2 spearmen (level 1), 1 archers (level 3)``: identical counters counted together."""
    counts = Counter((str(u.get("kind")), int(u.get("level") or 0)) for u in units)
    return ", ".join(f"{n} {_unit_name(kind)} (level {level})" for (kind, level), n in sorted(counts.items()))


def unit_chips(
    units: list[Mapping[str, Any]], colours: Colours, seat_names: Mapping[str, str]
) -> tuple[list[Chip], list[str]]:
    """Chips and tooltip lines for an area's units as the view gives them: one chip per side.

    An empire's chip shows its count in its colour; a revealed neutral stack shows its count on
    white; a face-down neutral stack (``hidden``, E&N: Fog of war) shows only ``N?``.
    """
    sides: dict[str, list[Mapping[str, Any]]] = {}
    hidden = 0
    for unit in units:
        if unit.get("hidden"):
            hidden += int(unit.get("count") or 0)
            continue
        sides.setdefault(str(unit.get("owner")), []).append(unit)
    chips: list[Chip] = []
    lines: list[str] = []
    for side, listed in sides.items():
        name = "neutrals" if side == NEUTRAL else seat_names.get(side, side)
        fill = colours.get(NEUTRAL, WHITE) if side == NEUTRAL else owner_colour(side, colours)
        text = f"{name}: {_listing(listed)}"
        if side == NEUTRAL:
            text += " (face up, E&N: Fog of war)"
        chips.append(Chip(str(len(listed)), fill, text))
        lines.append(text)
    if hidden:
        text = f"{hidden} neutral units face down: only their number is known (E&N: Fog of war)"
        chips.append(Chip(f"{hidden}?", FACE_DOWN, text, outline="#ffffff"))
        lines.append(text)
    return chips, lines


def area_picture(
    area_id: str,
    data: Mapping[str, Any],
    land: bool,
    context: PictureContext,
    conflict: str = "",
    initiative: str = "",
) -> AreaPicture:
    """One area of the view: its holder's colour, then chips for units, city, fort and disorder.

    ``conflict`` is a sentence when a conflict in the area is under way or waiting (7A facts 2.7);
    ``initiative`` one when an emissary initiative declared on it waits for meddling.
    """
    colours, seat_names = context.colours, context.seat_names
    owner = data.get("owner")
    name = context.names.get(area_id, area_id)
    sides = {str(u.get("owner")) for u in data.get("units") or []}
    holder = "neutrals" if owner == NEUTRAL else seat_names.get(owner, owner) if owner else "nobody"
    held = "contested: units of several sides" if len(sides) > 1 else f"held by {holder}"
    lines = [f"{name} ({area_id})", held]
    chips: list[Chip] = []
    city = int(data.get("city") or 0)
    if data.get("capital"):
        tip = f"capital of {holder}, city level {city} (7A facts 2.14)"
        chips.append(Chip(f"★{city}", CAPITAL, tip))
        lines.append(tip)
    elif city:
        tip = f"city level {city} (7A facts 2.14)"
        chips.append(Chip(f"C{city}", CITY, tip))
        lines.append(tip)
    if data.get("fort"):
        tip = "fortification: +2 in defence (7A facts 2.7)"
        chips.append(Chip("F", FORT, tip))
        lines.append(tip)
    if data.get("disorder"):
        tip = "in disorder (7A facts 2.15)"
        chips.append(Chip("!", DISORDER, tip, outline="#ffffff"))
        lines.append(tip)
    if conflict:
        chips.append(Chip("⚔", CONFLICT, conflict))
        lines.append(conflict)
    if initiative:
        chips.append(Chip("✉", EMISSARY, initiative))
        lines.append(initiative)
    units, unit_lines = unit_chips(list(data.get("units") or []), colours, seat_names)
    chips.extend(units)
    lines.extend(unit_lines)
    if not data.get("units") and (city or data.get("fort")) and land:
        lines.append("vacated: a city or fort and no units (E&N: Neutral Units and Areas)")
    if not land:
        fill = SEA
    elif owner == NEUTRAL:
        fill = colours.get(NEUTRAL, WHITE)
    elif owner:
        fill = owner_colour(str(owner), colours)
    else:
        fill = INDEPENDENT
    return AreaPicture(fill, tuple(chips), "\n".join(lines))


def conflicts_of(state: Any, names: Mapping[str, str]) -> dict[str, str]:
    """Area id -> a sentence for the conflict under way and those waiting (public, 7A facts 2.7);
    ``names``: empire id -> name."""
    board = getattr(state, "board", None)
    if board is None:
        return {}
    found: dict[str, str] = {}
    running = board.conflict
    if running:
        attacker, defender = (names.get(running[k], running[k]) for k in ("attacker", "defender"))
        found[running["area"]] = f"conflict: {attacker} attacks {defender} (7A facts 2.7)"
    for area in board.conflicts:
        found.setdefault(area, "conflict to resolve this step (7A facts 2.7)")
    return found


def initiatives_of(state: Any, names: Mapping[str, str]) -> dict[str, str]:
    """Area id -> a sentence for the emissary initiative declared there while the other players
    may meddle (E&N: Meddle Affairs): declared aloud, so every seat knows it."""
    board = getattr(state, "board", None)
    if board is None or board.window is None:
        return {}
    ctx = board.ctx
    actor = str(ctx.get("player", ""))
    who = names.get(actor, actor)
    if board.window.get("what") == "send":
        last = list(ctx.get("last") or [])
        tip = f"{who}'s military advisors moved a stack here: the others may meddle (E&N: Meddle Affairs)"
        return {str(a): tip for a in last[:2]}
    kind = str(ctx.get("kind", ""))
    tip = (
        f"{who} declares {INITIATIVE_NAMES.get(kind, kind)} here: the others may meddle (E&N: Meddle Affairs)"
    )
    # Every initiative names its area first (``arms AREA unit KIND``, model.rules.sevenages.actions).
    areas = [str(pick[0]) for pick in ctx.get("picks") or [] if pick]
    return dict.fromkeys(areas, tip)


def face_up(state: Any, view: Mapping[str, Any]) -> Mapping[str, Any]:
    """The view with every face-down neutral stack turned up from the whole position (the author's)."""
    areas = view.get("areas") or {}
    hidden = [a for a, data in areas.items() if any(u.get("hidden") for u in data.get("units") or [])]
    if not hidden:
        return view
    units = state.to_json().get("board", {}).get("units", {})
    turned = dict(areas)
    for area in hidden:
        shown = [u for u in areas[area].get("units") or [] if not u.get("hidden")]
        # A unit of the whole position is [owner, kind, level, used] (model.rules.sevenages.state).
        shown += [
            {"owner": u[0], "kind": u[1], "level": u[2]} for u in units.get(area, []) if u[0] == NEUTRAL
        ]
        turned[area] = {**areas[area], "units": shown}
    return {**view, "areas": turned}


def pictures(state: Any, view: Mapping[str, Any], context: PictureContext) -> dict[str, AreaPicture]:
    """The editor part's ``pictures``: every area as ``context.viewer`` sees it; the author
    watching AI seats (``context.author``) sees every unit."""
    if context.author:
        view = face_up(state, view)
    game = getattr(state, "game", None)
    conflicts = conflicts_of(state, {**context.seat_names, NEUTRAL: "the neutrals"})
    initiatives = initiatives_of(state, getattr(game, "names", {}))
    found: dict[str, AreaPicture] = {}
    for area_id, data in (view.get("areas") or {}).items():
        land = game.is_land(area_id) if game is not None and area_id in game.areas else True
        found[area_id] = area_picture(
            area_id, data, land, context, conflicts.get(area_id, ""), initiatives.get(area_id, "")
        )
    return found
