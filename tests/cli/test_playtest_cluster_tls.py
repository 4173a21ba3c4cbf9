"""``mappa playtest --cluster tls://HOST:PORT`` on a scheduler and a worker started over TLS with
Dask's own commands: the report of a local run byte for byte, the workers' Mappa checked over TLS,
and each certificate that cannot be used refused before any game with what to do."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from dask_processes import DaskProcesses
from tls_certificates import TLSFiles

from model.cli import main
from model.playtest import cluster as cluster_module
from model.playtest.identity import identity

distributed = pytest.importorskip("distributed")
pytest.importorskip("cryptography")

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "default.mappa.json"
GAMES = 4
SEED = 5
NO_TLS_CONFIG = {
    "distributed.comm.tls.ca-file": None,
    "distributed.comm.tls.client.cert": None,
    "distributed.comm.tls.client.key": None,
}
"""Dask's configuration with no client certificates (as it is unless a user sets them)."""


def _playtest(out: Path, *extra: str) -> int:
    return main(
        ["playtest", str(SCENARIO), "--games", str(GAMES), "--seed", str(SEED), "--out", str(out), *extra]
    )


def _certificates(ca: Path, cert: Path, key: Path) -> list[str]:
    return ["--tls-ca-file", str(ca), "--tls-cert", str(cert), "--tls-key", str(key)]


def _error(capsys: pytest.CaptureFixture[str]) -> str:
    return capsys.readouterr().err.strip().removeprefix(f"mappa: {SCENARIO}: ")


@pytest.fixture(autouse=True)
def _no_certificates_in_dask_config() -> Iterator[None]:
    import dask

    with dask.config.set(NO_TLS_CONFIG):
        yield


@pytest.fixture(scope="module")
def tls_cluster(tmp_path_factory: pytest.TempPathFactory, tls_files: TLSFiles) -> Iterator[DaskProcesses]:
    """`dask scheduler` over TLS and one `dask worker` with a certificate of the cluster's CA."""
    processes = DaskProcesses(tmp_path_factory.mktemp("dask-tls"))
    try:
        processes.start_scheduler("--protocol", "tls", *_certificates(tls_files.ca, *tls_files.scheduler))
        assert processes.address.startswith("tls://127.0.0.1:")
        processes.start_worker("worker-1", *_certificates(tls_files.ca, *tls_files.worker))
        yield processes
    finally:
        processes.close()


@pytest.fixture(scope="module")
def client(tls_cluster: DaskProcesses, tls_files: TLSFiles) -> Iterator[Any]:
    """The test's own client of the cluster (over TLS), to wait for its worker."""
    security = distributed.Security(
        require_encryption=True,
        tls_ca_file=str(tls_files.ca),
        tls_client_cert=str(tls_files.client[0]),
        tls_client_key=str(tls_files.client[1]),
    )
    with distributed.Client(tls_cluster.address, timeout="60s", security=security) as watcher:
        watcher.wait_for_workers(1, timeout=120)
        yield watcher


def test_a_tls_cluster_gives_the_local_report(
    tls_cluster: DaskProcesses, client: Any, tls_files: TLSFiles, tmp_path: Path
) -> None:
    assert [worker.split(":")[0] for worker in client.nthreads()] == ["tls"]
    assert _playtest(tmp_path / "local", "--jobs", "1") == 0
    status = _playtest(
        tmp_path / "tls", "--cluster", tls_cluster.address, *_certificates(tls_files.ca, *tls_files.client)
    )
    assert status == 0
    local = (tmp_path / "local" / "report.json").read_bytes()
    assert (tmp_path / "tls" / "report.json").read_bytes() == local


def test_the_workers_mappa_is_checked_over_tls(
    tls_cluster: DaskProcesses,
    client: Any,
    tls_files: TLSFiles,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    here = identity()
    monkeypatch.setattr(cluster_module, "identity", lambda: replace(here, version="9.9.9"))
    [worker] = client.nthreads()
    status = _playtest(
        tmp_path, "--cluster", tls_cluster.address, *_certificates(tls_files.ca, *tls_files.client)
    )
    assert status == 2
    err = _error(capsys)
    assert f"worker {worker} runs Mappa {here.version}, this machine Mappa 9.9.9" in err
    assert not (tmp_path / "report.json").exists()


def test_a_tls_address_without_certificates_is_refused(
    tls_cluster: DaskProcesses, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _playtest(tmp_path / "out", "--cluster", tls_cluster.address) == 2
    assert _error(capsys) == (
        f"the Dask scheduler at {tls_cluster.address} is reached over TLS and needs this machine's "
        "certificates: give --tls-ca-file CA --tls-cert CERT --tls-key KEY (the certificate of the CA "
        "that signed the cluster's certificates, this machine's certificate signed by it, and that "
        "certificate's key), or set them in Dask's configuration (distributed.comm.tls.ca-file, "
        "distributed.comm.tls.client.cert, distributed.comm.tls.client.key)"
    )
    assert not (tmp_path / "out").exists()


def test_certificates_in_dask_config_are_used(
    tls_cluster: DaskProcesses, client: Any, tls_files: TLSFiles, tmp_path: Path
) -> None:
    import dask

    configured = {
        "distributed.comm.tls.ca-file": str(tls_files.ca),
        "distributed.comm.tls.client.cert": str(tls_files.client[0]),
        "distributed.comm.tls.client.key": str(tls_files.client[1]),
    }
    with dask.config.set(configured):
        assert _playtest(tmp_path, "--cluster", tls_cluster.address) == 0
    assert (tmp_path / "report.json").exists()


def test_a_file_that_cannot_be_read_is_named(
    tls_cluster: DaskProcesses, tls_files: TLSFiles, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "ca.pem"
    certificates = _certificates(missing, *tls_files.client)
    assert _playtest(tmp_path / "out", "--cluster", tls_cluster.address, *certificates) == 2
    assert _error(capsys) == (
        f"{missing}: cannot read the CA certificate (--tls-ca-file) (No such file or directory)"
    )
    assert not (tmp_path / "out").exists()


def test_a_scheduler_certificate_of_another_ca_is_refused(
    tls_cluster: DaskProcesses, tls_files: TLSFiles, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    certificates = _certificates(tls_files.other_ca, *tls_files.other_client)
    assert _playtest(tmp_path / "out", "--cluster", tls_cluster.address, *certificates) == 2
    err = _error(capsys)
    # Between the brackets, OpenSSL's reason (its wording varies with its version).
    assert err.startswith(
        f"the Dask scheduler at {tls_cluster.address} shows a certificate that the CA of "
        f"{tls_files.other_ca} did not sign ("
    )
    assert err.endswith(
        "): give --tls-ca-file the certificate of the CA that signed the scheduler's (its --tls-ca-file)"
    )
    assert not (tmp_path / "out").exists()


def test_a_certificate_the_scheduler_does_not_trust_is_refused(
    tls_cluster: DaskProcesses, tls_files: TLSFiles, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # This machine trusts both CAs, so the scheduler's certificate passes; its own is signed by
    # the other CA, which the scheduler does not trust.
    both = tmp_path / "both-cas.pem"
    both.write_bytes(tls_files.ca.read_bytes() + tls_files.other_ca.read_bytes())
    certificates = _certificates(both, *tls_files.other_client)
    assert _playtest(tmp_path / "out", "--cluster", tls_cluster.address, *certificates) == 2
    assert _error(capsys) == (
        f"the Dask scheduler at {tls_cluster.address} refused this machine's certificate "
        f"{tls_files.other_client[0]} (tlsv1 alert unknown ca): it trusts another CA; give --tls-cert "
        "and --tls-key a certificate signed by the CA the scheduler was started with (its "
        "--tls-ca-file) and its key"
    )
    assert not (tmp_path / "out").exists()


def test_an_expired_scheduler_certificate_is_said(
    tls_files: TLSFiles, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stale = DaskProcesses(tmp_path)
    try:
        # Dask starts with an expired certificate; its clients refuse it.
        address = stale.start_scheduler(
            "--protocol", "tls", *_certificates(tls_files.ca, *tls_files.expired_client)
        )
        certificates = _certificates(tls_files.ca, *tls_files.client)
        assert _playtest(tmp_path / "out", "--cluster", address, *certificates) == 2
    finally:
        stale.close()
    assert _error(capsys) == (
        f"the Dask scheduler at {address} shows a certificate this machine cannot accept (certificate "
        f"has expired): start the scheduler with a new certificate signed by the CA of {tls_files.ca}"
    )


def test_a_scheduler_without_tls_at_a_tls_address_is_said(
    tls_files: TLSFiles, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    plain = DaskProcesses(tmp_path)
    try:
        address = plain.start_scheduler().replace("tcp://", "tls://")
        certificates = _certificates(tls_files.ca, *tls_files.client)
        assert _playtest(tmp_path / "out", "--cluster", address, *certificates) == 2
    finally:
        plain.close()
    err = _error(capsys)
    assert err.startswith(f"the Dask scheduler at {address} does not speak TLS (")
    assert err.endswith(
        "): a scheduler started without certificates listens on tcp://; give that address, or start it "
        "with --tls-ca-file, --tls-cert and --tls-key"
    )


def test_a_tls_scheduler_at_a_tcp_address_is_said(
    tls_cluster: DaskProcesses, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    address = tls_cluster.address.replace("tls://", "tcp://")
    assert _playtest(tmp_path / "out", "--cluster", address) == 2
    err = _error(capsys)
    assert err.startswith(f"cannot reach the Dask scheduler at {address}: the port answers, but not as a ")
    assert (
        "; one started with certificates needs tls:// and --tls-ca-file CA --tls-cert CERT --tls-key KEY)"
        in err
    )


@pytest.mark.parametrize("address", ["", "local:2", "tcp://127.0.0.1:8786"])
def test_certificates_for_an_address_without_tls_are_refused(
    address: str, tls_files: TLSFiles, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cluster = ["--cluster", address] if address else []
    certificates = _certificates(tls_files.ca, *tls_files.client)
    assert _playtest(tmp_path / "out", *cluster, *certificates) == 2
    where = f"{address!r} is not one" if address else "no --cluster address is given"
    assert capsys.readouterr().err.strip() == (
        "mappa: --tls-ca-file, --tls-cert and --tls-key are for a Dask scheduler reached over TLS "
        f"(--cluster tls://HOST:PORT); {where}: give the scheduler's tls:// address, or leave the "
        "certificates out"
    )
    assert not (tmp_path / "out").exists()
