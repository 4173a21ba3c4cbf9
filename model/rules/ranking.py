"""What every ruleset's heuristic bot shares when it ranks moves for the search (MCTS)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from model.rules.protocol import Action


def first_distinct(
    ranked: Iterable[Action], k: int, refused: Callable[[Action], object] = lambda _action: None
) -> list[Action]:
    """Return the first ``k`` actions of ``ranked`` that ``refused`` lets pass (it returns None for
    an action the engine accepts), dropping repeats by their text: the common tail of every
    ruleset's ``shortlist`` (``model.bots.base.RankingBot``), whose own ranking may list one move twice."""
    found: list[Action] = []
    seen: set[str] = set()
    for action in ranked:
        if len(found) >= k:
            break
        text = str(action)
        if text in seen or refused(action) is not None:
            continue
        seen.add(text)
        found.append(action)
    return found
