"""The client's certificates for a Dask scheduler reached over TLS (``--cluster tls://HOST:PORT``).

Dask's TLS authenticates both ends of every connection: the scheduler shows a certificate signed
by the cluster's certificate authority (CA), and so must every worker and client, or it is
refused. A client therefore needs three files: the CA's certificate (to check the scheduler's),
its own certificate, and that certificate's private key (which may instead be appended to the
certificate file, as Dask allows). They come from ``ClusterTLS`` (``mappa playtest --tls-ca-file CA
--tls-cert CERT --tls-key KEY``, or the balance dock's fields), or else from Dask's own
configuration (``distributed.comm.tls.ca-file``, ``distributed.comm.tls.client.cert`` and
``.key``; the key only with the configuration's certificate, never with one given here). Messages
name each file as its giver knows it (``Naming``): by option on the command line, by field in the
dock, by configuration key when Dask's configuration gave it.

The files are read and checked before anything is sent, so a run is refused before any game with
the file named and what is wrong with it: missing or unreadable, not PEM, a key encrypted with a
passphrase, the key of another certificate, a certificate expired or not yet valid. ``handshake``
then does the TLS handshake with the scheduler on the probe's socket, so a scheduler whose
certificate another CA signed, or one that refuses this machine's certificate, is said as such at
once (Dask's own connect reports either as a closed connection).

The ``cryptography`` package that reads the files comes with Dask in the ``cluster`` extra.
"""

from __future__ import annotations

import datetime
import re
import socket
import ssl
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from model.playtest.runner import PlaytestError

TLS_SCHEME = "tls"
"""The scheme of a scheduler reached over TLS (``tls://HOST:PORT``)."""

CONFIG_KEYS = {
    "ca_file": "distributed.comm.tls.ca-file",
    "cert": "distributed.comm.tls.client.cert",
    "key": "distributed.comm.tls.client.key",
}
"""Where Dask's configuration keeps the client's certificates (read when no option gives them)."""

_WHAT = {"ca_file": "the CA certificate", "cert": "this machine's certificate", "key": "this machine's key"}
_METAVAR = {"ca_file": "CA", "cert": "CERT", "key": "KEY"}
_NEEDED = ("ca_file", "cert")
"""The files a client cannot do without (the key may be in the certificate's file)."""
_NOT_SIGNED_BY_CA = frozenset({2, 7, 18, 19, 20, 21})
"""OpenSSL's verify codes for a certificate the trusted CA did not sign (X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT,
_CERT_SIGNATURE_FAILURE, _DEPTH_ZERO_SELF_SIGNED_CERT, _SELF_SIGNED_CERT_IN_CHAIN,
_UNABLE_TO_GET_ISSUER_CERT_LOCALLY, _UNABLE_TO_VERIFY_LEAF_SIGNATURE); others (an expired
certificate...) say what else is wrong."""
_KEY_BLOCK = re.compile(rb"-----BEGIN ((?:[A-Z]+ )?PRIVATE KEY)-----.*?-----END \1-----", re.DOTALL)


class ClusterTLSError(PlaytestError):
    """Certificates that cannot secure the connection to a ``tls://`` scheduler, or options that
    give certificates for an address that is not one."""


@dataclass(frozen=True)
class Naming:
    """How messages name the three files: as ``mappa playtest``'s options, or as the fields of a
    form (the editor's balance dock), so that the advice names what the reader can change there."""

    ca_file: str
    cert: str
    key: str
    fields: bool = False
    """The names are a form's field labels (``CA file``), not command line options."""

    def one(self, name: str) -> str:
        """How a message names the file ``name`` (a ``ClusterTLS`` field): ``--tls-cert`` or ``the
        Certificate field``."""
        label: str = getattr(self, name)
        return f"the {label} field" if self.fields else label

    def listed(self, names: Sequence[str]) -> str:
        """The files ``names`` as one asks for them: ``--tls-ca-file CA --tls-cert CERT`` or ``the CA
        file and Certificate fields``."""
        if not self.fields:
            return " ".join(f"{getattr(self, name)} {_METAVAR[name]}" for name in names)
        labels = [getattr(self, name) for name in names]
        joined = labels[0] if len(labels) == 1 else f"{', '.join(labels[:-1])} and {labels[-1]}"
        return f"the {joined} field{'s' if len(labels) > 1 else ''}"

    def ask(self, names: Sequence[str]) -> str:
        """What to do to give the files ``names``: ``give --tls-cert CERT`` or ``fill in the
        Certificate field``."""
        return f"{'fill in' if self.fields else 'give'} {self.listed(names)}"


OPTION_NAMES = Naming("--tls-ca-file", "--tls-cert", "--tls-key")
"""The files named as ``mappa playtest``'s options (``OPTIONS``)."""

EVERY_FILE = ("ca_file", "cert", "key")
"""The ``ClusterTLS`` fields of the three files, in the order they are asked for."""

OPTIONS = OPTION_NAMES.listed(EVERY_FILE)
"""The command line options that give the client's certificates (``--tls-ca-file CA --tls-cert
CERT --tls-key KEY``; ``dask worker`` takes the same)."""


@dataclass(frozen=True)
class ClusterTLS:
    """The client's certificate files for a ``tls://`` scheduler (paths; empty: not given)."""

    ca_file: str = ""
    """The certificate of the CA that signed the scheduler's, the workers' and this machine's."""
    cert: str = ""
    """This machine's certificate, signed by that CA."""
    key: str = ""
    """The private key of ``cert`` (empty: appended to the ``cert`` file)."""
    names: Naming = OPTION_NAMES
    """How messages name these files to whoever gave them (the options, or the dock's fields)."""

    def paths(self) -> tuple[str, str, str]:
        """The three paths (or PEM texts), in ``EVERY_FILE``'s order."""
        return (self.ca_file, self.cert, self.key)

    def given(self) -> bool:
        """Return whether any file is given."""
        return bool(self.ca_file or self.cert or self.key)


@dataclass(frozen=True)
class ClientTLS:
    """Checked certificates and the ``distributed.Security`` a client connects with."""

    files: ClusterTLS
    """The files used: the options', or where Dask's configuration gives none of them, its own."""
    security: Any
    """The ``distributed.Security`` (loosely typed: Dask's classes carry no annotations)."""

    def context(self) -> ssl.SSLContext:
        """The client's SSL context, as Dask builds it (the CA to trust, the certificate to show)."""
        context: ssl.SSLContext = self.security.get_connection_args("client")["ssl_context"]
        return context


def is_tls(address: str) -> bool:
    """Return whether ``address`` names a scheduler reached over TLS."""
    return address.startswith(f"{TLS_SCHEME}://")


def check_options(address: str, tls: ClusterTLS | None) -> None:
    """Refuse certificates given for an address that is not a ``tls://`` one (or for no cluster)."""
    if tls is None or not tls.given() or is_tls(address):
        return
    where = f"{address!r} is not one" if address else "no --cluster address is given"
    raise ClusterTLSError(
        f"--tls-ca-file, --tls-cert and --tls-key are for a Dask scheduler reached over TLS "
        f"(--cluster tls://HOST:PORT); {where}: give the scheduler's tls:// address, or leave the "
        "certificates out"
    )


def client_tls(distributed: Any, address: str, tls: ClusterTLS | None) -> ClientTLS | None:
    """The checked certificates to reach ``address`` with; None for an address without TLS.

    ``ClusterTLSError`` says which option (or file) is missing, unreadable or wrong.
    """
    check_options(address, tls)
    if not is_tls(address):
        return None
    given = tls or ClusterTLS()
    # Dask's configuration fills in what the options leave out (a Security made without arguments
    # holds what the configuration says).
    configured = distributed.Security()
    # A key goes with its certificate: a certificate given with its key appended takes no key from
    # the configuration, which holds the key of the configuration's certificate.
    from_config = {
        "ca_file": "" if given.ca_file else configured.tls_ca_file or "",
        "cert": "" if given.cert else configured.tls_client_cert or "",
        "key": "" if given.key or given.cert else configured.tls_client_key or "",
    }
    files = ClusterTLS(
        ca_file=given.ca_file or from_config["ca_file"],
        cert=given.cert or from_config["cert"],
        key=given.key or from_config["key"],
        names=given.names,
    )
    missing = [name for name in _NEEDED if not getattr(files, name)]
    if missing:
        wanted = files.names.ask(EVERY_FILE if len(missing) == 2 else missing)
        raise ClusterTLSError(
            f"the Dask scheduler at {address} is reached over TLS and needs this machine's "
            f"certificates: {wanted} (the certificate of the CA that signed the cluster's "
            "certificates, this machine's certificate signed by it, and that certificate's key), or "
            f"set them in Dask's configuration ({', '.join(CONFIG_KEYS.values())})"
        )
    check_files(files, configured=frozenset(name for name, path in from_config.items() if path))
    security = distributed.Security(
        require_encryption=True,
        tls_ca_file=files.ca_file,
        tls_client_cert=files.cert,
        tls_client_key=files.key or None,
    )
    client = ClientTLS(files, security)
    try:
        client.context()  # what Dask will load: an error the checks above missed is said here
    except (ssl.SSLError, OSError, ValueError) as error:
        raise ClusterTLSError(
            f"cannot use the certificates {', '.join(map(_name, filter(None, files.paths())))} for TLS "
            f"({type(error).__name__}: {error})"
        ) from error
    return client


def check_files(
    files: ClusterTLS, now: datetime.datetime | None = None, configured: Collection[str] = ()
) -> None:
    """Refuse, naming the file and what is wrong, certificates that cannot secure a connection.

    ``now`` (UTC) is the time the certificates must be valid at (default: the current time);
    ``configured`` the files (``ClusterTLS`` fields) that Dask's configuration gave, which
    messages name by their configuration key rather than by option or field.
    """
    from cryptography.exceptions import UnsupportedAlgorithm
    from cryptography.hazmat.primitives import serialization

    now = now or datetime.datetime.now(datetime.UTC)
    names = files.names

    def what(name: str) -> str:
        where = f"{CONFIG_KEYS[name]} in Dask's configuration" if name in configured else names.one(name)
        return f"{_WHAT[name]} ({where})"

    authorities = _certificates(files.ca_file, what("ca_file"))
    for authority in authorities:
        _check_dates(files.ca_file, _WHAT["ca_file"], authority, now)
    certificate = _certificates(files.cert, what("cert"))[0]
    _check_dates(files.cert, _WHAT["cert"], certificate, now)
    key_source, key_name = (files.key, "key") if files.key else (files.cert, "cert")
    data = _read(key_source, what(key_name))
    block = _KEY_BLOCK.search(data)
    if block is None:
        if not files.key:
            raise ClusterTLSError(
                f"{_name(files.cert)}: holds no private key: give its key with {names.listed(['key'])} (or "
                "append the key to the certificate file)"
            )
        raise ClusterTLSError(
            f"{_name(files.key)}: not a PEM private key ({what('key')} must hold the text between "
            "-----BEGIN PRIVATE KEY----- and -----END PRIVATE KEY-----, as openssl writes it)"
        )
    try:
        key = serialization.load_pem_private_key(block.group(0), password=None)
    except TypeError as error:  # a key encrypted with a passphrase
        raise ClusterTLSError(
            f"{_name(key_source)}: the key is encrypted with a passphrase, which Dask cannot ask for: "
            "write it unencrypted (openssl pkey -in KEY -out PLAIN-KEY) and keep that file readable by "
            "you alone"
        ) from error
    except (ValueError, UnsupportedAlgorithm) as error:
        raise ClusterTLSError(f"{_name(key_source)}: not a usable private key ({error})") from error
    der = serialization.Encoding.DER
    info = serialization.PublicFormat.SubjectPublicKeyInfo
    if key.public_key().public_bytes(der, info) != certificate.public_key().public_bytes(der, info):
        raise ClusterTLSError(
            f"{_name(key_source)}: this is not the key of the certificate {_name(files.cert)} (give the "
            "key that was made with that certificate)"
        )


def _name(value: str) -> str:
    """How messages name a file: its path, or for PEM text given in Dask's configuration, that."""
    return "the PEM text in Dask's configuration" if "\n" in value else value


def _read(path: str, what: str) -> bytes:
    if "\n" in path:  # Dask's configuration may hold the PEM text itself, as Security takes it
        return path.encode()
    try:
        return Path(path).read_bytes()
    except OSError as error:
        raise ClusterTLSError(f"{_name(path)}: cannot read {what} ({error.strerror or error})") from error


def _certificates(path: str, what: str) -> list[Any]:
    """The certificates of a PEM file (``x509.Certificate``; at least one, or ``ClusterTLSError``)."""
    from cryptography import x509

    data = _read(path, what)
    try:
        return x509.load_pem_x509_certificates(data)
    except ValueError as error:
        held = " (it holds a private key)" if _KEY_BLOCK.search(data) else ""
        raise ClusterTLSError(
            f"{_name(path)}: not a PEM certificate{held}: {what} must hold the text between "
            "-----BEGIN CERTIFICATE----- and -----END CERTIFICATE-----"
        ) from error


def _check_dates(path: str, what: str, certificate: Any, now: datetime.datetime) -> None:
    after: datetime.datetime = certificate.not_valid_after_utc
    before: datetime.datetime = certificate.not_valid_before_utc
    if now > after:
        raise ClusterTLSError(f"{_name(path)}: {what} expired on {after:%Y-%m-%d %H:%M} UTC: make a new one")
    if now < before:
        raise ClusterTLSError(
            f"{_name(path)}: {what} is valid only from {before:%Y-%m-%d %H:%M} UTC (is this machine's "
            "clock right?)"
        )


def handshake(sock: socket.socket, address: str, client: ClientTLS, timeout: float) -> None:
    """Do the TLS handshake on ``sock`` (connected to the scheduler) and wait for its first words.

    A Dask scheduler speaks first once it has accepted a connection, so a byte read means both
    ends accepted each other's certificates. ``ClusterTLSError`` says which end refused which.
    """
    files = client.files
    names = files.names
    sock.settimeout(timeout)
    try:
        with client.context().wrap_socket(sock) as secured:
            if not secured.recv(1):
                raise ClusterTLSError(
                    f"the Dask scheduler at {address} closed the connection after the TLS handshake: it "
                    f"probably refused this machine's certificate {_name(files.cert)} (see its log)"
                )
    except ssl.SSLCertVerificationError as error:
        if error.verify_code in _NOT_SIGNED_BY_CA:
            raise ClusterTLSError(
                f"the Dask scheduler at {address} shows a certificate that the CA of "
                f"{_name(files.ca_file)} did not sign ({error.verify_message}): give {names.one('ca_file')} "
                "the certificate of the CA that signed the scheduler's (its --tls-ca-file)"
            ) from error
        raise ClusterTLSError(
            f"the Dask scheduler at {address} shows a certificate this machine cannot accept "
            f"({error.verify_message}): start the scheduler with a new certificate signed by the CA of "
            f"{_name(files.ca_file)}"
        ) from error
    except ssl.SSLError as error:
        reason = error.reason or str(error)
        if "ALERT" in reason:  # the scheduler's answer to this machine's certificate
            raise ClusterTLSError(
                f"the Dask scheduler at {address} refused this machine's certificate {_name(files.cert)} "
                f"({reason.lower().replace('_', ' ')}): it trusts another CA; give {names.one('cert')} "
                f"and {names.one('key')} a certificate signed by the CA the scheduler was started with (its "
                "--tls-ca-file) and its key"
            ) from error
        raise ClusterTLSError(
            f"the Dask scheduler at {address} does not speak TLS ({reason}): a scheduler started "
            "without certificates listens on tcp://; give that address, or start it with --tls-ca-file, "
            "--tls-cert and --tls-key"
        ) from error
    except TimeoutError as error:
        raise ClusterTLSError(
            f"no TLS handshake with the Dask scheduler at {address} within {timeout:g} s (is it a Dask "
            "scheduler started with --tls-ca-file, --tls-cert and --tls-key?)"
        ) from error
    except OSError as error:  # reset by the peer during the handshake
        raise ClusterTLSError(
            f"the Dask scheduler at {address} broke off the TLS handshake ({type(error).__name__}: "
            f"{error}): it may have refused this machine's certificate {_name(files.cert)} (see its log)"
        ) from error
