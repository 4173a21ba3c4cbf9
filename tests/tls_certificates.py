"""Certificates for the tests of a Dask cluster over TLS, written as PEM files.

As a play-tester makes them (README.md, "Play-testing on a cluster"): a certificate authority
(CA), and certificates it signs for the scheduler, the workers and the client. A second CA signs
certificates a cluster of the first refuses; one certificate has expired. Elliptic-curve keys: they
are made in a blink, where RSA keys would take a noticeable part of a test's time.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

NOW = datetime.datetime.now(datetime.UTC)


def _name(common_name: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])


def _write_key(key: ec.EllipticCurvePrivateKey, path: Path, password: bytes | None = None) -> Path:
    encryption: serialization.KeySerializationEncryption = (
        serialization.BestAvailableEncryption(password) if password else serialization.NoEncryption()
    )
    path.write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, encryption)
    )
    return path


@dataclass
class Authority:
    """A CA: its certificate file and the key it signs with."""

    name: str
    key: ec.EllipticCurvePrivateKey
    certificate: x509.Certificate
    path: Path

    @classmethod
    def make(cls, folder: Path, name: str) -> Authority:
        """A self-signed CA named ``name``, its certificate written to ``folder/NAME.pem``."""
        key = ec.generate_private_key(ec.SECP256R1())
        certificate = (
            x509.CertificateBuilder()
            .subject_name(_name(name))
            .issuer_name(_name(name))
            .public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(NOW - datetime.timedelta(days=1))
            .not_valid_after(NOW + datetime.timedelta(days=30))
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .add_extension(
                x509.KeyUsage(
                    digital_signature=False,
                    content_commitment=False,
                    key_encipherment=False,
                    data_encipherment=False,
                    key_agreement=False,
                    key_cert_sign=True,
                    crl_sign=True,
                    encipher_only=False,
                    decipher_only=False,
                ),
                critical=True,
            )
            .sign(key, hashes.SHA256())
        )
        path = folder / f"{name}.pem"
        path.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
        return cls(name, key, certificate, path)

    def issue(
        self, folder: Path, name: str, *, expired: bool = False, password: bytes | None = None
    ) -> tuple[Path, Path]:
        """A certificate for ``name`` signed by this CA: (``NAME.pem``, ``NAME.key``) in ``folder``."""
        key = ec.generate_private_key(ec.SECP256R1())
        start, end = (
            (NOW - datetime.timedelta(days=20), NOW - datetime.timedelta(days=10))
            if expired
            else (NOW - datetime.timedelta(days=1), NOW + datetime.timedelta(days=30))
        )
        certificate = (
            x509.CertificateBuilder()
            .subject_name(_name(name))
            .issuer_name(self.certificate.subject)
            .public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(start)
            .not_valid_after(end)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .sign(self.key, hashes.SHA256())
        )
        cert_path = folder / f"{name}.pem"
        cert_path.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
        return cert_path, _write_key(key, folder / f"{name}.key", password)


@dataclass
class TLSFiles:
    """Every file the TLS tests use (paths)."""

    ca: Path
    """The cluster's CA certificate."""
    scheduler: tuple[Path, Path]
    worker: tuple[Path, Path]
    client: tuple[Path, Path]
    """Certificate and key of each role, signed by ``ca``."""
    other_ca: Path
    """Another CA's certificate."""
    other_client: tuple[Path, Path]
    """A client certificate and key signed by ``other_ca``."""
    expired_client: tuple[Path, Path]
    """A client certificate signed by ``ca`` that expired ten days ago."""
    encrypted_client: tuple[Path, Path]
    """A client certificate signed by ``ca`` whose key is encrypted with a passphrase."""


def make_tls_files(folder: Path) -> TLSFiles:
    """Write a cluster's CA and certificates, another CA's, and some that cannot be used, to ``folder``."""
    cluster = Authority.make(folder, "cluster-ca")
    other = Authority.make(folder, "other-ca")
    return TLSFiles(
        ca=cluster.path,
        scheduler=cluster.issue(folder, "scheduler"),
        worker=cluster.issue(folder, "worker"),
        client=cluster.issue(folder, "client"),
        other_ca=other.path,
        other_client=other.issue(folder, "other-client"),
        expired_client=cluster.issue(folder, "expired-client", expired=True),
        encrypted_client=cluster.issue(folder, "encrypted-client", password=b"secret"),
    )
