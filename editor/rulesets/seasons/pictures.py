"""Seasons play-test pictures: holders, resource numbers, buildings and units by nation, read from
the engine's ``view()`` for the seat looking (other nations' units stand face down, Seasons: Tokens).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from editor.mapview.chips_item import Chip
from editor.mapview.modes import INDEPENDENT, SEA
from editor.playtest.chips import AreaPicture, Colours
from editor.rulesets import PictureContext


def seasons_pictures(
    view: Mapping[str, Any],
    names: Mapping[str, str],
    colours: Colours,
    orders: Mapping[str, tuple[Chip, ...]] | None = None,
) -> dict[str, AreaPicture]:
    """Pictures of a Seasons view (``State.view(seat)``): holders, resources, buildings, units.

    ``orders`` adds the order token chips the viewer may see, by source area
    (``editor.rulesets.seasons.orders`` decides which).
    """
    units: dict[str, Counter[str]] = {}
    for unit in view.get("units", {}).values():
        units.setdefault(unit["area"], Counter())[unit["nation"]] += 1
    pictures: dict[str, AreaPicture] = {}
    for area_id, data in view.get("areas", {}).items():
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
    for area_id, tokens in (orders or {}).items():
        picture = pictures.get(area_id) or AreaPicture(SEA, (), f"{names.get(area_id, area_id)} ({area_id})")
        tips = "\n".join(chip.tip for chip in tokens)
        pictures[area_id] = AreaPicture(picture.fill, (*picture.chips, *tokens), f"{picture.tip}\n{tips}")
    return pictures


def pictures(state: Any, view: Mapping[str, Any], context: PictureContext) -> dict[str, AreaPicture]:
    """The editor part's ``pictures``: the board as ``context.viewer`` sees it, with its order chips."""
    return seasons_pictures(view, context.names, context.colours, context.orders)
