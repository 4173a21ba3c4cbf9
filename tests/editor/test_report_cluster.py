"""The balance report dock's Cluster field and its certificates for a tls:// address: remembered per
user, handed to the run, and a run on a cluster gives the same report."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot
from tls_certificates import TLSFiles

from editor.mainwindow import MainWindow
from editor.playtest.cluster_certificates import FIELD_NAMES, SETTINGS_KEYS
from editor.playtest.report import CLUSTER_KEY, ReportDock, report_dock
from model.playtest.cluster_tls import CONFIG_KEYS, ClusterTLS


def _run(dock: ReportDock, qtbot: QtBot) -> dict[str, object]:
    dock.run_button.click()
    qtbot.waitUntil(lambda: dock.worker is None, timeout=120_000)
    assert dock.report is not None, dock.message.text()
    report = dock.report
    dock.report = None
    return report


def test_a_run_on_a_cluster_gives_the_local_report_and_the_address_is_remembered(
    window: MainWindow, qtbot: QtBot
) -> None:
    dock = report_dock(window)
    assert dock.cluster.text() == ""  # empty: play locally
    dock.games.setValue(3)
    dock.jobs.setValue(1)
    dock.seed.setValue(7)
    local = _run(dock, qtbot)
    # Worker threads in this process: the cluster path (scheduler, tasks, results as they
    # arrive) without the seconds worker processes take to start.
    dock.cluster.setText("local-threads:2")
    dock.cluster.editingFinished.emit()
    assert QSettings().value(CLUSTER_KEY) == "local-threads:2"
    on_cluster = _run(dock, qtbot)
    assert on_cluster == local
    assert report_dock(window) is dock
    assert ReportDock(window).cluster.text() == "local-threads:2"  # a new dock reads it back


def test_an_unusable_cluster_address_is_said_in_the_dock(window: MainWindow, qtbot: QtBot) -> None:
    dock = report_dock(window)
    dock.games.setValue(2)
    dock.cluster.setText("local:none")
    dock.run_button.click()
    qtbot.waitUntil(lambda: dock.worker is None, timeout=60_000)
    assert dock.report is None
    assert "local:none" in dock.message.text() and "local:W" in dock.message.text()


def test_certificate_rows_show_for_a_tls_address_and_are_remembered(
    window: MainWindow, qtbot: QtBot, tls_files: TLSFiles, monkeypatch: pytest.MonkeyPatch
) -> None:
    dock = report_dock(window)
    form = dock.certificates.form
    rows = list(dock.certificates.fields.values())
    assert not any(form.isRowVisible(row) for row in rows)  # a local run needs no certificates
    dock.cluster.setText("tls://127.0.0.1:8786")
    assert all(form.isRowVisible(row) for row in rows)
    chosen = iter([str(tls_files.ca), str(tls_files.client[0]), str(tls_files.client[1])])
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_args: (next(chosen), ""))
    for row in rows:
        row.browse.click()
    assert QSettings().value(SETTINGS_KEYS["ca_file"]) == str(tls_files.ca)
    assert dock.certificates.tls() == ClusterTLS(str(tls_files.ca), *map(str, tls_files.client), FIELD_NAMES)
    dock.cluster.setText("tcp://127.0.0.1:8786")
    assert not any(form.isRowVisible(row) for row in rows)
    assert dock.certificates.tls() == ClusterTLS(names=FIELD_NAMES)  # another address's run gets none
    other = ReportDock(window)  # a new dock reads the paths back
    assert other.certificates.fields["key"].text() == str(tls_files.client[1])


def test_the_dock_hands_its_certificates_to_the_run(
    window: MainWindow, qtbot: QtBot, tls_files: TLSFiles
) -> None:
    dock = report_dock(window)
    dock.games.setValue(2)
    dock.cluster.setText("tls://127.0.0.1:8786")
    fields = dock.certificates.fields
    fields["ca_file"].path.setText(str(tls_files.ca))
    fields["cert"].path.setText(str(tls_files.client[0]))
    fields["key"].path.setText(str(tls_files.worker[1]))  # the key of another certificate
    dock.run_button.click()
    qtbot.waitUntil(lambda: dock.worker is None, timeout=60_000)
    assert dock.report is None
    assert f"{tls_files.worker[1]}: this is not the key of the certificate {tls_files.client[0]}" in (
        dock.message.text()
    )


def test_a_tls_address_without_certificates_names_the_dock_s_fields(window: MainWindow, qtbot: QtBot) -> None:
    import dask

    dock = report_dock(window)
    dock.games.setValue(2)
    dock.cluster.setText("tls://127.0.0.1:8786")
    with dask.config.set({key: None for key in CONFIG_KEYS.values()}):
        dock.run_button.click()
        qtbot.waitUntil(lambda: dock.worker is None, timeout=60_000)
    assert dock.report is None
    message = dock.message.text()
    assert "needs this machine's certificates: fill in the CA file, Certificate and Key fields" in message
    assert "--tls" not in message  # the dock has no options to give
