"""Where an underlay's file may be, and reading it without trusting the file.

A scenario file comes from anywhere (a download, a shared folder), so the ``source`` of its
underlays (``map.underlays[].source``) is untrusted text. Opening a scenario must never read a file
outside the scenario's own folder or the application's shipped resources, nor block on a named
pipe, nor read a device such as ``/dev/zero`` without end. Hence:

* ``source_problem`` refuses, from the text alone, sources that name a place outside: absolute
  paths, drive letters, ``..`` steps (also after ``mappa:``). The validator reports these.
* ``resolve_source`` turns an accepted source into a path and checks, with symbolic links resolved,
  that it is still inside the scenario's folder or resources/.
* ``read_source_file`` checks with ``os.stat`` (which never blocks) that the path is a regular file
  of at most ``MAX_UNDERLAY_BYTES`` before opening it, opens it without blocking, checks the open
  file again (it may have been swapped meanwhile) and reads at most the limit.

This module imports nothing else from the model but ``model.resources``, so the validator and the
underlay code share it.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from pathlib import Path, PurePosixPath, PureWindowsPath

from model.resources import resources_dir

RESOURCE_PREFIX = "mappa:"
"""Sources that start with it name a file of the application's shipped resources/
(``model.resources``, frozen or not)."""

MAX_UNDERLAY_BYTES = 64 * 2**20
"""The largest underlay file read (the shipped Natural Earth land is 0.14 MB; a large scanned map
as PNG or JPEG is a few tens of MB)."""

_DRIVE = re.compile(r"^[A-Za-z]:")


class UnderlayError(ValueError):
    """A basemap or picture that cannot be read or placed; the message names the file and what to do."""


class UnderlaySourceError(UnderlayError):
    """An underlay source refused before reading: outside the allowed folders, not a regular file,
    too large. The message names the source and says what to do."""


def source_problem(source: str) -> str:
    """Why ``source`` names a place an underlay may not come from, or ``""`` when the text is fine.

    Only the text is examined (no file is touched): a source must be a relative path that stays
    inside the scenario's folder, or ``mappa:`` + a relative path inside resources/.
    """
    rest = source[len(RESOURCE_PREFIX) :] if source.startswith(RESOURCE_PREFIX) else source
    where = "the application's resources" if rest is not source else "the scenario's folder"
    if not rest.strip():
        return "names no file"
    if "\x00" in rest:
        return "contains a NUL character"
    if rest.startswith(("/", "\\", "~")) or _DRIVE.match(rest) or PureWindowsPath(rest).is_absolute():
        return f"is an absolute path; it must be a path relative to {where}"
    parts = set(PurePosixPath(rest.replace("\\", "/")).parts)
    if ".." in parts:
        return f"steps out with '..'; it must stay inside {where}"
    return ""


def shown(source: str, limit: int = 80) -> str:
    """A source as messages quote it: cut short when long (a hostile file may hold megabytes)."""
    return (
        repr(source) if len(source) <= limit else repr(source[:limit]) + f"... ({len(source):,} characters)"
    )


def _refuse(source: str, why: str) -> UnderlaySourceError:
    return UnderlaySourceError(
        f"underlay source {shown(source)} {why}: copy the file into the scenario's folder (or a folder "
        "inside it) and choose it from there"
    )


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.relative_to(folder)
    except ValueError:
        return False
    return True


def resolve_source(source: str, scenario_dir: Path | None) -> Path:
    """The file an underlay's ``source`` names, with symbolic links resolved.

    ``mappa:`` sources live under resources/; others are relative to ``scenario_dir`` (the folder
    of the scenario file; None for a scenario never saved, which can then only use ``mappa:``).
    Raises ``UnderlaySourceError`` when the source names, or its links lead to, a place outside
    the scenario's folder and resources/.
    """
    why = source_problem(source)
    if why:
        raise _refuse(source, why)
    resources = resources_dir().resolve()  # what ``mappa:`` sources name
    if source.startswith(RESOURCE_PREFIX):
        base = resources
        relative = source[len(RESOURCE_PREFIX) :]
    elif scenario_dir is None:
        raise UnderlaySourceError(
            f"underlay source {shown(source)} is relative to the scenario's folder, and the scenario has "
            "not been saved yet: save it first, next to the file"
        )
    else:
        base = scenario_dir.resolve()
        relative = source
    try:
        path = (base / relative.replace("\\", "/")).resolve()  # follows every symbolic link
    except (OSError, RuntimeError, ValueError) as error:  # a loop of links, a name too long...
        raise UnderlaySourceError(f"underlay source {shown(source)} cannot be followed ({error})") from error
    if not (_inside(path, base) or _inside(path, resources)):
        raise _refuse(source, f"leads (through a symbolic link) to {path}, outside the scenario's folder")
    return path


def read_source_file(path: Path, limit: int | None = None) -> bytes:
    """The bytes of an underlay file; raise ``UnderlaySourceError`` (not a file, too large) or
    ``OSError`` (missing, unreadable).

    Never blocks: a named pipe, a socket or a device is refused from ``os.stat`` before it is
    opened, and the file is opened non-blocking and checked again once open.
    """
    limit = MAX_UNDERLAY_BYTES if limit is None else limit
    info = os.stat(path)
    check_kind(path, info, limit)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    descriptor = os.open(path, flags)
    with os.fdopen(descriptor, "rb") as stream:
        check_kind(path, os.fstat(stream.fileno()), limit)  # swapped between stat and open?
        data = stream.read(limit + 1)
    if len(data) > limit:
        raise _too_large(path, limit)
    return data


def check_kind(path: Path, info: os.stat_result, limit: int | None = None) -> None:
    """Raise ``UnderlaySourceError`` unless ``info`` (of ``path``) is a regular file within ``limit``."""
    if not stat.S_ISREG(info.st_mode):
        kind = (
            "a folder"
            if stat.S_ISDIR(info.st_mode)
            else "a named pipe"
            if stat.S_ISFIFO(info.st_mode)
            else "a device"
            if stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode)
            else "a socket"
            if stat.S_ISSOCK(info.st_mode)
            else "not a regular file"
        )
        raise UnderlaySourceError(
            f"{_name(path)}: is {kind}, not a picture or land file; choose a regular file"
        )
    limit = MAX_UNDERLAY_BYTES if limit is None else limit
    if info.st_size > limit:
        raise _too_large(path, limit)


def _too_large(path: Path, limit: int) -> UnderlaySourceError:
    return UnderlaySourceError(
        f"{_name(path)}: larger than {_size(limit)}, the most an underlay may be; "
        "use a smaller picture (or a simplified land file)"
    )


def describe_os_error(path: Path, error: OSError) -> str:
    """An ``OSError`` from reading an underlay, in words (file name first)."""
    if error.errno == errno.ENOENT:
        return f"{_name(path)}: no such file (was it moved or renamed?)"
    return f"{_name(path)}: cannot read ({error.strerror or error})"


def _size(count: int) -> str:
    return f"{count / 2**20:.0f} MB" if count >= 2**20 else f"{count:,} bytes"


def _name(path: Path, limit: int = 80) -> str:
    name = path.name
    return name if len(name) <= limit else f"{name[:limit]}... ({len(name):,} characters)"
