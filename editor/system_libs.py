"""Check, before Qt starts, that the system libraries Qt's xcb platform plugin needs are present.

PySide6 wheels bundle Qt itself but not the X11/EGL/fontconfig libraries of the system. When one is
missing, Qt aborts with "could not load the Qt platform plugin xcb" and never says which library; this
module names the missing ones and prints the install command for the common distributions (or
installs them, when run as root on a Debian/Ubuntu machine outside CI).

This module never imports Qt (it runs before Qt is loaded), so headless tests can run it.
The list is the libraries that ``libqxcb.so``, ``libQt6XcbQpa``, ``libQt6Gui`` and ``libQt6DBus`` of
PySide6 6.x link against (``ldd``), as listed in Qt's "Qt for X11 Requirements", minus the ones every
Linux system has (libc, zlib...).
"""

from __future__ import annotations

import ctypes
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class SystemLibrary:
    """One shared library Qt loads, with the package that ships it on each distribution family."""

    soname: str
    debian: str
    fedora: str
    arch: str


# soname -> packages (Debian/Ubuntu, Fedora, Arch). Several sonames share a package on Fedora and
# Arch (libxcb carries the core extensions there); the commands list each package once.
QT_XCB_LIBRARIES: tuple[SystemLibrary, ...] = (
    SystemLibrary("libxcb.so.1", "libxcb1", "libxcb", "libxcb"),
    SystemLibrary("libxcb-cursor.so.0", "libxcb-cursor0", "xcb-util-cursor", "xcb-util-cursor"),
    SystemLibrary("libxcb-icccm.so.4", "libxcb-icccm4", "xcb-util-wm", "xcb-util-wm"),
    SystemLibrary("libxcb-image.so.0", "libxcb-image0", "xcb-util-image", "xcb-util-image"),
    SystemLibrary("libxcb-keysyms.so.1", "libxcb-keysyms1", "xcb-util-keysyms", "xcb-util-keysyms"),
    SystemLibrary("libxcb-randr.so.0", "libxcb-randr0", "libxcb", "libxcb"),
    SystemLibrary("libxcb-render.so.0", "libxcb-render0", "libxcb", "libxcb"),
    SystemLibrary(
        "libxcb-render-util.so.0", "libxcb-render-util0", "xcb-util-renderutil", "xcb-util-renderutil"
    ),
    SystemLibrary("libxcb-shape.so.0", "libxcb-shape0", "libxcb", "libxcb"),
    SystemLibrary("libxcb-shm.so.0", "libxcb-shm0", "libxcb", "libxcb"),
    SystemLibrary("libxcb-sync.so.1", "libxcb-sync1", "libxcb", "libxcb"),
    SystemLibrary("libxcb-util.so.1", "libxcb-util1", "xcb-util", "xcb-util"),
    SystemLibrary("libxcb-xfixes.so.0", "libxcb-xfixes0", "libxcb", "libxcb"),
    SystemLibrary("libxcb-xkb.so.1", "libxcb-xkb1", "libxcb", "libxcb"),
    SystemLibrary("libxkbcommon.so.0", "libxkbcommon0", "libxkbcommon", "libxkbcommon"),
    SystemLibrary("libxkbcommon-x11.so.0", "libxkbcommon-x11-0", "libxkbcommon-x11", "libxkbcommon-x11"),
    SystemLibrary("libX11.so.6", "libx11-6", "libX11", "libx11"),
    SystemLibrary("libX11-xcb.so.1", "libx11-xcb1", "libX11-xcb", "libx11"),
    SystemLibrary("libEGL.so.1", "libegl1", "libglvnd-egl", "libglvnd"),
    SystemLibrary("libGL.so.1", "libgl1", "libglvnd-glx", "libglvnd"),
    SystemLibrary("libfontconfig.so.1", "libfontconfig1", "fontconfig", "fontconfig"),
    SystemLibrary("libfreetype.so.6", "libfreetype6", "freetype", "freetype2"),
    SystemLibrary("libdbus-1.so.3", "libdbus-1-3", "dbus-libs", "dbus"),
    SystemLibrary("libglib-2.0.so.0", "libglib2.0-0", "glib2", "glib2"),
)

# Platforms that draw without a display server: they need none of the libraries above.
HEADLESS_PLATFORMS = ("offscreen", "minimal")

Loader = Callable[[str], bool]


def can_load(soname: str) -> bool:
    """Return whether the dynamic linker finds and loads ``soname`` (as Qt will, through dlopen)."""
    try:
        ctypes.CDLL(soname)
    except OSError:
        return False
    return True


def check_needed(environ: Mapping[str, str], platform: str = sys.platform) -> bool:
    """Return whether the check applies: on Linux, unless Qt is told to use a headless platform."""
    if not platform.startswith("linux"):
        return False
    # QT_QPA_PLATFORM may carry options ("offscreen:fontengine=freetype") or a fallback list ("a;b").
    chosen = environ.get("QT_QPA_PLATFORM", "").split(";")[0].split(":")[0].strip().lower()
    return chosen not in HEADLESS_PLATFORMS


def missing_libraries(loader: Loader = can_load) -> list[SystemLibrary]:
    """Return the libraries of ``QT_XCB_LIBRARIES`` that ``loader`` cannot load, in table order."""
    return [library for library in QT_XCB_LIBRARIES if not loader(library.soname)]


def _unique(names: Sequence[str]) -> list[str]:
    return list(dict.fromkeys(names))


def install_commands(missing: Sequence[SystemLibrary]) -> dict[str, str]:
    """Return the command that installs ``missing`` on each distribution family, keyed by its name."""
    return {
        "Debian/Ubuntu": "sudo apt-get install -y " + " ".join(_unique([m.debian for m in missing])),
        "Fedora": "sudo dnf install -y " + " ".join(_unique([m.fedora for m in missing])),
        "Arch": "sudo pacman -S --needed " + " ".join(_unique([m.arch for m in missing])),
    }


def missing_message(missing: Sequence[SystemLibrary]) -> str:
    """Return the text that names the missing libraries and the commands that install them."""
    names = ", ".join(library.soname for library in missing)
    lines = [
        f"the editor cannot start: Qt's xcb platform needs system libraries that are missing: {names}.",
        "Install them with the command for your system, then run Mappa again:",
    ]
    lines += [f"  {family}: {command}" for family, command in install_commands(missing).items()]
    lines.append(
        "(The headless commands - validate, info, render... - work without them, and so does the "
        "editor with QT_QPA_PLATFORM=offscreen.)"
    )
    return "\n".join(lines)


def may_install(environ: Mapping[str, str]) -> bool:
    """Return whether to install the packages ourselves: as root, with apt-get, and not in CI."""
    geteuid = getattr(os, "geteuid", None)
    is_root = geteuid is not None and geteuid() == 0
    return is_root and shutil.which("apt-get") is not None and not environ.get("CI")


def install_with_apt(missing: Sequence[SystemLibrary]) -> bool:
    """Install the Debian packages of ``missing`` with apt-get (as root); return whether it worked."""
    packages = _unique([library.debian for library in missing])
    print(f"mappa: installing the system libraries Qt needs: {' '.join(packages)}", file=sys.stderr)
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    command = ["apt-get", "install", "-y", "--no-install-recommends", *packages]
    if subprocess.run(command, env=env, check=False).returncode == 0:
        return True
    # A fresh container has no package lists yet: fetch them once and try again.
    subprocess.run(["apt-get", "update"], env=env, check=False)
    return subprocess.run(command, env=env, check=False).returncode == 0


def check(
    environ: Mapping[str, str] | None = None,
    loader: Loader = can_load,
    installer: Callable[[Sequence[SystemLibrary]], bool] = install_with_apt,
    platform: str = sys.platform,
) -> str | None:
    """Return ``None`` when Qt can start, or the message that says what is missing and how to fix it.

    When libraries are missing and ``may_install`` allows it, installs them first and checks again.
    """
    env = os.environ if environ is None else environ
    if not check_needed(env, platform):
        return None
    missing = missing_libraries(loader)
    if missing and may_install(env) and installer(missing):
        missing = missing_libraries(loader)
    return missing_message(missing) if missing else None


def main() -> int:
    """``python -m editor.system_libs``: print what is missing (exit 1) or nothing (exit 0)."""
    message = check()
    if message is None:
        return 0
    print(f"mappa: {message}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
