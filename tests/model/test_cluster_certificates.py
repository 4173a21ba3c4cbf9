"""The client's certificates for a Dask cluster over TLS (``model.playtest.cluster_tls``): what
makes a file unusable is said with the file's name, before any connection."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from tls_certificates import TLSFiles

from model.playtest.cluster_tls import (
    CONFIG_KEYS,
    OPTION_NAMES,
    OPTIONS,
    ClusterTLS,
    ClusterTLSError,
    Naming,
    check_files,
    check_options,
    client_tls,
)

distributed = pytest.importorskip("distributed")
pytest.importorskip("cryptography")

ADDRESS = "tls://127.0.0.1:8786"


def _refusal(files: ClusterTLS) -> str:
    with pytest.raises(ClusterTLSError) as refused:
        check_files(files)
    return str(refused.value)


def test_the_cluster_certificates_pass(tls_files: TLSFiles, tmp_path: Path) -> None:
    check_files(ClusterTLS(str(tls_files.ca), *map(str, tls_files.client)))
    # The key may be appended to the certificate's file, as Dask allows.
    combined = tmp_path / "client-and-key.pem"
    combined.write_bytes(tls_files.client[0].read_bytes() + tls_files.client[1].read_bytes())
    check_files(ClusterTLS(str(tls_files.ca), str(combined)))


def test_a_certificate_without_its_key_is_refused(tls_files: TLSFiles) -> None:
    cert = tls_files.client[0]
    assert _refusal(ClusterTLS(str(tls_files.ca), str(cert))) == (
        f"{cert}: holds no private key: give its key with --tls-key KEY (or append the key to the "
        "certificate file)"
    )


def test_a_missing_file_is_named(tls_files: TLSFiles, tmp_path: Path) -> None:
    missing = tmp_path / "client.key"
    assert _refusal(ClusterTLS(str(tls_files.ca), str(tls_files.client[0]), str(missing))) == (
        f"{missing}: cannot read this machine's key (--tls-key) (No such file or directory)"
    )


def test_a_key_given_as_the_ca_is_refused(tls_files: TLSFiles) -> None:
    key = tls_files.client[1]
    assert _refusal(ClusterTLS(str(key), *map(str, tls_files.client))) == (
        f"{key}: not a PEM certificate (it holds a private key): the CA certificate (--tls-ca-file) "
        "must hold the text between -----BEGIN CERTIFICATE----- and -----END CERTIFICATE-----"
    )


def test_a_certificate_that_is_not_pem_is_refused(tls_files: TLSFiles, tmp_path: Path) -> None:
    der = tmp_path / "client.der"
    der.write_bytes(b"\x30\x82\x01\x0a not PEM")
    assert _refusal(ClusterTLS(str(tls_files.ca), str(der), str(tls_files.client[1]))) == (
        f"{der}: not a PEM certificate: this machine's certificate (--tls-cert) must hold the text "
        "between -----BEGIN CERTIFICATE----- and -----END CERTIFICATE-----"
    )


def test_a_key_that_is_not_pem_is_refused(tls_files: TLSFiles) -> None:
    cert = tls_files.client[0]
    assert _refusal(ClusterTLS(str(tls_files.ca), str(cert), str(cert))) == (
        f"{cert}: not a PEM private key (this machine's key (--tls-key) must hold the text between "
        "-----BEGIN PRIVATE KEY----- and -----END PRIVATE KEY-----, as openssl writes it)"
    )


def test_the_key_of_another_certificate_is_refused(tls_files: TLSFiles) -> None:
    cert, key = tls_files.client[0], tls_files.worker[1]
    assert _refusal(ClusterTLS(str(tls_files.ca), str(cert), str(key))) == (
        f"{key}: this is not the key of the certificate {cert} (give the key that was made with that "
        "certificate)"
    )


def test_a_key_encrypted_with_a_passphrase_is_refused(tls_files: TLSFiles) -> None:
    cert, key = tls_files.encrypted_client
    assert _refusal(ClusterTLS(str(tls_files.ca), str(cert), str(key))) == (
        f"{key}: the key is encrypted with a passphrase, which Dask cannot ask for: write it "
        "unencrypted (openssl pkey -in KEY -out PLAIN-KEY) and keep that file readable by you alone"
    )


def test_an_expired_certificate_is_refused(tls_files: TLSFiles) -> None:
    cert, key = tls_files.expired_client
    message = _refusal(ClusterTLS(str(tls_files.ca), str(cert), str(key)))
    assert message.startswith(f"{cert}: this machine's certificate expired on ")
    assert message.endswith(" UTC: make a new one")


def test_a_certificate_not_yet_valid_is_refused(tls_files: TLSFiles) -> None:
    from cryptography import x509

    start = x509.load_pem_x509_certificate(tls_files.ca.read_bytes()).not_valid_before_utc
    files = ClusterTLS(str(tls_files.ca), *map(str, tls_files.client))
    with pytest.raises(ClusterTLSError) as refused:
        check_files(files, now=start - datetime.timedelta(hours=1))
    assert str(refused.value) == (
        f"{tls_files.ca}: the CA certificate is valid only from {start:%Y-%m-%d %H:%M} UTC (is this "
        "machine's clock right?)"
    )


def test_options_fill_in_what_dask_config_leaves_out(tls_files: TLSFiles) -> None:
    import dask

    configured = {
        "distributed.comm.tls.ca-file": str(tls_files.ca),
        "distributed.comm.tls.client.cert": str(tls_files.worker[0]),
        "distributed.comm.tls.client.key": str(tls_files.worker[1]),
    }
    with dask.config.set(configured):
        from_config = client_tls(distributed, ADDRESS, None)
        mixed = client_tls(distributed, ADDRESS, ClusterTLS("", *map(str, tls_files.client)))
    assert from_config is not None and mixed is not None
    assert from_config.files == ClusterTLS(str(tls_files.ca), *map(str, tls_files.worker))
    assert mixed.files == ClusterTLS(str(tls_files.ca), *map(str, tls_files.client))
    assert from_config.security.require_encryption
    assert client_tls(distributed, "tcp://127.0.0.1:8786", None) is None


def test_a_missing_certificate_is_asked_for_by_its_option(tls_files: TLSFiles) -> None:
    import dask

    with (
        dask.config.set({"distributed.comm.tls.client.cert": None}),
        pytest.raises(ClusterTLSError) as refused,
    ):
        client_tls(distributed, ADDRESS, ClusterTLS(ca_file=str(tls_files.ca)))
    assert str(refused.value).startswith(
        f"the Dask scheduler at {ADDRESS} is reached over TLS and needs this machine's certificates: "
        "give --tls-cert CERT (the certificate of the CA"
    )


@pytest.mark.parametrize("address", ["local:2", "local-threads:1", "tcp://10.0.0.1:8786", ""])
def test_certificates_are_for_tls_addresses_only(address: str) -> None:
    check_options(address, None)
    check_options(address, ClusterTLS())
    check_options(ADDRESS, ClusterTLS(ca_file="ca.pem"))
    with pytest.raises(ClusterTLSError, match="are for a Dask scheduler reached over TLS"):
        check_options(address, ClusterTLS(key="client.key"))


def test_pem_text_in_dask_config_is_read_and_named_as_such(tls_files: TLSFiles) -> None:
    import dask

    # Dask's configuration may hold the PEM text itself instead of a path (Security takes both).
    pem = {
        "distributed.comm.tls.ca-file": tls_files.ca.read_text(),
        "distributed.comm.tls.client.cert": tls_files.client[0].read_text(),
        "distributed.comm.tls.client.key": tls_files.client[1].read_text(),
    }
    with dask.config.set(pem):
        secured = client_tls(distributed, ADDRESS, None)
        assert secured is not None and secured.files.ca_file == tls_files.ca.read_text()
        with pytest.raises(ClusterTLSError) as refused:
            client_tls(distributed, ADDRESS, ClusterTLS(ca_file=str(tls_files.client[1])))
        other_key = {"distributed.comm.tls.client.key": tls_files.worker[1].read_text()}
        with dask.config.set(other_key), pytest.raises(ClusterTLSError) as mismatched:
            client_tls(distributed, ADDRESS, None)
    assert str(refused.value).startswith(
        f"{tls_files.client[1]}: not a PEM certificate (it holds a private key)"
    )
    assert str(mismatched.value) == (
        "the PEM text in Dask's configuration: this is not the key of the certificate the PEM text in "
        "Dask's configuration (give the key that was made with that certificate)"
    )


FIELDS = Naming("CA file", "Certificate", "Key", fields=True)
"""Files given in a form's fields (as the editor's balance dock gives them)."""


def test_files_given_in_fields_are_asked_for_by_field_not_by_option(tls_files: TLSFiles) -> None:
    import dask

    # The dock shows these messages: an option it has no field for would send the reader astray.
    nothing = {key: None for key in CONFIG_KEYS.values()}
    with dask.config.set(nothing), pytest.raises(ClusterTLSError) as none_given:
        client_tls(distributed, ADDRESS, ClusterTLS(names=FIELDS))
    with dask.config.set(nothing), pytest.raises(ClusterTLSError) as no_cert:
        client_tls(distributed, ADDRESS, ClusterTLS(ca_file=str(tls_files.ca), names=FIELDS))
    assert "certificates: fill in the CA file, Certificate and Key fields (the certificate" in str(
        none_given.value
    )
    assert "certificates: fill in the Certificate field (the certificate" in str(no_cert.value)
    cert = tls_files.client[0]
    assert _refusal(ClusterTLS(str(tls_files.ca), str(cert), names=FIELDS)) == (
        f"{cert}: holds no private key: give its key with the Key field (or append the key to the "
        "certificate file)"
    )
    missing = str(tls_files.ca) + ".gone"
    assert _refusal(ClusterTLS(missing, *map(str, tls_files.client), names=FIELDS)) == (
        f"{missing}: cannot read the CA certificate (the CA file field) (No such file or directory)"
    )
    for message in (str(none_given.value), str(no_cert.value)):
        assert "--tls" not in message


def test_the_names_of_the_files_as_options_and_as_fields() -> None:
    assert OPTION_NAMES.listed(["ca_file", "cert", "key"]) == OPTIONS
    assert OPTION_NAMES.ask(["cert"]) == "give --tls-cert CERT"
    assert OPTION_NAMES.one("key") == "--tls-key"
    assert FIELDS.listed(["ca_file", "cert"]) == "the CA file and Certificate fields"
    assert FIELDS.ask(["key"]) == "fill in the Key field"
    assert FIELDS.one("ca_file") == "the CA file field"


def test_a_certificate_given_with_its_key_appended_takes_no_key_from_dask_config(
    tls_files: TLSFiles, tmp_path: Path
) -> None:
    import dask

    combined = tmp_path / "client-and-key.pem"
    combined.write_bytes(tls_files.client[0].read_bytes() + tls_files.client[1].read_bytes())
    # The configuration's key is its own certificate's (the worker's), not the one given here.
    configured = {
        "distributed.comm.tls.client.cert": str(tls_files.worker[0]),
        "distributed.comm.tls.client.key": str(tls_files.worker[1]),
    }
    with dask.config.set(configured):
        secured = client_tls(distributed, ADDRESS, ClusterTLS(str(tls_files.ca), str(combined)))
    assert secured is not None and secured.files == ClusterTLS(str(tls_files.ca), str(combined))


def test_a_file_from_dask_config_is_named_by_its_key_there(tls_files: TLSFiles, tmp_path: Path) -> None:
    import dask

    missing = tmp_path / "ca.pem"
    with (
        dask.config.set({"distributed.comm.tls.ca-file": str(missing)}),
        pytest.raises(ClusterTLSError) as refused,
    ):
        client_tls(distributed, ADDRESS, ClusterTLS("", *map(str, tls_files.client)))
    assert str(refused.value) == (
        f"{missing}: cannot read the CA certificate (distributed.comm.tls.ca-file in Dask's "
        "configuration) (No such file or directory)"
    )
