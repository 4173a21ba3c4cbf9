"""The balance dock's certificate fields for a Dask cluster reached over TLS.

Three rows under the Cluster field (the CA's certificate, this machine's certificate and its key,
as ``mappa playtest --tls-ca-file --tls-cert --tls-key`` takes them), shown only while the
address is a ``tls://`` one, so the dock stays as compact as before for everyone else. Each row is
a path field with a "…" button that opens a file dialog; the paths are remembered in QSettings,
like the address: a play-tester's certificates do not change from one scenario to the next.
``model.playtest.cluster_tls`` checks the files when a run starts.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog, QFormLayout, QHBoxLayout, QLineEdit, QToolButton, QWidget

from model.playtest.cluster_tls import ClusterTLS, Naming, is_tls

SETTINGS_KEYS = {
    "ca_file": "playtest/tls_ca_file",
    "cert": "playtest/tls_cert",
    "key": "playtest/tls_key",
}
"""QSettings keys of the remembered certificate paths, by ``ClusterTLS`` field."""

PEM_FILTER = "PEM files (*.pem *.crt *.cert *.key);;All files (*)"

_ROWS = {
    # field: (row label, dialog title, tooltip)
    "ca_file": (
        "CA file",
        "Choose the cluster's CA certificate",
        "The certificate (PEM) of the CA that signed the scheduler's and the workers' certificates "
        "and this machine's (mappa playtest --tls-ca-file)",
    ),
    "cert": (
        "Certificate",
        "Choose this machine's certificate",
        "This machine's certificate (PEM), signed by the cluster's CA (--tls-cert)",
    ),
    "key": (
        "Key",
        "Choose this machine's private key",
        "The private key of the certificate above (PEM, unencrypted; empty when it is appended to "
        "the certificate's file) (--tls-key)",
    ),
}

FIELD_NAMES = Naming(*(_ROWS[name][0] for name in ("ca_file", "cert", "key")), fields=True)
"""The files named by these rows' labels, so that a run's messages in the dock name the field to
fill in, not ``mappa playtest``'s options."""


class FileField(QWidget):
    """A path field and a "…" button that fills it from a file dialog."""

    def __init__(self, parent: QWidget, title: str, tooltip: str) -> None:
        super().__init__(parent)
        self.title = title
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self.path = QLineEdit(self)
        self.path.setPlaceholderText("PEM file")
        self.path.setToolTip(tooltip)
        self.browse = QToolButton(self)
        self.browse.setText("…")
        self.browse.setToolTip(title)
        layout.addWidget(self.path, 1)
        layout.addWidget(self.browse)
        self.browse.clicked.connect(self.choose)

    def text(self) -> str:
        """The path, stripped of surrounding blanks."""
        return self.path.text().strip()

    def choose(self) -> None:
        """Ask for the file, starting in the folder of the current one; keep the field on Cancel."""
        start = str(Path(self.text()).parent) if self.text() else ""
        chosen, _filter = QFileDialog.getOpenFileName(self, self.title, start, PEM_FILTER)
        if chosen:
            self.path.setText(chosen)
            self.path.editingFinished.emit()


class CertificateFields:
    """The three certificate rows of a form, shown while its address field holds a ``tls://`` one."""

    def __init__(self, parent: QWidget, form: QFormLayout, address: QLineEdit) -> None:
        self.form = form
        self.address = address
        self.fields: dict[str, FileField] = {}
        settings = QSettings()
        for name, (label, title, tooltip) in _ROWS.items():
            field = FileField(parent, title, tooltip)
            field.path.setText(str(settings.value(SETTINGS_KEYS[name], "") or ""))
            field.path.editingFinished.connect(self.remember)
            form.addRow(label, field)
            self.fields[name] = field
        address.textChanged.connect(self.update_visibility)
        self.update_visibility()

    def update_visibility(self) -> None:
        """Show the rows for a ``tls://`` address only."""
        shown = is_tls(self.address.text().strip())
        for field in self.fields.values():
            self.form.setRowVisible(field, shown)

    def remember(self) -> None:
        """Keep the paths in QSettings for the next session."""
        settings = QSettings()
        for name, field in self.fields.items():
            settings.setValue(SETTINGS_KEYS[name], field.text())

    def tls(self) -> ClusterTLS:
        """The certificates for the address in the form, named by these rows (no files for an
        address that is not a ``tls://`` one; none given leaves Dask's configuration to give them).

        Even without files it goes to the run: its messages then name these rows, not the options.
        """
        if not is_tls(self.address.text().strip()):
            return ClusterTLS(names=FIELD_NAMES)
        return ClusterTLS(**{name: field.text() for name, field in self.fields.items()}, names=FIELD_NAMES)
