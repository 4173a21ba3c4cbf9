"""EotMA in the Paint tool: which attribute the brush sets while the map shows each of its modes.

The modes themselves (colours and legends, no Qt) are in ``model.rules.eotma.mapmodes``.
"""

from __future__ import annotations

PAINT_FIELDS = {
    "religion": "religion",
    "language": "language",
    "social_state": "social_state",
    "population": "population",
    "seafaring": "seafaring_home",
}
"""Map mode -> the attribute the Paint tool brushes while the map shows it."""
