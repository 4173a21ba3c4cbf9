"""The one list of attributes dicts and their schemas, walked by the validator and catalog edits."""

from __future__ import annotations

from pathlib import Path

from model import io
from model.attributes import KINDS, attribute_targets
from model.ops.catalogs import references
from model.rules import registry
from model.validate import validate

DEFAULT = Path(__file__).resolve().parents[2] / "scenarios" / "default.mappa.json"


def test_every_attributes_dict_is_listed_once_with_its_schema_and_holder() -> None:
    scenario = io.load(DEFAULT)
    spec = registry.get(scenario.ruleset.id)
    assert spec is not None
    targets = list(attribute_targets(scenario, spec))
    setup = scenario.setup
    expected = len(scenario.map.areas) + len(setup.areas) + len(setup.empires) + len(setup.magnates)
    assert len(targets) == expected + len(setup.units) + 2
    kinds = [t.kind for t in targets]
    assert sorted(set(kinds), key=KINDS.index) == [k for k in KINDS if k in kinds]
    assert kinds == sorted(kinds, key=KINDS.index)  # grouped, in the documented order
    assert len({t.path for t in targets}) == len(targets)
    for target in targets:
        holder = target.holder()
        if target.container is None:
            assert target.kind in ("options", "setup") and holder is None and target.owner == ""
        else:
            assert holder.attributes is target.attributes
    by_kind = {t.kind: t for t in targets}
    assert by_kind["area_setup"].schema is spec.area_setup
    assert by_kind["options"].attributes is scenario.ruleset.options
    assert by_kind["setup"].attributes is scenario.setup.attributes


def test_the_validator_and_catalog_references_see_the_same_fields() -> None:
    scenario = io.load(DEFAULT)
    spec = registry.get(scenario.ruleset.id)
    assert spec is not None
    language = scenario.catalogs.languages[0].id
    found = references(scenario, "language", language)
    assert found, "the default scenario uses its first language"
    scenario.catalogs.languages = scenario.catalogs.languages[1:]  # now every use names nothing
    unknown = [i for i in validate(scenario) if i.code == "UNKNOWN_REFERENCE" and language in i.ids]
    in_areas = {(r.owner_id, r.field) for r in found if r.owner == "area" and " " not in r.field}
    flagged = {(i.ids[0], i.path.rsplit(".", 1)[1]) for i in unknown if i.path.startswith("map.areas")}
    assert in_areas and in_areas == flagged
