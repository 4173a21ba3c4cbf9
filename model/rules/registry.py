"""The rulesets Mappa knows, found as plug-ins: the one place where a ruleset joins the model.

How a ruleset plugs in
======================

A ruleset (a game system) is a Python package that declares an entry point in the group
``mappa.rulesets`` (:data:`ENTRY_POINT_GROUP`) of its distribution's metadata; Mappa's own
pyproject.toml declares the shipped ones the same way, so a ruleset published as a package of
its own plugs in exactly like EotMA and Seasons::

    [project.entry-points."mappa.rulesets"]
    mygame = "mygame.spec:SPEC"

The entry point's name is the ruleset id written in scenario files (``ruleset.id``); it loads a
:class:`RulesetSpec` (or a callable returning one). Nothing in shared code lists rulesets or tests
a ruleset's name: it asks :func:`get` / :func:`known` and calls what the spec names.

What a ruleset must provide (fields of :class:`RulesetSpec`; ``module:attribute`` strings are
imported on first use, so reading a file never imports a rules engine):

* schema: pydantic models of its attributes on areas (map and setup layers), empires, Magnates,
  units, the scenario-wide setup and the optional rules, plus its :class:`UnitKind` list. The
  validator checks files against them; the editor generates its inspector from them.
* ``checks``: ``(Scenario, **context) -> list[Issue]``, the ruleset's validator checks; the module
  documents its issue codes in a ``CODES`` dict (``mappa validate --list-codes``).
* ``engine``: ``(Scenario) -> model.rules.protocol.Game``, the rules engine. Its states obey the
  protocol (``model.rules.protocol``): legal actions, apply, clone, JSON, ``view()`` and the
  per-seat ``log_for(seat)`` (hidden information: what a seat may see of the log), ``statistics()``
  (the report counters of the balance report), invariants.
* ``bots``: the AI levels, ``(level, "module:Class")``, weakest first.
* ``capture``: ``(Scenario, State) -> model.rules.capture.Captured``, the position reached in
  play written back as a setup (and the map attributes play changed); optional.
* ``reaches``: ``() -> list[model.rules.reach.Reach]``, its kinds of movement range; optional.
* ``tables_dir``: its default tables under ``resources/`` (one JSON file per table); optional.
* ``map_modes``: a tuple of ``model.rules.mapmodes.MapMode``, its own ways of colouring the map
  (a colour and legend per area, no Qt: the editor and headless rendering use the same); optional.

The editor part (paint attributes, editor-only map modes, play-test pictures built from ``view()``, decision
sentences, paint attributes, inspector sections) is found by the editor through its own entry
point group, ``mappa.editor_rulesets``, keyed by the same ruleset id; the model never imports it.

Tests (and programs embedding Mappa) may add a ruleset for a while with :func:`registered`, a
context manager that restores the registry afterwards; :func:`register` adds one for good.
"""

from __future__ import annotations

import importlib
import inspect
import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib import metadata
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from model.issues import Issue
from model.scenario import AreaKind, Scenario

if TYPE_CHECKING:
    from model.rules.capture import Captured
    from model.rules.mapmodes import MapMode
    from model.rules.reach import Reach


SEARCH_LEVEL: tuple[str, str] = ("mcts", "model.bots.mcts:MctsBot")
"""The Monte Carlo tree search AI level every ruleset can offer (it plays on the protocol only).
Rulesets list it below their heuristic level, so AI seats keep defaulting to heuristic: it beats
that level clearly on some scenarios only, at a cost of seconds a decision on the big ones
(tests/bench/bench_mcts.py measures it per scenario)."""


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
    capture: str = ""
    """``module:function`` writing a play-test position back as a setup,
    ``(Scenario, State) -> model.rules.capture.Captured``; empty when the ruleset offers none."""
    map_modes: str = ""
    """``module:attribute`` of the ruleset's own map modes, a tuple of ``model.rules.mapmodes.MapMode``
    (colour and legend per area, no Qt); the shared modes (owner, land and sea, validation) need
    not be listed."""
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

    def ruleset_map_modes(self) -> tuple[MapMode, ...]:
        """Return the map modes this ruleset adds to the shared ones (none when it declares none)."""
        if not self.map_modes:
            return ()
        modes: tuple[MapMode, ...] = tuple(_load(self.map_modes))
        return modes

    def capture_function(self) -> Callable[[Scenario, Any], Captured]:
        """Return the ruleset's capture of a play-test position into a setup.

        Raises :class:`LookupError` naming the ruleset when it offers none.
        """
        if not self.capture:
            raise LookupError(f"ruleset {self.id!r} cannot write a play-test position back as a setup")
        function: Callable[[Scenario, Any], Captured] = _load(self.capture)
        return function

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


ENTRY_POINT_GROUP = "mappa.rulesets"
"""The entry point group in which a distribution declares its rulesets (name = ruleset id)."""


class RulesetPluginError(LookupError):
    """A ruleset entry point that cannot be loaded or does not give a ruleset spec."""


_REGISTRY: dict[str, RulesetSpec] = {}
_PROBLEMS: list[str] = []
_discovered = False
_lock = threading.RLock()  # the editor's validation worker may be the first to ask


def register(spec: RulesetSpec) -> None:
    """Add a ruleset for the rest of the process (replacing one with the same id)."""
    if not isinstance(spec, RulesetSpec):
        raise TypeError(f"register() takes a RulesetSpec, not {type(spec).__name__}")
    _ensure_discovered()  # so a later discovery cannot replace what was registered by hand
    with _lock:
        _REGISTRY[spec.id] = spec


@contextmanager
def registered(spec: RulesetSpec) -> Iterator[RulesetSpec]:
    """Add ``spec`` while the ``with`` block runs, then restore whatever had its id before.

    For tests (a ruleset written for a test only) and tools that load a ruleset for one job.
    Play-test worker processes receive the spec of the scenario's ruleset from the parent, so a
    batch of games works for a ruleset registered this way too.
    """
    _ensure_discovered()
    with _lock:
        previous = _REGISTRY.get(spec.id)
    register(spec)
    try:
        yield spec
    finally:
        with _lock:
            if previous is None:
                _REGISTRY.pop(spec.id, None)
            else:
                _REGISTRY[spec.id] = previous


def get(ruleset_id: str) -> RulesetSpec | None:
    """Return the ruleset with this id, or None when it is unknown."""
    _ensure_discovered()
    return _REGISTRY.get(ruleset_id)


def known() -> list[str]:
    """Return the ids of every registered ruleset, sorted."""
    _ensure_discovered()
    return sorted(_REGISTRY)


def why_unknown(ruleset_id: str) -> str:
    """Return a sentence for a ruleset id nothing registered: which are known, which plug-ins
    failed to load, and what to do (for the messages of the validator, play-test and edits)."""
    known_ids = known()
    text = f"ruleset {ruleset_id!r} is unknown (known: {', '.join(known_ids) or 'none'})"
    broken = problems()
    if broken:
        text += f"; a ruleset plug-in failed to load: {'; '.join(broken)}"
    if not known_ids:
        # Entry points live in the installed package's metadata: a checkout run without being
        # installed (or installed before the rulesets were declared) has none.
        text += "; no ruleset is installed: reinstall Mappa (pip install -e .) so that its rulesets register"
    return text + "; fix ruleset.id or install the package that provides the ruleset"


def problems() -> list[str]:
    """Return why each ruleset entry point that failed to load was left out (empty when none)."""
    _ensure_discovered()
    return list(_PROBLEMS)


def rediscover() -> None:
    """Read the entry points again (after a distribution was installed into the running process)."""
    global _discovered
    with _lock:
        _discovered = False
        _PROBLEMS.clear()
    _ensure_discovered()


def _entry_points() -> list[metadata.EntryPoint]:
    return list(metadata.entry_points(group=ENTRY_POINT_GROUP))


def _load_entry_point(entry_point: metadata.EntryPoint) -> RulesetSpec:
    where = f"entry point {entry_point.name!r} = {entry_point.value!r} (group {ENTRY_POINT_GROUP})"
    dist = getattr(entry_point, "dist", None)
    if dist is not None:
        where += f" of the distribution {dist.metadata['Name']!r}"
    try:
        loaded = entry_point.load()
        spec = loaded() if callable(loaded) and not isinstance(loaded, RulesetSpec) else loaded
    except Exception as error:  # a broken plug-in must not take the shipped rulesets down with it
        raise RulesetPluginError(f"{where} cannot be loaded: {type(error).__name__}: {error}") from error
    if not isinstance(spec, RulesetSpec):
        raise RulesetPluginError(f"{where} gives a {type(spec).__name__}, not a RulesetSpec")
    if spec.id != entry_point.name:
        raise RulesetPluginError(
            f"{where} gives the ruleset {spec.id!r}: name the entry point after the ruleset id"
        )
    return spec


def _ensure_discovered() -> None:
    """Load every ruleset entry point once; every caller, on any thread, waits until all are in."""
    global _discovered
    if _discovered:
        return
    with _lock:
        if _discovered:
            return
        for entry_point in _entry_points():
            if entry_point.name in _REGISTRY:
                continue  # registered by hand (or found twice on sys.path): the first one stays
            try:
                spec = _load_entry_point(entry_point)
            except RulesetPluginError as error:
                _PROBLEMS.append(str(error))
                logging.getLogger(__name__).warning("%s", error)
                continue
            _REGISTRY[spec.id] = spec
        _discovered = True  # last: another thread seeing it set sees every ruleset registered
