"""The one lookup of the shipped files (model.resources), from the sources and frozen.

A frozen run is simulated as PyInstaller makes it: ``sys.frozen`` set and ``sys._MEIPASS`` naming
the bundle's data folder, here a temporary folder laid out like the packaged application's
(``packaging/mappa.spec``: resources/ and scenarios/ at the same relative paths). Each reader of a
shipped file must then read the bundle's copy, which the test marks to tell it from the repository's.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from model import resources
from model.bots import mcts_settings
from model.rules import tables as rules_tables
from model.rules.eotma import data as eotma_data
from model.rules.sevenages import tables as sevenages_tables
from model.underlay import SHIPPED_BASEMAP, source_for
from model.underlay_files import resolve_source

ROOT = Path(__file__).resolve().parents[2]


def _clear_table_caches() -> None:
    rules_tables._shipped.cache_clear()
    eotma_data._default_table.cache_clear()
    sevenages_tables._shipped.cache_clear()


def _mark(path: Path) -> None:
    """Add a key to a JSON table so that a read of this copy can be told from the repository's."""
    data = json.loads(path.read_text(encoding="utf-8"))
    data["read_from"] = "bundle"
    path.write_text(json.dumps(data), encoding="utf-8")


@pytest.fixture
def bundle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A frozen run on a bundle folder laid out like the packaged application's data folder."""
    data = tmp_path / "dist" / "mappa" / "_internal"
    shutil.copytree(ROOT / "resources", data / "resources", ignore=shutil.ignore_patterns("*.py"))
    (data / "scenarios").mkdir()
    shutil.copy(ROOT / "scenarios" / "default.mappa.json", data / "scenarios")
    _mark(data / "resources" / "rulesets" / "eotma" / "limits.json")
    _mark(data / "resources" / "rulesets" / "sevenages" / "units.json")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(data), raising=False)
    _clear_table_caches()  # tables read from the repository before must not answer
    yield data
    _clear_table_caches()  # nor may the bundle's copies outlive the test


def test_from_the_sources_the_files_are_the_repository_s() -> None:
    assert not resources.is_frozen()
    assert resources.app_root() == ROOT
    assert resources.resources_dir() == ROOT / "resources"
    assert resources.resource_path("rulesets", "eotma") == ROOT / "resources" / "rulesets" / "eotma"
    assert (resources.scenarios_dir() / "default.mappa.json").is_file()
    assert sevenages_tables.tables_dir() == ROOT / "resources" / "rulesets" / "sevenages"
    assert "read_from" not in rules_tables.default_tables("eotma")["limits"]


def test_frozen_the_files_are_the_bundle_s(bundle: Path) -> None:
    assert resources.is_frozen()
    assert resources.app_root() == bundle.resolve()
    assert resources.resources_dir() == bundle.resolve() / "resources"
    assert resources.scenarios_dir() == bundle.resolve() / "scenarios"
    assert sorted(p.name for p in resources.scenarios_dir().glob("*.mappa.json")) == ["default.mappa.json"]


def test_frozen_every_table_reader_reads_the_bundle(bundle: Path) -> None:
    assert rules_tables.default_tables("eotma")["limits"]["read_from"] == "bundle"
    assert eotma_data._default_table("limits")["read_from"] == "bundle"
    assert sevenages_tables._shipped("units")["read_from"] == "bundle"
    assert sevenages_tables.tables_dir() == bundle.resolve() / "resources" / "rulesets" / "sevenages"
    assert mcts_settings.settings_file() == bundle.resolve() / "resources" / "bots" / "mcts.json"


def test_frozen_mappa_underlay_sources_resolve_inside_the_bundle(bundle: Path) -> None:
    path = resolve_source(SHIPPED_BASEMAP, None)
    assert path == bundle.resolve() / "resources" / "basemaps" / "natural-earth" / "europe-land-50m.geojson"
    assert path.is_file()
    # And a file of the bundle's resources is stored back as a ``mappa:`` source.
    assert source_for(path, None) == SHIPPED_BASEMAP


def test_frozen_without_a_data_folder_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    with pytest.raises(resources.BundleError, match=r"sys\._MEIPASS is not set"):
        resources.resources_dir()


# Paths to shipped files built from a module's own place (``Path(__file__)...``, ``parents[N]``)
# break once frozen; model.resources is the one place that may do it.
_OWN_PATH = re.compile(r"__file__|\.parents\[|\.parent\.parent")
_ALLOWED = {
    "model/resources.py": "the lookup itself",
    "editor/polygonize_process.py": "the code root put on the helper's PYTHONPATH, not a data file",
}


def test_no_module_finds_shipped_files_by_its_own_path() -> None:
    found = []
    for folder in ("model", "editor"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            if name in _ALLOWED:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if _OWN_PATH.search(line):
                    found.append(f"{name}:{number}: {line.strip()}")
    assert found == [], "use model.resources instead:\n" + "\n".join(found)
