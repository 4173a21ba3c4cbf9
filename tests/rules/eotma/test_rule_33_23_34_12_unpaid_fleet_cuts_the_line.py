"""33.23, 34.12 with 7.51, 17.0: a fleet point removed unpaid at a turn's end may cut an area's line
to the court (a fleet makes its area seafaring, 34.31, house default 6); the unrest of the cut-off
area is the removing player's doing, logged in that player's ``disband`` entry, not in the next
turn's automatic entries (which draw that turn's event card)."""

from __future__ import annotations

from eotma_helpers import area, idx, start

from model.rules.eotma.game import AreaStart, Options
from model.rules.eotma.territory import connection

CUT_OFF = "isle: cut off from the court, unrest (7.51, 17.0)"


def test_33_23_34_12_17_0_an_unpaid_fleet_removed_at_turn_end_cuts_the_line_in_that_turn() -> None:
    state = start(
        hand=[99],
        areas={"isle": AreaStart("west", 2)},
        options=Options(events=False, armies_fleets=True),
    )
    # Without the fleet isle was cut off at the game's start; with it the line stands, so its
    # unrest is lifted here to see the fleet's removal set it again.
    state.fleet[idx(state, "home")] = 1
    state.unrest[idx(state, "isle")] = False
    state.invalidate()
    # Only the fleet at home links isle to the court across the inner sea (house default 6, 34.31).
    assert idx(state, "isle") in connection(state, 0)
    assert area(state, "isle")["unrest"] is False

    state.apply("rule home")  # 13.13: one endeavour before the turn may end
    assert area(state, "isle")["unrest"] is False
    state.treasury[0] = 0  # the fleet point cannot be paid (34.12)
    state.apply("end-turn")
    assert state.pending[-1].kind == "maintain" and state.current_player() == "west"
    before = len(state.log)
    entry = state.apply("disband home fleet")

    assert entry.player == "west" and entry.action == "disband home fleet"
    assert entry.effects[-2:] == ("home: 1 fleet point unpaid and removed (33.23)", CUT_OFF)
    assert area(state, "isle")["unrest"] is True and area(state, "home")["fleet"] == 0
    later = state.log[before + 1 :]
    assert [e.action for e in later] == ["turn-start"] and later[0].player is None
    assert state.current_player() == "east"
    assert not any(CUT_OFF in e.effects for e in later)
