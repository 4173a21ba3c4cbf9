"""The validator's codes: every code the core checks emit, with its severity and meaning.

Codes are stable (scripts and the editor's Issues dock rely on them). A ruleset documents its own
codes in a ``CODES`` dict beside its checks function; ``all_codes`` merges them all.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable

from model.issues import Issue, Severity
from model.rules import registry
from model.scenario import Point

E, W = Severity.ERROR, Severity.WARNING

CODES: dict[str, tuple[Severity, str]] = {
    # linework (model.topology)
    "BOUNDARY_SELF_CROSSING": (E, "A boundary crosses itself."),
    "BOUNDARY_CROSSING": (
        E,
        "Two boundaries cross away from a shared end point (borders must meet at nodes).",
    ),
    "BOUNDARY_DANGLING": (W, "A boundary end touches no other boundary, so it encloses nothing."),
    "BOUNDARY_DEGENERATE": (E, "A boundary has no length (all its points coincide)."),
    "BOUNDARY_DUPLICATE": (E, "Two boundaries run along the same line (each border is stored once)."),
    "BOUNDARY_INVALID": (E, "A boundary the topology cannot use, for a reason given in the message."),
    # faces and anchors
    "AREA_GAP": (E, "A face of the linework holds no anchor: it belongs to no area."),
    "AREA_SHARED_FACE": (E, "One face holds anchors of two or more areas."),
    "ANCHOR_OUTSIDE": (E, "An area's anchor lies outside every face of the linework."),
    "AREA_ISOLATED": (W, "An area has no neighbour at all (no shared border, no connection)."),
    "SEA_NO_COAST": (W, "A sea area touches no land area."),
    "MAP_EMPTY": (W, "The map has no areas."),
    # ids and names
    "DUPLICATE_ID": (E, "Two objects share an id; ids must be unique across the whole scenario."),
    "UNKNOWN_REFERENCE": (E, "A field names an id that no object of the expected kind has."),
    "NAME_MISSING": (W, "An area, empire, Magnate or catalog entry has an empty name."),
    "NAME_DUPLICATE": (W, "Two areas have the same name, which players cannot tell apart."),
    # connections
    "CONNECTION_SELF": (E, "A connection links an area to itself."),
    "CONNECTION_DUPLICATE": (E, "Two connections of the same kind link the same two areas."),
    "CONNECTION_CONFLICT": (W, "The same two areas are both connected and made impassable."),
    "CONNECTION_ONE_WAY": (W, "A one-way connection: the rulesets treat every link as two-way."),
    "CONNECTION_KIND_MISMATCH": (
        E,
        "A connection's kind does not fit its ends (e.g. a strait between seas).",
    ),
    "CONNECTION_REDUNDANT": (W, "A connection that changes nothing (a strait between neighbours...)."),
    # ruleset data
    "RULESET_UNKNOWN": (E, "The scenario names a ruleset this Mappa does not know."),
    "ATTRIBUTE_INVALID": (E, "An attributes value fails the ruleset's schema (the path says which)."),
    "POPULATION_OUT_OF_RANGE": (E, "An area's population is outside the ruleset's limits table."),
    "SOCIAL_STATE_OUT_OF_RANGE": (E, "An area's social state is outside the ruleset's limits table."),
    "VALUE_OUT_OF_RANGE": (E, "A value is outside the range of the ruleset's limits table."),
    "TABLE_INVALID": (E, "A ruleset table (shipped default or scenario override) is malformed."),
    "ENGINE_REFUSED": (E, "The rules engine cannot start a game from the scenario (the message says why)."),
    "SETUP_NO_PLAYERS": (
        Severity.INFO,
        "The scenario has no empires (nations) yet: a map, not yet a game the engine can start.",
    ),
    "GEOMETRY_FAILED": (
        E,
        "The geometry library failed on the map (out of memory, no convergence); the message names"
        " the boundaries.",
    ),
    "UNIT_KIND_UNKNOWN": (E, "A unit's kind is not one of the ruleset's unit kinds."),
    "UNIT_STRENGTH_OUT_OF_RANGE": (E, "A unit's strength is outside its kind's range."),
    "UNIT_AREA_KIND": (E, "A unit stands on an area of a kind it may not (e.g. an army at sea)."),
    # underlays (editor reference layers; model.validate.underlays)
    "UNDERLAY_SOURCE_REFUSED": (
        E,
        "An underlay names a file outside the scenario's folder and resources, or one that is not "
        "a regular file within the size limit; it is not read.",
    ),
    "UNDERLAY_FILE_MISSING": (W, "An underlay's file is missing or unreadable (the map opens without it)."),
    # merges (model.merge)
    "MERGE_CONFLICT": (
        W,
        "Two authors changed the same value differently; the merge kept one side (listed in the "
        "file's conflicts: settle it, then delete the entry).",
    ),
    # the validator itself
    "INTERNAL_ERROR": (E, "A check crashed: a bug in Mappa; the message names the check."),
}
"""Every code the core validator emits: code -> (severity, one-line description)."""


def issue(
    code: str,
    message: str,
    *,
    ids: Iterable[str] = (),
    path: str = "",
    location: Point | None = None,
    rule: str = "",
    codes: dict[str, tuple[Severity, str]] | None = None,
) -> Issue:
    """Build an issue whose severity comes from the code table (``CODES`` unless ``codes`` is given)."""
    severity = (codes or CODES)[code][0]
    return Issue(code, severity, message, tuple(ids), path, location, rule)


SMOKE_CODES: dict[str, tuple[Severity, str]] = {
    "ENGINE_ERROR": (E, "A quick AI game of the scenario stopped with an engine error."),
    "ENGINE_INVARIANT": (E, "A quick AI game reached a position that breaks a rule invariant."),
    "ENGINE_UNAVAILABLE": (W, "The smoke test could not start a game of this scenario."),
}
"""The codes of ``mappa validate --smoke``: issued by ``model.playtest.smoke``, documented here so
that the validator does not depend on the play-test layer (which depends on it)."""


def all_codes() -> dict[str, tuple[Severity, str, str]]:
    """Return every documented code, core, smoke and ruleset: code -> (severity, description, where from)."""
    merged: dict[str, tuple[Severity, str, str]] = {
        code: (severity, text, "core") for code, (severity, text) in CODES.items()
    }
    for code, (severity, text) in SMOKE_CODES.items():
        merged[code] = (severity, text, "smoke")
    for ruleset_id in registry.known():
        spec = registry.get(ruleset_id)
        if spec is None or not spec.checks:
            continue
        module = importlib.import_module(spec.checks.partition(":")[0])
        for code, (severity, text) in getattr(module, "CODES", {}).items():
            merged.setdefault(code, (severity, text, ruleset_id))
    return merged


def internal_error(check: str, error: BaseException) -> Issue:
    """The issue that stands for a check that crashed: a bug in Mappa, named so it can be reported."""
    return issue(
        "INTERNAL_ERROR",
        f"the check {check!r} crashed ({type(error).__name__}: {error}); "
        "please report this with the scenario file",
    )
