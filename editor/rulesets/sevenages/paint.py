"""7 Ages in the Paint tool: which attribute the brush sets while the map shows each of its modes.

The modes (``model.rules.sevenages.mapmodes``) colour areas by an attribute, so the author sees
what they paint: the region mode paints the whole list of regions picked from an area (the first
is the one coloured), the cities mode the city level. The neutral areas mode has no brush: its
colours come from the units standing in each area, which the Units palette places.
"""

from __future__ import annotations

PAINT_FIELDS = {
    "region": "regions",
    "terrain": "terrain",
    "income": "income",
    "cities": "city",
}
"""Map mode -> the attribute the Paint tool brushes while the map shows it."""
