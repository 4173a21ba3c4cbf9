"""The catalogs a new EotMA map starts with: the medieval languages and religions of the shipped maps.

They are read from the same source the medieval Europe scenarios are built from
(``scenarios/sources/medieval-europe/catalogs.json``), so a new map and the shipped ones share one
vocabulary (language families, languages, religion groups, religions).
"""

from __future__ import annotations

import json

from editor.files import SCENARIOS_DIR
from model.scenario import Catalogs

SOURCE = SCENARIOS_DIR / "sources" / "medieval-europe" / "catalogs.json"


def medieval_catalogs() -> Catalogs:
    """The medieval catalogs (empty when the source file is missing, as in an install without it)."""
    if not SOURCE.exists():
        return Catalogs()
    return Catalogs.model_validate(json.loads(SOURCE.read_text(encoding="utf-8")))
