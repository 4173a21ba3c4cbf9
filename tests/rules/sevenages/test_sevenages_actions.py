"""The action text forms and the protocol's errors for 7 Ages (malformed, illegal, ambiguous)."""

from __future__ import annotations

import pytest
from sevenages_helpers import pick_colours
from sevenages_scenario import tiny_sevenages_scenario

from model.rules.protocol import AmbiguousActionError, IllegalActionError, MalformedActionError
from model.rules.sevenages.actions import CODEC, act
from model.rules.sevenages.game import build_game


def test_every_verb_round_trips_through_its_text() -> None:
    samples = [
        act("mark", "egypt", "wild"),
        act("send", "n1", "b_home", "chariots", 2, 2),
        act("commit", "spearmen:1:2", "archers:3:1"),
        act("aid", "coast", "city"),
        act("meddle", "reveal"),
        act("finish"),
    ]
    for action in samples:
        assert CODEC.parse(str(action)) == action
    assert act("send", "n1", "b_home", "chariots", 2, 2).areas() == ("n1", "b_home")


def test_errors_name_the_input_and_change_nothing() -> None:
    state = pick_colours(build_game(tiny_sevenages_scenario()).new_state(0))
    before = state.to_json()
    with pytest.raises(MalformedActionError, match="unknown verb"):
        state.apply("teleport egypt")
    with pytest.raises(MalformedActionError, match="takes 2 words"):
        state.apply("mark egypt production now")
    with pytest.raises(IllegalActionError, match="not a legal action"):
        state.apply("meddle")
    assert state.to_json() == before
    # "mark egypt" starts seven legal actions; a verb may be shortened to a unique prefix.
    with pytest.raises(AmbiguousActionError, match="several legal actions"):
        state.apply("mark egypt")
    assert str(state.resolve("mar egypt production")) == "mark egypt production"
