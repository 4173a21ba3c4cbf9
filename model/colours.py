"""Colours shared by the map modes, the tables, the play-test chips and the balance report.

Plain data and pure functions (no Qt), so the self-contained HTML report uses them too:

* ``SEA`` and ``LAND``: the fills of sea zones and of land with nothing to show;
* ``PALETTE``: 32 categorical colours for languages, religions, owners met in play..., chosen
  far apart from one another and far from the sea's blue, with no blue or cyan at all,
  so that no land area reads as water;
* ``category_colour`` and ``catalog_colours``: a colour per id picked by a hash of the id, not by
  its position, so that removing an entry does not recolour the others;
* ``suggest_colour``: a colour for a new empire, as far as possible from the ones in use.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Iterable, Mapping

SEA = "#a9cbe0"
LAND = "#e9dfc4"

PALETTE: tuple[str, ...] = (
    "#e15a5a", "#008c23", "#965fd2", "#c39b00", "#05faaf", "#ffa0dc", "#bee155", "#827855",
    "#ffa57d", "#2db491", "#d73791", "#a0af7d", "#b4640a", "#9b6e7d", "#ffcd69", "#508269",
    "#5acd64", "#c391fa", "#788c00", "#d7919b", "#b99678", "#b4e1aa", "#c87db4", "#f07337",
    "#9bb423", "#a56e5a", "#ffb9b9", "#ff5a91", "#64a064", "#967800", "#faa537", "#8c6e9b",
)  # fmt: skip
"""Categorical colours: lightness 50-88, chroma 20-70, no cyan, blue or blue-violet hue, nothing
within 40 CIELAB units of ``SEA``; picked one by one from an sRGB grid, each the farthest
(``distance``) from those before, so every two are at least 12.9 apart."""


def rgb(colour: str) -> tuple[int, int, int]:
    """``#rrggbb`` -> (r, g, b) in 0..255."""
    value = colour.lstrip("#")
    if len(value) != 6:
        raise ValueError(f"not a #rrggbb colour: {colour!r}")
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def lab(colour: str) -> tuple[float, float, float]:
    """``#rrggbb`` (sRGB, D65) -> CIELAB (L*, a*, b*)."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb(colour))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def distance(a: str, b: str) -> float:
    """Perceptual distance of two colours: CIE94 delta E (graphic arts), made symmetric.

    About 1 is just noticeable; unlike the plain CIELAB distance it does not overrate differences
    of chroma, so two strong oranges count as close as they look.
    """
    l1, a1, b1 = lab(a)
    l2, a2, b2 = lab(b)
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    dc = c1 - c2
    dh2 = max(0.0, (a1 - a2) ** 2 + (b1 - b2) ** 2 - dc * dc)

    def one_way(chroma: float) -> float:
        return math.sqrt((l1 - l2) ** 2 + (dc / (1 + 0.045 * chroma)) ** 2 + dh2 / (1 + 0.015 * chroma) ** 2)

    return (one_way(c1) + one_way(c2)) / 2


def _hash(item_id: str) -> int:
    return zlib.crc32(item_id.encode("utf-8"))


def _probe(item_id: str, size: int) -> list[int]:
    """Palette indexes in the order this id tries them: its own first, then a stride of its own."""
    h = _hash(item_id)
    start = h % size
    stride = 1 + (h >> 16) % (size - 1) if size > 1 else 1
    while math.gcd(stride, size) != 1:
        stride += 1
    return [(start + k * stride) % size for k in range(size)]


def category_colour(item_id: str, taken: Iterable[str] = (), palette: tuple[str, ...] = PALETTE) -> str:
    """A stable colour for an id: its hash's palette colour, or the next one not in ``taken``.

    The same id always gets the same colour for the same ``taken``; when every colour is taken
    the id's own colour is returned (colours are shared only when there are more ids than colours).
    """
    used = {colour.lower() for colour in taken}
    order = _probe(item_id, len(palette))
    for index in order:
        if palette[index].lower() not in used:
            return palette[index]
    return palette[order[0]]


def catalog_colours(ids: Iterable[str], palette: tuple[str, ...] = PALETTE) -> dict[str, str]:
    """A colour per id of a catalog, all different while there are no more ids than colours.

    Ids are served in the catalog's order, each taking its first free colour: appending an entry
    never recolours the others, and removing one recolours only entries that had been pushed off
    their own colour by it (ids on their own colour keep it whatever else is removed).
    """
    colours: dict[str, str] = {}
    for item_id in ids:
        if item_id in colours:
            continue
        taken = colours.values() if len(colours) < len(palette) else ()
        colours[item_id] = category_colour(item_id, taken, palette)
    return colours


def own_colour(item_id: str, palette: tuple[str, ...] = PALETTE) -> str:
    """The colour an id has when nothing else competes for it."""
    return palette[_probe(item_id, len(palette))[0]]


def owner_colour(owner: str, colours: Mapping[str, str]) -> str:
    """An owner's colour from ``colours`` (id -> colour, e.g. the scenario's empires); an owner
    missing there gets a stable category colour, avoiding the ones in ``colours``."""
    if owner in colours:
        return colours[owner]
    return category_colour(owner, colours.values())


def suggest_colour(used: Iterable[str], palette: tuple[str, ...] = PALETTE) -> str:
    """A colour for a new empire: the palette colour farthest from every colour in use and from
    ``SEA`` (the first such colour in palette order on ties, so the choice is deterministic)."""
    others = [colour for colour in used if _is_hex(colour)] + [SEA]
    return max(palette, key=lambda colour: min(distance(colour, other) for other in others))


def _is_hex(colour: str) -> bool:
    try:
        rgb(colour)
    except ValueError:
        return False
    return True
