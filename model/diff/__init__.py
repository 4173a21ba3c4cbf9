"""Semantic diff of two versions of a scenario: what changed, in the author's words, with ids.

``diff_scenarios(old, new)`` returns a ``ScenarioDiff``: one ``Change`` per thing an author did,
by section (``changes.SECTIONS``). Modules, one per concern: ``changes`` (the change, the diff
and the shared wording), ``records`` (lists of objects with ids), ``areas`` (areas and their
shapes: reshaped, merged, split), ``graph`` (adjacency and connections), ``catalog``, ``setup``
(empires, Magnates, starting state, units), ``options`` (metadata, map settings, ruleset options
and tables), ``render`` (the text of ``mappa diff``) and ``command`` (the subcommand).
"""

from __future__ import annotations

from model.diff.areas import Shapes, diff_areas
from model.diff.catalog import diff_catalogs
from model.diff.changes import SECTIONS, Change, ScenarioDiff
from model.diff.graph import diff_adjacency, diff_connections
from model.diff.options import diff_map_settings, diff_metadata, diff_ruleset
from model.diff.setup import diff_setup
from model.scenario import Scenario
from model.topology import Topology

__all__ = ["SECTIONS", "Change", "ScenarioDiff", "diff_scenarios"]


def diff_scenarios(
    old: Scenario,
    new: Scenario,
    *,
    old_topology: Topology | None = None,
    new_topology: Topology | None = None,
) -> ScenarioDiff:
    """Return every change from ``old`` to ``new`` (topologies built unless given)."""
    old_topology = old_topology or Topology.build(old.map)
    new_topology = new_topology or Topology.build(new.map)
    changes = [
        *diff_metadata(old, new),
        *diff_map_settings(old, new),
        *diff_areas(old, new, Shapes.of(old, old_topology), Shapes.of(new, new_topology)),
        *diff_adjacency(old, new, old_topology, new_topology),
        *diff_connections(old, new),
        *diff_catalogs(old, new),
        *diff_ruleset(old, new),
        *diff_setup(old, new),
    ]
    order = {section: index for index, section in enumerate(SECTIONS)}
    return ScenarioDiff(tuple(sorted(changes, key=lambda change: order[change.section])))
