"""What a Seasons nation may read of the log and the counters (rules/004: Tokens, Turns, Units,
Resources): the planning stays face down until the reveal, units bought stay face down (their kind
is never shown to the other nations), and treasuries stay at each nation's own table."""

from __future__ import annotations

import re

from seasons_helpers import plan, stage

from model.bots.base import RandomBot
from model.rules.protocol import PUBLIC
from model.rules.seasons.game import SeasonsGame
from model.rules.seasons.state import SeasonsState

KINDS = ("infantry", "cavalry", "war_boat", "siege")
TREASURY = re.compile(r"^(\S+) (puts \d+ into supply|pays \d+ from supply|receives -?\d+|will collect -?\d+)")


def texts(entries: list) -> list[str]:  # type: ignore[type-arg]
    return [text for entry in entries for text in (entry.action, *entry.effects)]


def bought_cavalry(isles: SeasonsGame) -> SeasonsState:
    """Vellmark buys cavalry in Harrowmere in the first spring; every nation then says done."""
    state = stage(isles, [("v1", "infantry", "vellmark", "caldwick")])
    plan(state, {"vellmark": ["buy cavalry harrowmere"]})
    return state


def test_the_kind_of_a_unit_bought_stays_face_down_after_the_reveal(isles: SeasonsGame) -> None:
    state = bought_cavalry(isles)
    everything = texts(state.log)
    assert "buy cavalry harrowmere" in everything
    placed = next(t for t in everything if t.startswith("vellmark places cavalry "))
    unit = placed.split()[3]
    for seat in ("ostrand", "suderland", "kessary"):
        seen = texts(state.log_for(seat))
        assert "buy (hidden) harrowmere" in seen
        assert f"vellmark places a unit {unit} in harrowmere" in seen
        assert not any("cavalry" in text for text in seen), seat
    own = texts(state.log_for("vellmark"))
    assert "buy cavalry harrowmere" in own and placed in own


def test_other_treasuries_stay_hidden_and_a_nation_reads_its_own(isles: SeasonsGame) -> None:
    state = bought_cavalry(isles)
    everything = texts(state.log)
    assert "vellmark puts 2 into supply" in everything and "vellmark receives 8" in everything
    seen = texts(state.log_for("ostrand"))
    assert "ostrand puts 14 into supply" in seen and "ostrand receives 8" in seen
    others = [t for t in seen if (m := TREASURY.match(t)) and m[1] != "ostrand"]
    assert others == []


def test_the_planning_is_hidden_until_the_reveal(isles: SeasonsGame) -> None:
    state = stage(isles, [("v1", "infantry", "vellmark", "caldwick")])
    state.apply("buy cavalry harrowmere")
    state.apply("done")
    assert [(e.action, e.effects) for e in state.log_for("ostrand")] == [("hidden", ()), ("hidden", ())]
    assert [e.action for e in state.log_for("vellmark")] == ["buy cavalry harrowmere", "done"]
    assert state.view("ostrand")["log"] == [e.to_json() for e in state.log_for("ostrand")]


def test_the_author_reads_everything_and_every_seat_keeps_every_entry(isles: SeasonsGame) -> None:
    state = bought_cavalry(isles)
    assert state.log_for(None) == state.log
    for seat in isles.nations:
        assert [e.seq for e in state.log_for(seat)] == [e.seq for e in state.log]


def test_counters_of_units_bought_by_kind_are_not_shown_to_a_seat(isles: SeasonsGame) -> None:
    state = bought_cavalry(isles)
    assert state.statistics()["bought_cavalry"] == 1
    assert state.statistics_for(None) == state.statistics()
    assert "bought_cavalry" not in state.statistics_for("ostrand")
    assert "bought_cavalry" not in state.statistics_for("vellmark")  # a sum over every nation


def test_no_seat_reads_another_nations_unit_kinds_or_treasury_in_a_whole_game(isles: SeasonsGame) -> None:
    state = isles.new_state(11)
    bot = RandomBot(11)
    while not state.is_over():
        state.apply(bot.choose(state))
    assert any(t.startswith("buy ") for t in texts(state.log))
    for seat in isles.nations:
        for entry in state.log_for(seat):
            if entry.player != seat and entry.action.startswith("buy "):
                assert entry.action.split()[1] == "(hidden)"
            for effect in entry.effects:
                placed = re.match(r"^(\S+) places (.*) in \S+$", effect)
                if placed and placed[1] != seat:
                    assert not any(kind in placed[2] for kind in KINDS), effect
                treasury = TREASURY.match(effect)
                assert treasury is None or treasury[1] == seat, effect


def test_the_public_log_is_what_no_nation_in_particular_may_read(isles: SeasonsGame) -> None:
    state = bought_cavalry(isles)
    state.apply("done")  # the next turn's planning has begun: its first entry is face down
    public = state.log_for(PUBLIC)
    assert [e.to_json() for e in public] == state.view(None)["log"]
    assert public[-1].action == "hidden"
    seen = texts(public)
    assert not any("cavalry" in t or TREASURY.match(t) for t in seen)
