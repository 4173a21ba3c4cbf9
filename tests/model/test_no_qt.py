"""Importing the model and running the headless commands never loads Qt (DESIGN.md: model/ is pure).

Each check runs in a fresh interpreter, so that Qt loaded by other tests cannot hide a leak.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import sys
{body}
leaked = sorted(name for name in sys.modules if name.split(".")[0] in ("PySide6", "shiboken6", "editor"))
print("LEAKED:" + ",".join(leaked))
"""


def run_probe(body: str, tmp_path: Path) -> str:
    """Run ``body`` in a fresh Python and return the Qt or editor modules it left loaded."""
    script = PROBE.format(body=body)
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    (line,) = [line for line in done.stdout.splitlines() if line.startswith("LEAKED:")]
    return line.removeprefix("LEAKED:")


def test_importing_every_model_module_loads_no_qt(tmp_path: Path) -> None:
    body = (
        "import pkgutil, importlib, model\n"
        "for info in pkgutil.walk_packages(model.__path__, 'model.'):\n"
        "    importlib.import_module(info.name)\n"
    )
    assert run_probe(body, tmp_path) == ""


@pytest.mark.parametrize(
    "argv",
    [
        ["validate", "{root}/scenarios/default.mappa.json"],
        ["validate", "--list-codes"],
        ["info", "--json", "{root}/scenarios/default.mappa.json"],
        ["schema"],
        ["migrate", "{root}/tests/data/v0-prototype.mappa.json", "-o", "out.mappa.json"],
        ["import", "geojson", "{root}/tests/data/geojson/three-shires.geojson", "-o", "shires.mappa.json"],
    ],
    ids=lambda argv: argv[0] + ("-codes" if "--list-codes" in argv else ""),
)
def test_headless_commands_load_no_qt(tmp_path: Path, argv: list[str]) -> None:
    args = [a.format(root=ROOT) for a in argv]
    body = (
        "import contextlib, io\n"
        "from model.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    status = main({args!r})\n"
        "assert status == 0, status\n"
    )
    assert run_probe(body, tmp_path) == ""


@pytest.mark.parametrize(
    "argv",
    [["validate", "{root}/scenarios/default.mappa.json"], ["info", "{root}/scenarios/default.mappa.json"]],
    ids=lambda argv: argv[0],
)
def test_headless_commands_through_the_console_script_load_no_qt(tmp_path: Path, argv: list[str]) -> None:
    # The `mappa` script starts in the editor package (editor.cli_entry); a headless command run
    # through it loads that one module of the editor and nothing of Qt.
    args = [a.format(root=ROOT) for a in argv]
    body = (
        "import contextlib, io\n"
        "from editor.cli_entry import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    status = main({args!r})\n"
        "assert status == 0, status\n"
    )
    assert run_probe(body, tmp_path) == "editor,editor.cli_entry"
