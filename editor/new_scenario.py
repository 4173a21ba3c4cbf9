"""What File > New can start from: per ruleset, an empty map with its usual catalogs, or a shipped scenario.

A new empty map is made for one ruleset (``ruleset.id`` set) and carries the catalogs (languages,
religions) that the ruleset's editor part names as usual (``EditorRuleset.new_catalogs``): the
validator's "pick one from the catalog" then has something to pick from. The shipped scenarios
(``scenarios/*.mappa.json``) are offered as templates under the ruleset they are written for.

No Qt here: the New dialog (``editor.dialogs.new_scenario``) lists these choices.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from editor import rulesets as editor_rulesets
from editor.document import empty_scenario
from editor.files import templates
from model.rules import registry
from model.scenario import DEFAULT_RULESET_ID, Catalogs, RulesetRef, Scenario

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Template:
    """A shipped scenario offered by File > New: its file, title, ruleset and description."""

    path: Path
    title: str
    ruleset_id: str
    description: str


@dataclass(frozen=True)
class RulesetChoices:
    """One ruleset's group in the New dialog: its name, its usual catalogs and its templates."""

    ruleset_id: str
    name: str
    catalogs: Catalogs
    templates: tuple[Template, ...]

    def catalog_summary(self) -> str:
        """Say what the empty map starts with, e.g. "32 languages, 12 religions" (or "no catalogs")."""
        counts = [
            (len(self.catalogs.languages), "language", "languages"),
            (len(self.catalogs.religions), "religion", "religions"),
        ]
        parts = [f"{n} {one if n == 1 else many}" for n, one, many in counts if n]
        return ", ".join(parts) if parts else "no catalogs"


@lru_cache(maxsize=32)
def _read_template(path: Path, mtime: float) -> Template:
    """The title, ruleset and description of a scenario file (read as plain JSON: no validation)."""
    del mtime  # part of the cache key only: an edited file is read again
    data = json.loads(path.read_text(encoding="utf-8"))
    metadata = data.get("metadata") or {}
    ruleset = data.get("ruleset") or {}
    return Template(
        path=path,
        title=str(metadata.get("title") or path.name.removesuffix(".mappa.json")),
        ruleset_id=str(ruleset.get("id") or DEFAULT_RULESET_ID),
        description=str(metadata.get("description") or ""),
    )


def shipped_templates() -> list[Template]:
    """Every shipped scenario that can be read, in file-name order (unreadable ones are logged)."""
    found: list[Template] = []
    for path in templates():
        try:
            found.append(_read_template(path, path.stat().st_mtime))
        except (OSError, ValueError, AttributeError) as error:
            log.warning("template %s left out: %s", path, error)
    return found


def usual_catalogs(ruleset_id: str) -> Catalogs:
    """The catalogs a new map of this ruleset starts with (empty when its editor part names none)."""
    make = editor_rulesets.get(ruleset_id).new_catalogs
    return make() if make is not None else Catalogs()


def choices() -> list[RulesetChoices]:
    """One group per known ruleset (the default ruleset first, then by name) with its templates."""
    by_ruleset: dict[str, list[Template]] = {}
    for template in shipped_templates():
        by_ruleset.setdefault(template.ruleset_id, []).append(template)
    groups: list[RulesetChoices] = []
    for ruleset_id in registry.known():
        spec = registry.get(ruleset_id)
        name = spec.name if spec is not None else ruleset_id
        groups.append(
            RulesetChoices(
                ruleset_id, name, usual_catalogs(ruleset_id), tuple(by_ruleset.get(ruleset_id, ()))
            )
        )
    groups.sort(key=lambda g: (g.ruleset_id != DEFAULT_RULESET_ID, g.name.lower()))
    return groups


def new_scenario(ruleset_id: str = DEFAULT_RULESET_ID) -> Scenario:
    """An empty map for a ruleset, with that ruleset's usual catalogs (what File > New makes)."""
    scenario = empty_scenario()
    scenario.ruleset = RulesetRef(id=ruleset_id)
    scenario.catalogs = usual_catalogs(ruleset_id)
    return scenario
