"""EotMA play-test pictures: courts, social states, unrest, forts, armies, ties, claims, Magnates
and raiders per area, and the side panel's Magnates and raiders rows, read from the engine's view.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from editor.mapview.chips_item import Chip
from editor.mapview.modes import INDEPENDENT, SEA
from editor.playtest.chips import AreaPicture, Colours, owner_colour
from editor.rulesets import PictureContext
from model.rules.eotma.mapmodes import SOCIAL

RAIDERS = "#4a2c17"
"""Raider markers: dark brown with white text, so they stand apart from every empire colour."""
CRUSADER = "#c00000"


@dataclass(frozen=True)
class Marks:
    """What the whole view says about single areas: courts, Magnates' courts, raiders, attacks."""

    courts: Mapping[str, str]
    magnate_courts: Mapping[str, tuple[str, int]]
    """Area id -> (Magnate id, combat stature)."""
    attacks: Mapping[str, tuple[tuple[str, str, bool], ...]]
    """Area id -> (attacker, kind ``raid`` or ``magnate``, already made this round) per attack."""
    raider_pool: Mapping[str, tuple[str, ...]]
    """Area id -> names of the active raiders who may strike it (24)."""

    @classmethod
    def of(cls, view: Mapping[str, Any]) -> Marks:
        """Gather the marks of an EotMA view."""
        courts = {e["court"]: pid for pid, e in view.get("empires", {}).items() if e.get("court")}
        magnate_courts: dict[str, tuple[str, int]] = {}
        attacks: dict[str, list[tuple[str, str, bool]]] = {}
        for mid, magnate in (view.get("magnates") or {}).items():
            if magnate.get("court") and magnate.get("areas"):
                magnate_courts[magnate["court"]] = (mid, int(magnate.get("combat", 0)))
            for made, key in ((True, "attacked"), (False, "attacking")):
                for target in magnate.get(key) or []:
                    attacks.setdefault(target, []).append((mid, "magnate", made))
        pool: dict[str, list[str]] = {}
        for raider in view.get("raiders") or []:
            for made, key in ((True, "attacked"), (False, "attacking")):
                for target in raider.get(key) or []:
                    attacks.setdefault(target, []).append((raider["name"], "raid", made))
            for target in raider.get("targets") or []:
                pool.setdefault(target, []).append(raider["name"])
        return cls(
            courts,
            magnate_courts,
            {a: tuple(dict.fromkeys(v)) for a, v in attacks.items()},
            {a: tuple(v) for a, v in pool.items()},
        )


def _eotma_area(
    area_id: str, name: str, data: Mapping[str, Any], marks: Marks, colours: Colours
) -> AreaPicture:
    owner = data.get("owner")
    chips: list[Chip] = []
    lines = [f"{name} ({area_id})", f"owner: {owner or 'independent'}"]
    courts = marks.courts
    if area_id in courts:
        chips.append(Chip("♛", colours.get(courts[area_id], "#ffffff"), f"court of {courts[area_id]}"))
    if area_id in marks.magnate_courts:
        magnate, combat = marks.magnate_courts[area_id]
        tip = f"court of the Magnate {magnate}, combat stature {combat} (24)"
        chips.append(Chip("♜", owner_colour(magnate, colours), tip))
        lines.append(tip)
    for attacker, kind, made in marks.attacks.get(area_id, ()):
        what = "raided by" if kind == "raid" else "attacked by the Magnate"
        when = "this round" if made else "now (to be resolved)"
        fill = RAIDERS if kind == "raid" else owner_colour(attacker, colours)
        outline = "#202020" if made else "#ffd400"
        tip = f"{what} {attacker} {when} (24)"
        chips.append(Chip("☠" if kind == "raid" else "⚔", fill, tip, outline=outline))
        lines.append(tip)
    if data.get("crusader_state"):
        tip = "independent crusader state (23.32 step 5)"
        chips.append(Chip("✠", "#ffffff", tip, outline=CRUSADER))
        lines.append(tip)
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
    unit_colour = owner_colour(owner, colours) if owner else "#808080"
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
                owner_colour(empire, colours) if empire != "independent" else "#808080",
                f"partial conquest: {count} C by {empire} (10.33)",
            )
        )
        lines.append(f"partial conquest by {empire}: {count}")
    for empire, progress in dict(data.get("conversion") or {}).items():
        done, needed = int(progress.get("results", 0)), int(progress.get("needed", 0))
        tip = f"conversion by {empire}: {done} of {needed} C results (22.2)"
        chips.append(Chip(f"✝{done}/{needed}", colours.get(empire, "#808080"), tip))
        lines.append(tip)
    civ = int(data.get("civilisation", 0))
    if civ:
        chips.append(Chip("✚", "#fff7bc", "civilisation markers (35)"))
        lines.append("civilisation markers")
    if data.get("religion"):
        lines.append(f"religion: {data['religion']}")
    if area_id in marks.raider_pool:
        lines.append(f"raiders may strike here: {', '.join(marks.raider_pool[area_id])} (24)")
    fill = owner_colour(owner, colours) if owner else INDEPENDENT
    return AreaPicture(fill, tuple(chips), "\n".join(lines))


def _raider_tip(raider: Mapping[str, Any], names: Mapping[str, str]) -> str:
    def listed(ids: Any) -> str:
        return ", ".join(names.get(a, a) for a in ids or []) or "none"

    return "\n".join(
        [
            f"{raider['name']}: raiders, stature {raider.get('stature')}, "
            f"{raider.get('raids')} raids a round (24)",
            f"attacked this round: {listed(raider.get('attacked'))}",
            *([f"about to attack: {listed(raider['attacking'])}"] if raider.get("attacking") else []),
            f"may strike: {listed(raider.get('targets'))}",
        ]
    )


def _raider_homes(
    view: Mapping[str, Any], names: Mapping[str, str], pictures: dict[str, AreaPicture]
) -> None:
    """Put each active raider group's marker on the seas (or areas) it strikes from (24)."""
    for raider in view.get("raiders") or []:
        chip = Chip(str(raider["name"]), RAIDERS, _raider_tip(raider, names), outline="#d7191c")
        for place in [*(raider.get("seas") or []), *(raider.get("near") or [])]:
            picture = pictures.get(place)
            if picture is None:
                tip = f"{names.get(place, place)} ({place})"
                picture = AreaPicture(SEA, (), tip)
            pictures[place] = AreaPicture(picture.fill, (*picture.chips, chip), f"{picture.tip}\n{chip.tip}")


def eotma_pictures(
    view: Mapping[str, Any], names: Mapping[str, str], colours: Colours
) -> dict[str, AreaPicture]:
    """Pictures of every land area of an EotMA view (owners, social states, unrest, forts...),
    plus the seas active raiders strike from."""
    marks = Marks.of(view)
    pictures = {
        area_id: _eotma_area(area_id, names.get(area_id, area_id), data, marks, colours)
        for area_id, data in view.get("areas", {}).items()
    }
    _raider_homes(view, names, pictures)
    return pictures


def _appeared_name(magnate: str, names: Mapping[str, str]) -> str:
    """A Magnate that appeared in play is called after the area it appeared in (24.5)."""
    area = magnate.removeprefix("magnate-")
    return f"Magnate of {names[area]}" if area != magnate and area in names else magnate


def eotma_npc_rows(
    view: Mapping[str, Any], names: Mapping[str, str], seat_names: Mapping[str, str], colours: Colours
) -> list[dict[str, Any]]:
    """Rows for the side panel's Magnates and raiders list (24): who, where, how strong, what now.

    ``names``: area id -> name; ``seat_names``: empire and Magnate id -> name.
    """

    def listed(ids: Any) -> str:
        return ", ".join(names.get(a, a) for a in ids or [])

    rows: list[dict[str, Any]] = []
    for mid, magnate in (view.get("magnates") or {}).items():
        areas = magnate.get("areas") or []
        court = magnate.get("court")
        attacks = [*(magnate.get("attacked") or []), *(magnate.get("attacking") or [])]
        title = seat_names.get(mid) or _appeared_name(mid, names)
        rows.append(
            {
                "name": title,
                "colour": owner_colour(mid, colours),
                "kind": "Magnate",
                "where": names.get(court, court) if court else ("gone" if not areas else "no court"),
                "stature": magnate.get("combat", ""),
                "holds": len(areas),
                "attacks": listed(attacks),
                "tip": "\n".join(
                    [
                        f"{title} ({mid}): Magnate, combat stature {magnate.get('combat')}",
                        f"court: {names.get(court, court) if court else 'none'}",
                        f"holds: {listed(areas) or 'nothing'}",
                        f"attacks this round: {listed(attacks) or 'none'}",
                    ]
                ),
            }
        )
    for raider in view.get("raiders") or []:
        attacks = [*(raider.get("attacked") or []), *(raider.get("attacking") or [])]
        rows.append(
            {
                "name": raider["name"],
                "colour": RAIDERS,
                "kind": "Raiders",
                "where": listed([*(raider.get("seas") or []), *(raider.get("near") or [])]),
                "stature": raider.get("stature", ""),
                "holds": "",
                "attacks": listed(attacks),
                "tip": _raider_tip(raider, names),
            }
        )
    return rows


def pictures(state: Any, view: Mapping[str, Any], context: PictureContext) -> dict[str, AreaPicture]:
    """The editor part's ``pictures``: EotMA has no secrets on the map, so the view is drawn whole."""
    return eotma_pictures(view, context.names, context.colours)


def side_rows(view: Mapping[str, Any], context: PictureContext) -> list[dict[str, Any]]:
    """The editor part's ``side_rows``: the Magnates and raiders (24)."""
    return eotma_npc_rows(view, context.names, context.seat_names, context.colours)
