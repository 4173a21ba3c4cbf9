"""Which Mappa a process runs: what every worker of a play-test cluster must share with the client.

A cluster's workers play the games with their own installed Mappa; a worker with another version,
other local edits or another ruleset package would play other games, and the report would no
longer be the one a local run gives. ``identity()`` names what decides the games: Mappa's version,
a digest of the ``model`` package's files (two checkouts of one version with different code) and
the distribution and version of every ruleset plug-in. ``mismatch`` words the difference so a
refusal names what to install where.
"""

from __future__ import annotations

import functools
import hashlib
import os
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from model import about, resources
from model.rules.registry import ENTRY_POINT_GROUP

_SKIPPED_DIRS = frozenset({"__pycache__"})
_SKIPPED_SUFFIXES = (".pyc", ".pyo")


@dataclass(frozen=True)
class Identity:
    """What decides the games a process plays (compared between a cluster's client and its workers)."""

    version: str
    """Mappa's version (``mappa --version``)."""
    code: str
    """A digest of the ``model`` package's files (empty when they cannot be read, as in the
    packaged application, where the version alone names the code)."""
    rulesets: tuple[tuple[str, str], ...]
    """Each ruleset plug-in as (ruleset id, ``distribution version``), sorted."""


def _code_digest(root: Path) -> str:
    """SHA-256 of every file under ``root`` (paths and contents; line ends as ``\\n``), or ``""``."""
    digest = hashlib.sha256()
    found = False
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in _SKIPPED_DIRS)
        for name in sorted(files):
            if name.endswith(_SKIPPED_SUFFIXES):
                continue
            path = Path(folder) / name
            try:
                data = path.read_bytes()
            except OSError:
                continue
            found = True
            # A checkout on Windows may hold the same text with \r\n line ends: the same code.
            digest.update(path.relative_to(root).as_posix().encode() + b"\0")
            digest.update(data.replace(b"\r\n", b"\n") + b"\0")
    return digest.hexdigest()[:16] if found else ""


def _rulesets() -> tuple[tuple[str, str], ...]:
    found = []
    for entry in metadata.entry_points(group=ENTRY_POINT_GROUP):
        dist = entry.dist
        found.append((entry.name, f"{dist.name} {dist.version}" if dist is not None else about.UNKNOWN))
    return tuple(sorted(found))


@functools.cache
def identity() -> Identity:
    """This process's ``Identity`` (computed once: reading the package's files takes a few ms)."""
    source = resources.model_source_dir()
    return Identity(about.mappa_version(), _code_digest(source) if source else "", _rulesets())


def mismatch(worker: Identity, client: Identity) -> str:
    """What differs between a worker's identity and the client's, in words ("" when nothing does)."""
    if worker.version != client.version:
        return f"Mappa {worker.version} there, Mappa {client.version} here"
    if worker.code and client.code and worker.code != client.code:
        return (
            f"Mappa {worker.version} on both, but its files differ (code digest {worker.code} there, "
            f"{client.code} here: another checkout, or local edits)"
        )
    if worker.rulesets != client.rulesets:
        there = ", ".join(f"{rid} ({dist})" for rid, dist in worker.rulesets) or "none"
        here = ", ".join(f"{rid} ({dist})" for rid, dist in client.rulesets) or "none"
        return f"rulesets {there} there, {here} here"
    return ""
