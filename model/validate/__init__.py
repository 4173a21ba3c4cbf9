"""The validator: every problem in a scenario as a list of coded issues; it never raises.

``validate(scenario)`` runs the core checks in order (``runner.CHECKS``), then the ruleset's own
checks (``RulesetSpec.run_checks``). Each check is a small function; one that crashes becomes an
``INTERNAL_ERROR`` issue naming it, so that one bug never hides the other findings. Codes are
stable (scripts and the editor's Issues dock rely on them) and documented in ``CODES``; a ruleset
documents its own codes in a ``CODES`` dict beside its checks function (``all_codes`` merges them).

The geometric checks use ``model.topology`` and ``model.graph``; callers that already hold a
``Topology`` or ``MapGraphs`` of the scenario pass them in to avoid rebuilding them.

Modules: ``codes`` (the code tables and issue builders), ``context`` (what the checks share),
``geometry`` (linework, faces, neighbours), ``identity`` (ids, names, references),
``connections``, ``ruleset_data`` (attributes, limits, units) and ``runner`` (``validate``).
"""

from __future__ import annotations

from model.validate.codes import CODES, SMOKE_CODES, all_codes, internal_error, issue
from model.validate.runner import CHECKS, has_errors, validate

__all__ = ["CHECKS", "CODES", "SMOKE_CODES", "all_codes", "has_errors", "internal_error", "issue", "validate"]
