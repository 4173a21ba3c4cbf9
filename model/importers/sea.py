"""Land or sea from the data: ``--sea-when PROPERTY[=VALUE]``, or a guess from common property names.

Without ``--sea-when`` the import looks for a property whose name says water (``water``,
``is_water``, ``sea``, ``ocean``...) holding yes/no values, or a property such as ``type`` or
``terrain`` whose value says water for some features (``sea``, ``water``, ``ocean``); the
summary says which it used, so a wrong guess is easy to see and overrule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from model.importers.common import SourceError, parse_sea_when

FLAG_NAMES = (
    "water",
    "is_water",
    "iswater",
    "sea",
    "is_sea",
    "issea",
    "ocean",
    "is_ocean",
    "sea_zone",
    "seazone",
    "is_sea_zone",
    "marine",
)
"""Property names (compared without case) whose true values mark sea features."""

KIND_NAMES = ("kind", "type", "terrain", "landtype", "land_type", "category", "class", "surface")
"""Property names (compared without case) whose value may name the terrain."""

SEA_VALUES = frozenset({"sea", "water", "ocean", "sea zone", "seazone", "sea_zone", "lake", "marine"})
"""Values of a terrain property that mean sea."""

TRUE_TEXT = frozenset({"true", "yes", "y", "1", "t", "water", "sea"})
FALSE_TEXT = frozenset({"false", "no", "n", "0", "f", "", "none", "null", "land"})


@dataclass(frozen=True)
class SeaRule:
    """Which features are sea: those whose ``prop`` is true, or equals ``value`` (without case)."""

    prop: str
    value: str | None
    guessed: bool
    origin: str = ""
    """How the rule was chosen, when neither ``--sea-when`` nor a guess (a format's own flag)."""

    def is_sea(self, properties: Mapping[str, Any]) -> bool:
        """Whether a feature with these properties is sea."""
        raw = properties.get(self.prop)
        if self.value is not None:
            return raw is not None and str(raw).strip().lower() == self.value.lower()
        return truthy(raw)

    def describe(self, count: int, total: int) -> str:
        """The summary's sentence about the rule and what it found."""
        test = f"{self.prop!r} is {self.value!r}" if self.value is not None else f"{self.prop!r} is true"
        how = self.origin or (
            "guessed from the property's name; --sea-when PROPERTY[=VALUE] chooses another"
            if self.guessed
            else "--sea-when"
        )
        return f"sea: {count} of {total} features, those whose {test} ({how})"


def truthy(raw: Any) -> bool:
    """Whether a property value means yes (true, 1, "yes", "water"...)."""
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, int | float):
        return raw != 0
    if isinstance(raw, str):
        return raw.strip().lower() in TRUE_TEXT
    return False


def _is_flag(raw: Any) -> bool:
    if raw is None or isinstance(raw, bool | int | float):
        return True
    return isinstance(raw, str) and raw.strip().lower() in TRUE_TEXT | FALSE_TEXT


def sea_rule(properties: list[Mapping[str, Any]], wanted: str | None, source: str) -> SeaRule | None:
    """The rule for ``--sea-when`` (checked against the data), or a guess; None: every feature is land."""
    if wanted is not None:
        prop, value = parse_sea_when(wanted)
        if not any(prop in p for p in properties):
            seen = sorted({key for p in properties for key in p})[:20]
            raise SourceError(
                f"{source}: --sea-when {wanted}: no feature has the property {prop!r}; properties seen: "
                f"{', '.join(seen) or 'none'}"
            )
        return SeaRule(prop, value, guessed=False)
    keys = {key for p in properties for key in p}
    by_lower = {key.lower(): key for key in sorted(keys)}
    for name in FLAG_NAMES:
        key = by_lower.get(name)
        if key is None:
            continue
        values = [p[key] for p in properties if key in p]
        if all(_is_flag(v) for v in values) and any(truthy(v) for v in values):
            return SeaRule(key, None, guessed=True)
    for name in KIND_NAMES:
        key = by_lower.get(name)
        if key is None:
            continue
        texts = {str(p[key]).strip().lower() for p in properties if p.get(key) is not None}
        found = sorted(texts & SEA_VALUES)
        if len(found) == 1:
            return SeaRule(key, found[0], guessed=True)
    return None
