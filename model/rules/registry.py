"""The rulesets Mappa knows: each registers the pydantic models of its scenario attributes.

A ruleset plugs into the model here and nowhere else: the validator checks ``attributes`` dicts
against these models and runs the ruleset's own checks; the editor generates its inspector from
them; play-test mode asks for the engine. Engine and checks are named by import path and loaded on
first use, so that reading a file never imports a rules engine.
"""

from __future__ import annotations

import importlib
import inspect
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from model.issues import Issue
from model.scenario import AreaKind, Scenario

if TYPE_CHECKING:
    from model.rules.reach import Reach


@dataclass(frozen=True)
class UnitKind:
    """A kind of unit a ruleset places on the map, with its strength range and where it may stand."""

    id: str
    name: str
    min_strength: int = 1
    max_strength: int = 1
    allowed_on: tuple[AreaKind, ...] = (AreaKind.LAND,)
    rule: str = ""


@dataclass(frozen=True)
class RulesetSpec:
    """Everything the model and the editor need to know about one ruleset."""

    id: str
    name: str
    player_label: str
    area_attributes: type[BaseModel]
    area_setup: type[BaseModel]
    empire_attributes: type[BaseModel]
    magnate_attributes: type[BaseModel]
    unit_attributes: type[BaseModel]
    options: type[BaseModel]
    setup_attributes: type[BaseModel]
    unit_kinds: tuple[UnitKind, ...] = ()
    checks: str = ""
    """``module:function`` of the ruleset's validator checks, ``(Scenario) -> list[Issue]``."""
    engine: str = ""
    """``module:callable`` that builds the engine's Game from a Scenario."""
    tables_dir: str = ""
    """Folder under resources/ with the ruleset's default tables (one JSON file per table)."""
    tables_loader: str = ""
    """``module:callable`` that reads the ruleset's tables with a scenario's overrides,
    ``(overrides: dict[str, Any]) -> Any``, raising an error that says what is wrong in them
    (the validator reports it as TABLE_INVALID at ``ruleset.tables.<id>``)."""
    bots: tuple[tuple[str, str], ...] = (("random", "model.bots.base:RandomBot"),)
    """AI levels as ``(level, "module:Class")``; each class is built as ``Class(seed=...)`` or ``Class()``."""
    reaches: str = ""
    """``module:function`` returning the ruleset's kinds of reach, ``() -> list[model.rules.reach.Reach]``
    (plain graph distance is shared and need not be listed)."""
    extra: dict[str, Any] = field(default_factory=dict)

    def unit_kind(self, kind_id: str) -> UnitKind | None:
        """Return the unit kind with this id, or None when the ruleset has none such."""
        for kind in self.unit_kinds:
            if kind.id == kind_id:
                return kind
        return None

    def run_checks(self, scenario: Scenario, **context: Any) -> list[Issue]:
        """Run the ruleset's own validator checks (an empty list when it has none).

        ``context`` holds derived data the validator already built (``graphs``: the scenario's
        ``MapGraphs``); it is passed on only as far as the checks function declares those keywords.
        """
        if not self.checks:
            return []
        function: Callable[..., list[Issue]] = _load(self.checks)
        parameters = inspect.signature(function).parameters
        if not any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values()):
            context = {key: value for key, value in context.items() if key in parameters}
        return function(scenario, **context)

    def load_tables(self, overrides: dict[str, Any]) -> Any:
        """Read the ruleset's tables as the engine will, with these overrides of shipped ones.

        Raises whatever the ruleset raises for a table it cannot use; returns None when the
        ruleset declares no ``tables_loader``.
        """
        if not self.tables_loader:
            return None
        return _load(self.tables_loader)(overrides)

    def engine_factory(self) -> Callable[..., Any]:
        """Return the callable that builds this ruleset's Game from a Scenario."""
        if not self.engine:
            raise LookupError(f"ruleset {self.id!r} has no rules engine")
        factory: Callable[..., Any] = _load(self.engine)
        return factory

    def ruleset_reaches(self) -> list[Reach]:
        """Return the kinds of reach this ruleset offers (movement, sea range...), if it declares any."""
        if not self.reaches:
            return []
        function: Callable[[], list[Reach]] = _load(self.reaches)
        return function()

    def bot_levels(self) -> list[str]:
        """Return the names of the AI levels this ruleset offers, weakest first."""
        return [level for level, _ in self.bots]

    def make_bot(self, level: str, seed: int = 0) -> Any:
        """Return a new bot of the named level, seeded where the bot takes a seed."""
        for name, target in self.bots:
            if name == level:
                cls = _load(target)
                takes_seed = "seed" in inspect.signature(cls).parameters
                return cls(seed=seed) if takes_seed else cls()
        raise LookupError(
            f"ruleset {self.id!r} has no AI level {level!r}; levels: {', '.join(self.bot_levels())}"
        )


def _load(target: str) -> Any:
    """The object named ``module:attribute`` (the attribute may be dotted: ``Class.method``)."""
    module_name, _, attribute = target.partition(":")
    found: Any = importlib.import_module(module_name)
    for name in attribute.split("."):
        found = getattr(found, name)
    return found


_REGISTRY: dict[str, RulesetSpec] = {}
_BUILTINS = ("model.rules.eotma.spec", "model.rules.seasons.spec")
_builtins_loaded = False
_builtins_lock = threading.RLock()  # the editor's validation worker may be the first to ask


def register(spec: RulesetSpec) -> None:
    """Add a ruleset (replacing one with the same id)."""
    _REGISTRY[spec.id] = spec


def get(ruleset_id: str) -> RulesetSpec | None:
    """Return the ruleset with this id, or None when it is unknown."""
    _ensure_builtins()
    return _REGISTRY.get(ruleset_id)


def known() -> list[str]:
    """Return the ids of every registered ruleset, sorted."""
    _ensure_builtins()
    return sorted(_REGISTRY)


def _ensure_builtins() -> None:
    """Import the built-in rulesets once; every caller, on any thread, waits until all are registered."""
    global _builtins_loaded
    if _builtins_loaded:
        return
    with _builtins_lock:
        if _builtins_loaded:
            return
        # The built-in rulesets register themselves when their spec module is imported.
        for name in _BUILTINS:
            importlib.import_module(name)
        _builtins_loaded = True  # last: another thread seeing it set sees every built-in registered
