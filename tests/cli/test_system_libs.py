"""The editor's start-up check names missing system libraries with their install commands (issue 18.1).

These tests never load Qt: the check runs before Qt does, so it must work on a machine without the
libraries (CI machines report them missing through a fake loader).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from editor import cli_entry, system_libs
from editor.system_libs import SystemLibrary
from model import cli


def _all_but(*absent: str) -> system_libs.Loader:
    return lambda soname: soname not in absent


def _no_install(missing: Sequence[SystemLibrary]) -> bool:
    raise AssertionError(f"must not install {missing}")


def test_missing_xcb_cursor_is_named_with_the_install_command_of_each_distribution() -> None:
    message = system_libs.check(
        {"DISPLAY": ":0", "CI": "true"},
        loader=_all_but("libxcb-cursor.so.0"),
        installer=_no_install,
        platform="linux",
    )
    assert message is not None
    assert "libxcb-cursor.so.0" in message
    assert "Debian/Ubuntu: sudo apt-get install -y libxcb-cursor0" in message
    assert "Fedora: sudo dnf install -y xcb-util-cursor" in message
    assert "Arch: sudo pacman -S --needed xcb-util-cursor" in message


def test_packages_shared_by_several_libraries_are_listed_once() -> None:
    missing = [lib for lib in system_libs.QT_XCB_LIBRARIES if lib.soname.startswith("libxcb-s")]
    commands = system_libs.install_commands(missing)
    assert commands["Fedora"] == "sudo dnf install -y libxcb"
    assert commands["Debian/Ubuntu"] == "sudo apt-get install -y libxcb-shape0 libxcb-shm0 libxcb-sync1"


def test_nothing_missing_means_no_message() -> None:
    assert system_libs.check({"DISPLAY": ":0"}, loader=lambda _: True, platform="linux") is None


@pytest.mark.parametrize("platform", ["offscreen", "minimal", "offscreen:fontengine=freetype"])
def test_headless_platforms_skip_the_check(platform: str) -> None:
    env = {"QT_QPA_PLATFORM": platform}
    assert system_libs.check(env, loader=lambda _: False, installer=_no_install, platform="linux") is None


def test_other_systems_skip_the_check() -> None:
    assert system_libs.check({}, loader=lambda _: False, installer=_no_install, platform="darwin") is None


def test_root_with_apt_installs_then_checks_again(monkeypatch: pytest.MonkeyPatch) -> None:
    installed: list[str] = []
    monkeypatch.setattr(system_libs, "may_install", lambda env: True)

    def install(missing: Sequence[SystemLibrary]) -> bool:
        installed.extend(lib.debian for lib in missing)
        return True

    def loader(soname: str) -> bool:
        return soname != "libxcb-cursor.so.0" or bool(installed)

    assert system_libs.check({"DISPLAY": ":0"}, loader=loader, installer=install, platform="linux") is None
    assert installed == ["libxcb-cursor0"]


def test_ci_never_installs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(system_libs.os, "geteuid", lambda: 0)
    monkeypatch.setattr(system_libs.shutil, "which", lambda name: "/usr/bin/apt-get")
    assert system_libs.may_install({"CI": "true"}) is False
    assert system_libs.may_install({}) is True


def test_mappa_edit_stops_with_the_message_before_loading_qt(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DISPLAY", ":99")
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setattr(system_libs.sys, "platform", "linux")
    monkeypatch.setattr(system_libs, "can_load", _all_but("libxcb-cursor.so.0", "libxkbcommon-x11.so.0"))
    monkeypatch.setattr(system_libs, "may_install", lambda env: False)
    # check() took its defaults when defined: route the call through the patched names.
    real_check = system_libs.check
    monkeypatch.setattr(
        system_libs, "check", lambda: real_check(loader=system_libs.can_load, platform="linux")
    )
    status = cli_entry.main(["edit"])
    err = capsys.readouterr().err
    assert status == cli.EXIT_UNREADABLE
    assert "missing: libxcb-cursor.so.0, libxkbcommon-x11.so.0" in err
    assert "sudo apt-get install -y libxcb-cursor0 libxkbcommon-x11-0" in err
