"""Files on disk: temporaries left by a killed save are ours to tidy (and only ours), and saving
through a symbolic link writes the link's target."""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from model import io
from model.scenario import Scenario

ROOT = Path(__file__).resolve().parents[2]
HOUR = 3600.0


@pytest.fixture
def default() -> Scenario:
    return io.load(ROOT / "scenarios" / "default.mappa.json")


def _age(path: Path, seconds: float) -> Path:
    moment = time.time() - seconds
    os.utime(path, (moment, moment))
    return path


fcntl = pytest.importorskip("fcntl")  # the locks that tell a running save (POSIX)


@pytest.fixture
def held() -> Iterator[list[int]]:
    """Descriptors holding a lock as a running save does; closed (lock released) after the test."""
    descriptors: list[int] = []
    yield descriptors
    for descriptor in descriptors:
        os.close(descriptor)


def _leftovers(folder: Path, target: str, held: list[int]) -> dict[str, Path]:
    """Files like those a save killed between the write and the rename leaves, and look-alikes;
    ``ours_fresh`` is locked, as the temporary of a save still running in another window is."""
    names = {
        "ours_old": f".{target}.k3x_9qaz.tmp",  # tempfile.mkstemp's pattern for our prefix and suffix
        "ours_old_2": f".{target}.abcdefgh.tmp",
        "ours_fresh": f".{target}.zzzzzzzz.tmp",  # a save running right now, maybe in another window
        "other_file": ".other.mappa.json.abcdefgh.tmp",  # another scenario's: its own open tidies it
        "editor_swap": f".{target}.swp",
        "not_ours": f".{target}.abcdefgh.tmp.bak",
        "longer": f".{target}.abcdefghi.tmp",
        "plain": "notes.tmp",
    }
    made = {key: folder / name for key, name in names.items()}
    for key, path in made.items():
        path.write_bytes(b"{" * 100)
        _age(path, 0 if key == "ours_fresh" else HOUR)
    descriptor = os.open(made["ours_fresh"], os.O_RDONLY)
    fcntl.flock(descriptor, fcntl.LOCK_EX)
    held.append(descriptor)
    return made


def test_a_save_removes_our_stale_temporaries_and_says_so(
    default: Scenario, tmp_path: Path, caplog: pytest.LogCaptureFixture, held: list[int]
) -> None:
    target = tmp_path / "map.mappa.json"
    made = _leftovers(tmp_path, target.name, held)
    with caplog.at_level(logging.WARNING, logger="model.io"):
        removed = io.save(default, target)
    assert sorted(removed) == sorted([made["ours_old"], made["ours_old_2"]])
    for key, path in made.items():
        assert path.exists() == (key not in ("ours_old", "ours_old_2")), key
    assert f"{target}: removed 2 temporary files left by an interrupted save" in caplog.text
    caplog.clear()
    assert io.save(default, target) == [] and caplog.text == ""  # nothing more to say


def test_opening_removes_them_too(
    default: Scenario, tmp_path: Path, caplog: pytest.LogCaptureFixture, held: list[int]
) -> None:
    target = tmp_path / "map.mappa.json"
    io.save(default, target)
    made = _leftovers(tmp_path, target.name, held)
    with caplog.at_level(logging.WARNING, logger="model.io"):
        assert io.load(target) == default
    assert not made["ours_old"].exists() and made["ours_fresh"].exists() and made["other_file"].exists()
    assert "removed 2 temporary files" in caplog.text


def test_links_and_folders_with_our_name_are_left_alone(tmp_path: Path) -> None:
    target = tmp_path / "map.mappa.json"
    target.write_text("{}")
    elsewhere = tmp_path / "precious.txt"
    elsewhere.write_text("keep me")
    link = tmp_path / f".{target.name}.abcdefgh.tmp"
    link.symlink_to(elsewhere)
    folder = tmp_path / f".{target.name}.folder__.tmp"
    folder.mkdir()
    os.utime(link, (0, 0), follow_symlinks=False)
    _age(folder, HOUR)
    assert io.remove_stale_temporaries(target) == []
    assert link.is_symlink() and elsewhere.read_text() == "keep me" and folder.is_dir()


_SAVE_THAT_HANGS = """
import sys, time
from model import io
scenario = io.load(sys.argv[1])
def hang(source, destination):
    print("writing", flush=True)
    time.sleep(600)  # the save is stuck before its rename: it still holds its temporary
io.os.replace = hang
io.save(scenario, sys.argv[2])
"""


def test_a_save_killed_with_sigkill_leaves_a_temporary_that_the_next_save_removes_at_once(
    default: Scenario, tmp_path: Path
) -> None:
    target = tmp_path / "map.mappa.json"
    io.save(default, target)
    source = str(ROOT / "scenarios" / "default.mappa.json")
    saving = subprocess.Popen(
        [sys.executable, "-c", _SAVE_THAT_HANGS, source, str(target)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert saving.stdout is not None and saving.stdout.readline() == "writing\n"
        (temporary,) = [p for p in tmp_path.iterdir() if p.name != target.name]
        assert io.temporary_pattern(target).match(temporary.name)  # the pattern matches what we write
        assert io.save(default, target) == []  # its save is still running: its temporary is kept
        assert io.load(target) == default and temporary.exists()
    finally:
        saving.send_signal(signal.SIGKILL)
        saving.wait()
    assert io.save(default, target) == [temporary]  # killed: tidied by the very next save
    assert [p.name for p in tmp_path.iterdir()] == [target.name]


def test_without_locks_only_old_temporaries_count_as_left_over(
    default: Scenario, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "map.mappa.json"
    io.save(default, target)
    monkeypatch.setattr(io, "fcntl", None)  # a system without advisory locks (Windows)
    fresh = tmp_path / f".{target.name}.abcdefgh.tmp"
    fresh.write_text("{")
    assert io.save(default, target) == []  # too fresh: it could be a save still running
    _age(fresh, HOUR)
    assert io.save(default, target) == [fresh]
    assert [p.name for p in tmp_path.iterdir()] == [target.name]


def test_saving_through_a_symbolic_link_writes_its_target(default: Scenario, tmp_path: Path) -> None:
    real_folder = tmp_path / "projects"
    real_folder.mkdir()
    real = real_folder / "map.mappa.json"
    real.write_text("old")
    link = tmp_path / "shortcut.mappa.json"
    link.symlink_to(real)
    io.save(default, link)
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert io.load(real) == default and io.load(link) == default
    assert sorted(p.name for p in real_folder.iterdir()) == ["map.mappa.json"]  # temporary beside the target
    relative = tmp_path / "relative.mappa.json"
    relative.symlink_to(Path("projects") / "map.mappa.json")  # a relative link, a chain of links
    chain = tmp_path / "chain.mappa.json"
    chain.symlink_to(relative)
    default.metadata.title = "Through two links"
    io.save(default, chain)
    assert chain.is_symlink() and relative.is_symlink()
    assert io.load(real).metadata.title == "Through two links"


def test_a_dangling_link_creates_its_target(default: Scenario, tmp_path: Path) -> None:
    link = tmp_path / "new.mappa.json"
    link.symlink_to(tmp_path / "made.mappa.json")
    io.save(default, link)
    assert link.is_symlink() and io.load(tmp_path / "made.mappa.json") == default
