"""The Issues dock's rows: sorted in slices (the same order as one ``sorted``), and a big result
filtered and sorted in a worker thread, never on the UI thread, with stale results dropped."""

from __future__ import annotations

import random
import threading

import pytest
from pytestqt.qtbot import QtBot

from editor.docks import issues as issues_dock
from editor.docks.issue_order import arrange, release_in_slices, sort_in_slices
from editor.docks.issues import IssuesDock
from model.issues import Issue, Severity


@pytest.mark.parametrize("reverse", [False, True])
@pytest.mark.parametrize("size", [1, 3, 7, 2048])
def test_sorting_in_slices_gives_the_order_of_one_stable_sort(reverse: bool, size: int) -> None:
    rng = random.Random(size)
    # Few distinct keys: many ties, whose order must be kept (objects of equal key, told apart by id).
    items = [(rng.randrange(5), n) for n in range(200)]
    result = sort_in_slices(items, key=lambda item: item[0], reverse=reverse, size=size)
    assert result == sorted(items, key=lambda item: item[0], reverse=reverse)


def test_a_slice_size_below_one_is_refused() -> None:
    with pytest.raises(ValueError, match="at least 1, not 0"):
        sort_in_slices([3, 1], key=int, size=0)


def many_issues(count: int) -> list[Issue]:
    severities = [Severity.INFO, Severity.ERROR, Severity.WARNING]
    return [
        Issue(f"CODE_{n % 7}", severities[n % 3], f"message {count - n:05}", (f"a{n}",)) for n in range(count)
    ]


def test_a_big_result_is_arranged_in_a_worker_and_shown_once_ready(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(issues_dock, "ARRANGE_HERE", 10)
    threads: list[threading.Thread] = []

    def noting(*args: object) -> object:
        threads.append(threading.current_thread())
        return arrange(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(issues_dock, "arrange", noting)
    dock = IssuesDock()
    qtbot.addWidget(dock)
    threads.clear()  # the dock arranged its empty table while it was made
    small = many_issues(4)
    dock.set_issues(small)  # under the limit: at once, on this thread
    assert threads == [threading.main_thread()] and not dock.model.arranging
    assert [dock.issue_at(r).code for r in range(dock.model.rowCount())] == [
        "CODE_1",
        "CODE_2",
        "CODE_0",
        "CODE_3",
    ]

    big = many_issues(300)
    with qtbot.waitSignal(dock.model.arranged, timeout=10000):
        dock.set_issues(big)
        assert dock.model.arranging
        assert dock.model.rowCount() == 4  # the old rows stay until the new ones are ready
    assert threads[1] is not threading.main_thread()
    expected = sorted(
        big, key=lambda i: ({"error": 0, "warning": 1, "info": 2}[i.severity], i.code, i.message)
    )
    assert dock.model.issues == expected
    assert dock.summary.text() == "300 issues"

    with qtbot.waitSignal(dock.model.arranged, timeout=10000):
        dock.filter.setCurrentIndex(2)  # errors only: filtered in the worker too
    assert threads[2] is not threading.main_thread()
    assert dock.model.rowCount() == 100
    assert all(dock.issue_at(r).severity is Severity.ERROR for r in range(100))


def test_a_result_arranged_after_a_newer_one_was_given_is_dropped(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(issues_dock, "ARRANGE_HERE", 10)
    release = threading.Event()
    first = many_issues(50)

    def slow_for_the_first(given: list[Issue], *args: object) -> object:
        if given is first:
            release.wait(10)  # still arranging when the newer result comes in
        return arrange(given, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(issues_dock, "arrange", slow_for_the_first)
    dock = IssuesDock()
    qtbot.addWidget(dock)
    shown: list[int] = []
    dock.model.arranged.connect(lambda: shown.append(dock.model.rowCount()))
    dock.set_issues(first)
    second = many_issues(30)
    dock.set_issues(second)
    release.set()
    qtbot.waitUntil(lambda: not dock.model.arranging, timeout=10000)
    qtbot.wait(50)  # the first result's late signal, if it were taken, would arrive now
    assert shown == [30]
    assert sorted(map(repr, dock.model.issues)) == sorted(map(repr, second))


def test_release_in_slices_empties_the_list_from_the_end() -> None:
    items = list(range(10))
    seen: list[int] = []

    class Noting(list[int]):
        def __delitem__(self, index: object) -> None:
            seen.append(len(self))
            super().__delitem__(index)  # type: ignore[arg-type]

    noting = Noting(items)
    release_in_slices(noting, size=4)
    assert noting == [] and seen == [10, 6, 2]
    with pytest.raises(ValueError, match="at least 1"):
        release_in_slices([1], size=0)
