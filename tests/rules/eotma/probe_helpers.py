"""Helpers of the probe tests (test_probe_<section>.py): read an endeavour's rating and price
through the engine's public preview, and the rating a resolved endeavour logged."""

from __future__ import annotations

import re

from model.rules.eotma.actions import CODEC
from model.rules.eotma.state import EotmaState

_PREVIEW = re.compile(r"rating ([+-]\d+), costs (\d+) gold")


def rating(state: EotmaState, text: str) -> int:
    """Return the rating the preview gives for an endeavour written as text."""
    match = _PREVIEW.match(state.preview(CODEC.parse(text)))
    assert match, f"no rating previewed for {text!r}: {state.preview(CODEC.parse(text))!r}"
    return int(match[1])


def price(state: EotmaState, text: str) -> int:
    """Return the gold the preview says an endeavour costs."""
    match = re.search(r"costs (\d+) gold", state.preview(CODEC.parse(text)))
    assert match, f"no price previewed for {text!r}"
    return int(match[1])


def logged_rating(effects: tuple[str, ...] | list[str], kind: str, target: str) -> int:
    """Return the rating an endeavour's log line gives (``KIND TARGET: card N, rating R``)."""
    for effect in effects:
        if effect.startswith(f"{kind} {target}: card "):
            return int(effect.rsplit("rating ", 1)[1])
    raise AssertionError(f"no {kind} of {target} in {effects}")


def legal(state: EotmaState) -> set[str]:
    """Return the legal actions as text."""
    return {str(a) for a in state.legal_actions()}
