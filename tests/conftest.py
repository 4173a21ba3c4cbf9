"""Fixtures shared by the test folders; Qt is imported only by the fixtures that need it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture
def isolated_settings(tmp_path: Path, qapp: object) -> Iterator[None]:
    """Keep QSettings and the app data folder (recovery files) out of the user's home."""
    from PySide6.QtCore import QCoreApplication, QSettings, QStandardPaths

    QCoreApplication.setOrganizationName("MappaTests")
    QCoreApplication.setApplicationName("MappaTests")
    QStandardPaths.setTestModeEnabled(True)
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "settings"))
    QSettings().clear()
    yield
    QSettings().clear()
