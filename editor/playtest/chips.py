"""What the play-test overlay shows per area: small labelled chips computed from a state's view.

Pure data (no graphics items): the overlay draws the chips, the tests read them. Each ruleset's
``view()`` dict is read here and nowhere else in the editor.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from editor.mapview.modes import INDEPENDENT, SEA, SOCIAL


@dataclass(frozen=True)
class Chip:
    """One marker next to an area's name: a short text on a coloured box, with an explanation."""

    text: str
    fill: str
    tip: str
    outline: str = "#202020"


@dataclass(frozen=True)
class AreaPicture:
    """How one area looks in play: fill colour, chips, and a tooltip with the whole story."""

    fill: str
    chips: tuple[Chip, ...]
    tip: str


Colours = Mapping[str, str]
"""Empire (and Magnate) id -> ``#rrggbb``."""


def _eotma_area(
    area_id: str, name: str, data: Mapping[str, Any], courts: Mapping[str, str], colours: Colours
) -> AreaPicture:
    owner = data.get("owner")
    chips: list[Chip] = []
    lines = [f"{name} ({area_id})", f"owner: {owner or 'independent'}"]
    if area_id in courts:
        chips.append(Chip("♛", colours.get(courts[area_id], "#ffffff"), f"court of {courts[area_id]}"))
    social = int(data.get("social_state", 0))
    if social:  # a 0 on every calm area would bury the map; the tooltip still says it
        chips.append(Chip(f"{social:+d}", SOCIAL.get(social, "#f7f7f7"), f"social state {social:+d}"))
    lines.append(f"social state {social:+d}")
    if data.get("unrest"):
        chips.append(Chip("!", "#d7191c", "in unrest (17)"))
        lines.append("in unrest")
    fort = int(data.get("fortification", 0))
    if fort:
        chips.append(Chip(f"F{fort}", "#bdbdbd", f"fortification {fort} (14)"))
        lines.append(f"fortification {fort}")
    army, fleet = int(data.get("army", 0)), int(data.get("fleet", 0))
    unit_colour = colours.get(owner or "", "#808080")
    if army:
        chips.append(Chip(f"A{army}", unit_colour, f"{army} army points (33)"))
        lines.append(f"army {army}")
    if fleet:
        chips.append(Chip(f"N{fleet}", unit_colour, f"{fleet} fleet points (34)"))
        lines.append(f"fleet {fleet}")
    for empire in data.get("ties") or []:
        chips.append(Chip("T", colours.get(empire, "#808080"), f"diplomatic tie of {empire} (12)"))
    if data.get("ties"):
        lines.append(f"ties: {', '.join(data['ties'])}")
    for empire in data.get("claims") or []:
        chips.append(Chip("c", "#ffffff", f"claim of {empire} (18)", outline=colours.get(empire, "#808080")))
    if data.get("claims"):
        lines.append(f"claims: {', '.join(data['claims'])}")
    for empire, count in dict(data.get("partial_conquest") or {}).items():
        chips.append(
            Chip(
                f"C{count}",
                colours.get(empire, "#808080"),
                f"partial conquest: {count} C by {empire} (10.33)",
            )
        )
        lines.append(f"partial conquest by {empire}: {count}")
    civ = int(data.get("civilisation", 0))
    if civ:
        chips.append(Chip("✚", "#fff7bc", "civilisation markers (35)"))
        lines.append("civilisation markers")
    if data.get("religion"):
        lines.append(f"religion: {data['religion']}")
    fill = colours.get(owner, INDEPENDENT) if owner else INDEPENDENT
    return AreaPicture(fill, tuple(chips), "\n".join(lines))


def eotma_pictures(
    view: Mapping[str, Any], names: Mapping[str, str], colours: Colours
) -> dict[str, AreaPicture]:
    """Pictures of every land area of an EotMA view (owners, social states, unrest, forts...)."""
    courts = {e["court"]: pid for pid, e in view.get("empires", {}).items() if e.get("court")}
    return {
        area_id: _eotma_area(area_id, names.get(area_id, area_id), data, courts, colours)
        for area_id, data in view.get("areas", {}).items()
    }


def seasons_pictures(
    board: Mapping[str, Any], names: Mapping[str, str], colours: Colours
) -> dict[str, AreaPicture]:
    """Pictures of a Seasons board: holders, resource numbers, buildings, units by nation."""
    units: dict[str, Counter[str]] = {}
    for unit in board.get("units", {}).values():
        units.setdefault(unit["area"], Counter())[unit["nation"]] += 1
    pictures: dict[str, AreaPicture] = {}
    for area_id, data in board.get("areas", {}).items():
        owner = data.get("owner")
        chips = [Chip(str(data.get("resources", 0)), "#fff7bc", "resource collection number")]
        lines = [f"{names.get(area_id, area_id)} ({area_id})", f"holder: {owner or 'none'}"]
        lines.append(f"resources {data.get('resources', 0)}")
        building = data.get("building")
        if building:
            damage = int(data.get("damage") or 0)
            chips.append(Chip(building[:1].upper(), "#bdbdbd", f"{building}, damage {damage}"))
            lines.append(f"{building} (damage {damage})")
        for nation, count in sorted(units.get(area_id, Counter()).items()):
            chips.append(Chip(str(count), colours.get(nation, "#808080"), f"{count} units of {nation}"))
            lines.append(f"{count} units of {nation}")
        fill = colours.get(owner, INDEPENDENT) if owner else INDEPENDENT
        pictures[area_id] = AreaPicture(fill, tuple(chips), "\n".join(lines))
    # Sea areas hold only units (war boats and what they carry).
    for area_id, counts in units.items():
        if area_id not in pictures:
            chips = [
                Chip(str(n), colours.get(nation, "#808080"), f"{n} units of {nation}")
                for nation, n in sorted(counts.items())
            ]
            pictures[area_id] = AreaPicture(SEA, tuple(chips), f"{names.get(area_id, area_id)}: units at sea")
    return pictures


def pictures_for(
    ruleset: str, state: Any, names: Mapping[str, str], colours: Colours
) -> dict[str, AreaPicture]:
    """The area pictures of a state of any known ruleset (empty for a ruleset without a view)."""
    if ruleset == "seasons":
        return seasons_pictures(state.to_json()["board"], names, colours)
    view = getattr(state, "view", None)
    if view is None:
        return {}
    return eotma_pictures(view(), names, colours)
