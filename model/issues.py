"""The validator's finding: one problem, with a stable code, a severity and where it is.

Kept apart from ``model.validate`` so that ruleset checks can build issues without importing the
validator itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from model.scenario import Point


class Severity(StrEnum):
    """How bad an issue is: errors block play-testing; warnings are worth a look."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True)
class Issue:
    """One problem in a scenario.

    ``code`` is stable across versions (see ``model.validate.CODES`` for the documented list);
    ``ids`` are the areas, boundaries, connections, empires or units it concerns; ``path`` is the
    JSON path in the file when the problem is a value; ``location`` is a map point to zoom to.
    """

    code: str
    severity: Severity
    message: str
    ids: tuple[str, ...] = ()
    path: str = ""
    location: Point | None = None
    rule: str = field(default="", compare=False)

    def to_json(self) -> dict[str, object]:
        """Return the issue as a plain JSON-ready dict."""
        data: dict[str, object] = {
            "code": self.code,
            "severity": self.severity.value,
            "message": self.message,
            "ids": list(self.ids),
        }
        if self.path:
            data["path"] = self.path
        if self.location is not None:
            data["location"] = list(self.location)
        if self.rule:
            data["rule"] = self.rule
        return data
