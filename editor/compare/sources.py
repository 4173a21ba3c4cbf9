"""Where the version to compare with comes from: another file, the last saved file, a git revision.

``git show REV:PATH`` gives a revision of a file in a git repository; every failure (no git, not
in a repository, an unknown revision, a file the revision does not hold) is a ``CompareSourceError``
whose message says which and what to do.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from model import io
from model.scenario import Scenario

GIT_TIMEOUT_SECONDS = 30


class CompareSourceError(ValueError):
    """The other version cannot be read; the message says why."""


def from_file(path: Path) -> Scenario:
    """Another scenario file (``LoadError`` names the file and the place when it cannot be read)."""
    return io.load(path)


def _git(folder: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    git = shutil.which("git")
    if git is None:
        raise CompareSourceError("git is not installed (or not on PATH): compare with a file instead")
    try:
        return subprocess.run(
            [git, *args], cwd=folder, capture_output=True, timeout=GIT_TIMEOUT_SECONDS, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise CompareSourceError(f"git {args[0]} failed in {folder}: {error}") from error


def git_root(path: Path) -> Path | None:
    """The top folder of the git repository holding ``path`` (None: in none, or no git)."""
    if shutil.which("git") is None:
        return None
    done = _git(path.parent, "rev-parse", "--show-toplevel")
    if done.returncode != 0:
        return None
    return Path(done.stdout.decode("utf-8", "replace").strip())


def from_git(path: Path, revision: str) -> Scenario:
    """The file at ``path`` as it is in git revision ``revision`` (``HEAD``, a branch, ``HEAD~2``)."""
    root = git_root(path)
    if root is None:
        raise CompareSourceError(f"{path.name} is not in a git repository: compare with a file instead")
    if not revision.strip() or revision.startswith("-"):
        raise CompareSourceError(f"{revision!r} is not a revision: give HEAD, a branch, a tag or a commit")
    relative = path.resolve().relative_to(root.resolve()).as_posix()
    done = _git(root, "show", f"{revision.strip()}:{relative}")
    if done.returncode != 0:
        reason = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise CompareSourceError(
            f"git has no {relative} in revision {revision}: {reason[-1] if reason else 'unknown error'}"
        )
    return io.loads(done.stdout, f"{relative} at {revision}")
