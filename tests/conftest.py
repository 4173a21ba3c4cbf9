"""Fixtures shared by the test folders; Qt is imported only by the fixtures that need it."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import settings

if TYPE_CHECKING:
    from tls_certificates import TLSFiles

# In CI the property tests draw the same examples on every run (a seed from each test's name), so
# a run lands or fails on the code, not on the draw; at a desk they keep exploring new examples and
# remember failures in .hypothesis/.
settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


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


@pytest.fixture(scope="session")
def tls_files(tmp_path_factory: pytest.TempPathFactory) -> TLSFiles:
    """A cluster's CA and certificates as PEM files, and some unusable ones (tests/tls_certificates.py)."""
    pytest.importorskip("cryptography")  # the cluster extra's, which the test extra includes
    from tls_certificates import make_tls_files

    return make_tls_files(tmp_path_factory.mktemp("tls"))
