"""The packaged application (PyInstaller, ``packaging/mappa.spec``) started as a user would: headless.

The package is the one named by ``MAPPA_PACKAGED_APP`` (a folder holding the ``mappa`` program,
e.g. ``dist/mappa`` after ``bash .ci/package``); otherwise it is built here into a temporary folder,
which takes about a minute on two quiet cores (hence ``slow``) and needs PyInstaller, the ``package``
extra (``bash .ci/bootstrap package``; CI installs it). Without either the tests are skipped.

Each check runs the frozen program in a fresh process with ``QT_QPA_PLATFORM=offscreen``: its
version report, ``validate`` on every shipped scenario, ``render`` to PNG with a ruleset's map mode
(the editor parts come from the ``mappa.editor_rulesets`` entry points, so the bundled metadata is
exercised), the rulesets' reaches (``mappa.rulesets`` entry points), and the Linux desktop
integration installed into a temporary home.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
SCENARIOS = sorted(path.name for path in (ROOT / "scenarios").glob("*.mappa.json"))

pytestmark = [
    pytest.mark.slow,
    # The build is part of the first test: about a minute on a quiet 2-core machine, measured at
    # 8 minutes on one shared by many jobs; the suite's 10-minute limit would not leave room.
    pytest.mark.timeout(1500),
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux package is built and checked"),
]


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The packaged application's folder (the one holding the ``mappa`` program)."""
    given = os.environ.get("MAPPA_PACKAGED_APP")
    if given:
        folder = Path(given).resolve()
        assert (folder / "mappa").is_file(), f"MAPPA_PACKAGED_APP={given} holds no mappa program"
        return folder
    if importlib.util.find_spec("PyInstaller") is None:
        pytest.skip("PyInstaller is not installed (bash .ci/bootstrap package), nor MAPPA_PACKAGED_APP set")
    out = tmp_path_factory.mktemp("package")
    places = ["--distpath", str(out / "dist"), "--workpath", str(out / "build")]
    build = subprocess.run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            "--noconfirm",
            "--log-level",
            "WARN",
            *places,
            "packaging/mappa.spec",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1200,
        check=False,
    )
    assert build.returncode == 0, build.stderr[-4000:]
    return out / "dist" / "mappa"


def _run(
    app: Path, *args: str, cwd: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    environment = dict(os.environ, QT_QPA_PLATFORM="offscreen", **(env or {}))
    # The frozen program must not lean on this checkout or this venv.
    environment.pop("PYTHONPATH", None)
    return subprocess.run(
        [str(app / "mappa"), *args], cwd=cwd, env=environment, capture_output=True, text=True, timeout=120
    )


def test_the_package_holds_the_shipped_files_and_metadata(app: Path) -> None:
    data = app / "_internal"
    assert sorted(path.name for path in (data / "scenarios").glob("*.mappa.json")) == SCENARIOS
    for ruleset in ("eotma", "seasons", "sevenages"):
        shipped = sorted(path.name for path in (ROOT / "resources" / "rulesets" / ruleset).glob("*.json"))
        assert (
            sorted(path.name for path in (data / "resources" / "rulesets" / ruleset).glob("*.json"))
            == shipped
        )
    assert (data / "resources" / "basemaps" / "natural-earth" / "europe-land-50m.geojson").is_file()
    assert (data / "resources" / "icons" / "mappa.png").is_file()
    (entry_points,) = [p for p in data.glob("mappa*-info/entry_points.txt")]
    text = entry_points.read_text(encoding="utf-8")
    assert "[mappa.rulesets]" in text and "[mappa.editor_rulesets]" in text
    for name in ("mappa.desktop", "mappa-mime.xml", "install.sh"):
        assert (app / name).is_file()


def test_version_reports_the_packaged_mappa_qt_and_dependencies(app: Path, tmp_path: Path) -> None:
    done = _run(app, "--version", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == f"Mappa {VERSION}"
    rows = {line.split(":", 1)[0]: line.split(":", 1)[1].strip() for line in lines[1:]}
    assert "packaged application" in rows["Python"]
    assert rows["Qt"].startswith("6.")
    for name in ("pydantic", "shapely", "networkx", "numpy", "pyproj", "PySide6"):
        assert rows[name] not in ("", "unknown"), name


def test_validate_passes_every_shipped_scenario(app: Path, tmp_path: Path) -> None:
    files = [str(app / "_internal" / "scenarios" / name) for name in SCENARIOS]
    done = _run(app, "validate", *files, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert [line.split(": ", 1)[1] for line in done.stdout.splitlines()] == [
        "0 errors, 0 warnings, 0 notes"
    ] * len(files)


def test_render_draws_a_ruleset_map_mode_to_png(app: Path, tmp_path: Path) -> None:
    from PySide6.QtGui import QImage

    scenario = app / "_internal" / "scenarios" / "medieval-europe-976.mappa.json"
    out = tmp_path / "map.png"
    done = _run(
        app, "render", str(scenario), "-o", str(out), "--mode", "religion", "--width", "640", cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    image = QImage(str(out))
    assert image.width() == 640 and 400 < image.height() < 640
    colours = {image.pixel(x, y) for x in range(0, image.width(), 8) for y in range(0, image.height(), 8)}
    assert len(colours) > 30  # areas in many religion colours, borders, labels: not a blank picture
    background = image.pixel(2, image.height() - 2)
    drawn = sum(
        image.pixel(x, y) != background for x in range(0, 640, 8) for y in range(0, image.height(), 8)
    )
    assert drawn > 0.5 * (640 // 8) * (image.height() // 8)


def test_the_rulesets_come_from_the_bundled_entry_points(app: Path, tmp_path: Path) -> None:
    scenario = app / "_internal" / "scenarios" / "medieval-europe-976.mappa.json"
    done = _run(app, "graph", str(scenario), "--list-reaches", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "reaches of the eotma ruleset" in done.stdout
    assert "seafaring" in done.stdout and "fleet" in done.stdout


def test_install_script_sets_up_the_desktop_entry_and_file_type(app: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    env = {"HOME": str(home), "PATH": os.environ["PATH"]}
    done = subprocess.run(
        ["sh", str(app / "install.sh")], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    data = home / ".local" / "share"
    lib = home / ".local" / "lib" / "mappa"
    desktop = (data / "applications" / "mappa.desktop").read_text(encoding="utf-8")
    assert f"Exec={lib}/mappa %f" in desktop
    assert "MimeType=application/x-mappa-scenario;" in desktop
    assert (data / "mime" / "packages" / "mappa.xml").is_file()
    assert (data / "icons" / "hicolor" / "256x256" / "apps" / "mappa.png").is_file()
    if shutil.which("update-mime-database"):
        globs = (data / "mime" / "globs2").read_text(encoding="utf-8")
        assert "application/x-mappa-scenario:*.mappa.json" in globs
        # What a desktop asks: the type of a scenario file, by the user's mime database (Qt's
        # reader of shared-mime-info, in a fresh process so that it reads the new database).
        probe = (
            "from PySide6.QtCore import QMimeDatabase as D; t = D().mimeTypeForFile('a.mappa.json', "
            "D.MatchMode.MatchExtension); print(t.name(), t.parentMimeTypes())"
        )
        kind = subprocess.run(
            [sys.executable, "-c", probe],
            env=dict(env, XDG_DATA_HOME=str(data)),
            capture_output=True,
            text=True,
        )
        assert kind.stdout.strip() == "application/x-mappa-scenario ['application/json']", kind.stderr
    mimeapps = (home / ".config" / "mimeapps.list").read_text(encoding="utf-8")
    assert "application/x-mappa-scenario=mappa.desktop" in mimeapps
    installed = _run(home / ".local" / "bin", "--version", cwd=tmp_path)  # through the command's link
    assert installed.returncode == 0 and installed.stdout.startswith(f"Mappa {VERSION}\n")

    removed = subprocess.run(
        ["sh", str(app / "install.sh"), "--uninstall"], env=env, capture_output=True, text=True, timeout=120
    )
    assert removed.returncode == 0, removed.stderr
    assert not lib.exists() and not (data / "applications" / "mappa.desktop").exists()
    assert not (home / ".local" / "bin" / "mappa").exists()


def test_the_polygonize_helper_runs_from_the_frozen_program(app: Path) -> None:
    """The editor starts its helper as ``sys.executable -m editor.polygonize_process``; frozen,
    ``sys.executable`` is Mappa itself, which must then serve instead of opening a second editor."""
    import shapely
    from shapely.geometry import LineString

    from editor.polygonize_process import receive, send

    square = [
        LineString([(0, 0), (2, 0)]),
        LineString([(2, 0), (2, 2)]),
        LineString([(2, 2), (0, 2), (0, 0)]),
    ]
    helper = subprocess.Popen(
        [str(app / "mappa"), "-m", "editor.polygonize_process"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
    )
    assert helper.stdin is not None and helper.stdout is not None
    try:
        send(helper.stdin, [shapely.to_wkb(line) for line in square])
        (face,) = [shapely.from_wkb(wkb) for wkb in receive(helper.stdout)]
    finally:
        helper.stdin.close()  # the helper ends when its stdin closes
        assert helper.wait(timeout=60) == 0
    assert face.area == 4.0


def test_the_validation_helper_runs_from_the_frozen_program(app: Path) -> None:
    """The editor validates a big map in ``sys.executable -m editor.validation_process``; frozen,
    that is Mappa itself, which must then serve the validation instead of opening an editor."""
    from editor.scenario_delta import flatten
    from editor.validation_process import receive, send_scenario
    from model.geometry import generate_test_map
    from model.validate import validate

    scenario = generate_test_map(30, seed=1)
    helper = subprocess.Popen(
        [str(app / "mappa"), "-m", "editor.validation_process"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
    )
    assert helper.stdin is not None and helper.stdout is not None
    try:
        send_scenario(helper.stdin, scenario, flatten(scenario))
        count = receive(helper.stdout)
        found = []
        while len(found) < count:
            found.extend(receive(helper.stdout))
    finally:
        helper.stdin.close()  # the helper ends when its stdin closes
        assert helper.wait(timeout=60) == 0
    assert sorted(map(repr, found)) == sorted(map(repr, validate(scenario)))
