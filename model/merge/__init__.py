"""Three-way merge of two authors' versions of a scenario (``mappa merge``, git's merge driver).

``merge_scenarios(base, ours, theirs)`` merges the canonical data of the three versions value by
value (``three_way``): changes to different areas, empires, units, catalog entries, options, or
to an area's shape (its boundaries) in one version and its attributes in the other, all come
through. Ids theirs made from the serial counter are first moved past ours' (``ids``). A value
both changed differently keeps ours and becomes an entry of the file's ``conflicts``, which the
validator lists as ``MERGE_CONFLICT`` issues. The result always loads: when the merged data would
not (a reference to an object the other side removed, say), or when the two versions' linework
does not fit together (borders crossing), the part at fault is taken from ours and that too is
recorded as a conflict.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from model.io import canonical_data
from model.issues import Severity
from model.merge.ids import rename, serial_shift
from model.merge.three_way import Conflict, ThreeWay
from model.scenario import MergeConflict, Scenario

GEOMETRY_CODES: frozenset[str] = frozenset(
    {
        "BOUNDARY_SELF_CROSSING",
        "BOUNDARY_CROSSING",
        "BOUNDARY_DEGENERATE",
        "BOUNDARY_DUPLICATE",
        "BOUNDARY_INVALID",
        "AREA_GAP",
        "AREA_SHARED_FACE",
        "ANCHOR_OUTSIDE",
    }
)
"""Errors of the linework and faces: when the merge makes one that neither version has, the
two versions' borders do not fit together and ours' linework is kept."""

_SETTLED_APART = ("next_serial", "app_version", "conflicts", "schema_version")


@dataclass(frozen=True)
class MergeResult:
    """The merged scenario and the conflicts it records (also in ``scenario.conflicts``)."""

    scenario: Scenario
    conflicts: tuple[MergeConflict, ...]

    @property
    def clean(self) -> bool:
        """Whether every change merged (no new conflict)."""
        return not self.conflicts


def merge_scenarios(base: Scenario, ours: Scenario, theirs: Scenario, *, check: bool = True) -> MergeResult:
    """Merge ``ours`` and ``theirs``, two versions made from ``base``; conflicts keep ours.

    ``check`` validates the result and falls back to ours' linework when the merge broke it.
    """
    data = [canonical_data(version) for version in (base, ours, theirs)]
    renames = serial_shift(*data)
    theirs_data = rename(data[2], renames)
    shift = int(ours.next_serial) - int(base.next_serial) if renames else 0
    merge = ThreeWay()
    base_data, ours_data, theirs_data = _without_settled(data[0], data[1], theirs_data)
    merged = merge.merge(base_data, ours_data, theirs_data)
    merged["next_serial"] = max(ours.next_serial, theirs.next_serial + shift)
    recorded = [*ours.conflicts, *(c for c in theirs.conflicts if c not in ours.conflicts)]
    found = [_record(conflict) for conflict in merge.conflicts]
    scenario = _loadable(merged, ours, found)
    if check:
        scenario = _fitting_linework(scenario, ours, theirs, found, renames)
    scenario = scenario.model_copy(update={"conflicts": [*recorded, *found]})
    return MergeResult(Scenario.model_validate(scenario.model_dump()), tuple(found))


def _without_settled(*versions: dict[str, Any]) -> list[dict[str, Any]]:
    return [{k: v for k, v in version.items() if k not in _SETTLED_APART} for version in versions]


def _record(conflict: Conflict) -> MergeConflict:
    return MergeConflict(
        path=conflict.path,
        message=conflict.message,
        ids=conflict.ids,
        base=conflict.base,
        ours=conflict.ours,
        theirs=conflict.theirs,
    )


def _loadable(merged: dict[str, Any], ours: Scenario, found: list[MergeConflict]) -> Scenario:
    """The merged data as a scenario; a top-level section the schema refuses is taken from ours."""
    try:
        return Scenario.model_validate(merged)
    except ValidationError as error:
        bad = sorted({str(item["loc"][0]) for item in error.errors() if item["loc"]})
        fallback = canonical_data(ours)
        for section in bad:
            found.append(
                MergeConflict(
                    path=section,
                    message=f"the merged {section} is not a valid scenario section ({error.error_count()} "
                    "problems); kept ours' whole section",
                    ours=None,
                    theirs=None,
                )
            )
            if section in fallback:
                merged[section] = fallback[section]
            else:
                merged.pop(section, None)
        merged.pop("conflicts", None)
        return Scenario.model_validate(merged)


def _errors(scenario: Scenario) -> set[tuple[str, tuple[str, ...]]]:
    from model.validate import validate

    return {
        (issue.code, tuple(sorted(issue.ids)))
        for issue in validate(scenario)
        if issue.severity is Severity.ERROR and issue.code != "ENGINE_REFUSED"
    }


def _fitting_linework(
    scenario: Scenario,
    ours: Scenario,
    theirs: Scenario,
    found: list[MergeConflict],
    renames: dict[str, str],
) -> Scenario:
    """Record the errors the merge made that neither version has (a unit theirs placed in an area
    ours deleted...); keep ours' linework when they break the borders. Theirs' errors are named
    by the ids its objects have in the merge (``renames``)."""
    theirs_errors = {(code, tuple(sorted(renames.get(i, i) for i in ids))) for code, ids in _errors(theirs)}
    new = _errors(scenario) - _errors(ours) - theirs_errors
    if not new:
        return scenario
    broken = {item for item in new if item[0] in GEOMETRY_CODES}
    for code, ids in sorted(new - broken):
        found.append(
            MergeConflict(
                path="(merged file)",
                message=f"the merge made a {code} error that neither version has: settle the two "
                "versions' changes to these objects",
                ids=list(ids),
            )
        )
    if not broken:
        return scenario
    listed = "; ".join(f"{code} {', '.join(ids)}" for code, ids in sorted(broken)[:10])
    found.append(
        MergeConflict(
            path="map.boundaries",
            message=f"the two versions' borders do not fit together ({listed}); kept ours' linework: "
            "redraw theirs' border changes",
            ids=sorted({i for _code, ids in broken for i in ids})[:50],
        )
    )
    return scenario.model_copy(
        update={"map": scenario.map.model_copy(update={"boundaries": ours.map.boundaries})}
    )
