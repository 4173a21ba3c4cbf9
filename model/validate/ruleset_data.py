"""Checks of the ruleset's data: the ruleset itself, attributes against its schemas, references in
them, its limits table, units."""

from __future__ import annotations

import functools
import math
import re
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel, ValidationError

from model.attributes import attribute_targets
from model.issues import Issue
from model.rules import registry, tables
from model.scenario import Point
from model.validate.codes import issue
from model.validate.context import Context, label, unknown_reference

_RANGE_CODES = {"population": "POPULATION_OUT_OF_RANGE", "social_state": "SOCIAL_STATE_OUT_OF_RANGE"}
"""Limits whose violation has a code of its own; every other limit reports VALUE_OUT_OF_RANGE."""

_RANGE_ERRORS = {"greater_than", "greater_than_equal", "less_than", "less_than_equal"}
"""Pydantic error types that a limits-table check reports instead (so a value is reported once)."""


def ruleset(context: Context) -> Iterator[Issue]:
    """A ruleset this Mappa does not know (and why an installed ruleset plug-in did not load)."""
    if context.spec is None:
        yield issue(
            "RULESET_UNKNOWN",
            registry.why_unknown(context.scenario.ruleset.id),
            path="ruleset.id",
        )


def limits_table(context: Context) -> tuple[dict[str, dict[str, dict[str, Any]]], list[Issue]]:
    """Return the limits table as ``{object kind: {field: entry}}`` and the problems found in it."""
    try:
        raw = tables.table(context.scenario, "limits")
    except tables.TableError:
        return {}, []
    where = (
        "ruleset.tables.limits" if tables.is_overridden(context.scenario, "limits") else "the shipped limits"
    )
    # What the author reads; the path keeps the place in the file.
    named = "the scenario's limits" if where.startswith("ruleset.") else where
    if not isinstance(raw, dict):
        return {}, [issue("TABLE_INVALID", f"{named} table does not give a range for each field", path=where)]
    limits: dict[str, dict[str, dict[str, Any]]] = defaultdict(dict)
    problems: list[Issue] = []
    for name, entry in raw.items():
        ok = (
            isinstance(entry, dict)
            and isinstance(entry.get("applies_to"), str)
            and all(
                isinstance(entry.get(bound), int | float) or entry.get(bound) is None
                for bound in ("min", "max")
            )
        )
        if not ok:
            problems.append(
                issue(
                    "TABLE_INVALID",
                    f"{named} table: entry {name!r} needs the kind of object it limits and numeric "
                    "minimum and maximum values",
                    path=f"{where}.{name}",
                )
            )
            continue
        limits[entry["applies_to"]][name] = entry
    return limits, problems


_SUBJECTS = {
    "area": "area",
    "area_setup": "the starting state of area",
    "empire": "empire",
    "magnate": "Magnate",
    "unit": "unit",
    "options": "the rules options",
    "setup": "the scenario's setup",
}
"""How an ATTRIBUTE_INVALID message names the object whose attributes fail the schema."""


def _field_words(model: type[BaseModel], loc: tuple[Any, ...]) -> str:
    """Return a failing field in words: its short description when the schema gives one
    ("Armies and fleets"), else its name with spaces."""
    words = " ".join(str(p).replace("_", " ") for p in loc if not isinstance(p, int))
    info = model.model_fields.get(str(loc[0])) if loc else None
    # Without its parentheses: rule and table references are the tooltip's business.
    text = re.sub(r"\s*\([^)]*\)", "", info.description or "").rstrip(".") if info is not None else ""
    return text if len(loc) == 1 and 0 < len(text) <= 50 else words


def attributes(context: Context) -> Iterator[Issue]:
    """Attribute values against the ruleset's schemas and limits table, and the ids they name."""
    if context.spec is None:
        return
    limits, problems = limits_table(context)
    yield from problems
    for target in attribute_targets(context.scenario, context.spec):
        kind, model, attributes, path, owner = target[:5]
        bounded = limits.get(kind, {})
        location = context.location_of(owner) if kind in ("area", "area_setup") else None
        ids = (owner,) if owner else ()
        try:
            model.model_validate(attributes)
        except ValidationError as error:
            for item in error.errors():
                loc = tuple(item["loc"])
                if loc and loc[0] in bounded and item["type"] in _RANGE_ERRORS:
                    continue  # the limits check below reports it, with the table's range
                field_path = path + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in loc)
                got = f" (got {item['input']!r})" if "input" in item and loc else ""
                # What the author reads names the object and the field in words; the path is kept
                # in the issue's path.
                field = _field_words(model, loc)
                yield issue(
                    "ATTRIBUTE_INVALID",
                    f"{_SUBJECTS.get(kind, kind)}{f' {owner!r}' if owner else ''}"
                    f"{f', {field}' if field else ''}: {item['msg']}{got}",
                    ids=ids,
                    path=field_path,
                    location=location,
                )
        for name, entry in bounded.items():
            yield from _range(name, entry, attributes.get(name), f"{path}.{name}", ids, location)
        yield from _attribute_references(context, model, attributes, path, ids, location)


def _range(
    name: str, entry: dict[str, Any], value: Any, path: str, ids: tuple[str, ...], location: Point | None
) -> Iterator[Issue]:
    if not isinstance(value, int | float) or isinstance(value, bool) or not math.isfinite(value):
        return
    low, high = entry.get("min"), entry.get("max")
    if (low is not None and value < low) or (high is not None and value > high):
        if low is not None and high is not None:
            shown = f"outside {low}..{high}"
        else:
            shown = f"below the minimum {low}" if low is not None else f"above the maximum {high}"
        rule = str(entry.get("rule", ""))
        code = _RANGE_CODES.get(name, "VALUE_OUT_OF_RANGE")
        owner = f" of {ids[0]!r}" if ids else ""
        yield issue(
            code,
            f"{name.replace('_', ' ')}{owner} is {value}, {shown}{f' ({rule})' if rule else ''}",
            ids=ids,
            path=path,
            location=location,
            rule=rule,
        )


def _attribute_references(
    context: Context,
    model: type[BaseModel],
    attributes: dict[str, Any],
    path: str,
    ids: tuple[str, ...],
    location: Point | None,
) -> Iterator[Issue]:
    """Check fields that the ruleset marks as references (``json_schema_extra={"ref": kind}``).

    A reference is a string, a list of them, or the keys of a dict. A field whose mark also says
    ``"checked_by": "ruleset"`` is left to the ruleset's own check, which reports it with its own
    code and rule (EotMA ties and claims), so that one mistake is not reported twice.
    """
    known = context.known_ids()
    for name, target in _reference_fields(model):
        if target not in known or name not in attributes:
            continue
        value = attributes[name]
        values = list(value) if isinstance(value, list | dict) else [value]
        for item in values:
            if isinstance(item, str) and item not in known[target]:
                owner = f"{ids[0]!r}" if ids else "the scenario"
                expected = target.replace("_", " ")
                yield unknown_reference(
                    f"the {name} of {owner}", item, f"{path}.{name}", expected, ids, location
                )


@functools.cache
def _reference_fields(model: type[BaseModel]) -> tuple[tuple[str, str], ...]:
    """``(field, kind of id)`` of the fields of an attribute model that the core check follows
    (read once per model: there is one model per kind of object, and 30,000 areas)."""
    found = []
    for name, info in model.model_fields.items():
        extra = info.json_schema_extra
        target = extra.get("ref") if isinstance(extra, dict) else None
        if not isinstance(target, str):
            continue
        if isinstance(extra, dict) and extra.get("checked_by") == "ruleset":
            continue
        found.append((name, target))
    return tuple(found)


def units(context: Context) -> Iterator[Issue]:
    """Unit kinds, strengths and the kinds of area units stand on, by the ruleset's unit kinds."""
    spec = context.spec
    if spec is None:
        return
    for index, unit in enumerate(context.scenario.setup.units):
        path = f"setup.units[{index}]"
        where = context.location_of(unit.area)
        kind = spec.unit_kind(unit.kind)
        if kind is None:
            choices = ", ".join(k.id for k in spec.unit_kinds) or "none"
            yield issue(
                "UNIT_KIND_UNKNOWN",
                f"unit {unit.id!r} is a {unit.kind!r}; the {spec.id} ruleset has {choices}",
                ids=(unit.id,),
                path=f"{path}.kind",
                location=where,
            )
            continue
        if not kind.min_strength <= unit.strength <= kind.max_strength:
            rule = f" ({kind.rule})" if kind.rule else ""
            yield issue(
                "UNIT_STRENGTH_OUT_OF_RANGE",
                f"unit {unit.id!r} ({kind.name.lower()}) has strength "
                f"{unit.strength}; it must be {kind.min_strength}..{kind.max_strength}{rule}",
                ids=(unit.id,),
                path=f"{path}.strength",
                location=where,
                rule=kind.rule,
            )
        area = context.areas.get(unit.area)
        if area is not None and area.kind not in kind.allowed_on:
            allowed = " or ".join(k.value for k in kind.allowed_on)
            yield issue(
                "UNIT_AREA_KIND",
                f"unit {unit.id!r} ({kind.name.lower()}) stands in {area.kind.value} "
                f"area {label(context, area.id)}; it may only stand on {allowed}",
                ids=(unit.id, area.id),
                path=f"{path}.area",
                location=where,
                rule=kind.rule,
            )
