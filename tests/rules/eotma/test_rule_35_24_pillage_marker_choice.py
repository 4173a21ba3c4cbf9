"""35.24: a pillager whose -1 hits the target may destroy a civilisation marker of its choice
there, for one gold, instead of lowering the level: offered as a ``loss`` decision (the
endeavours table's ``pillage_takes_markers``: ``choice`` by default)."""

from __future__ import annotations

from eotma_helpers import area, card, idx, start

from model.rules.eotma.bot import EotmaHeuristicBot
from model.rules.eotma.game import AreaStart, Options
from model.rules.eotma.state import EotmaState

MARKERS = Options(events=False, civilisation_markers=True)
LOSS = card(7, pillage={"target": ["-1(0>)"]})


def _pillaged() -> EotmaState:
    state = start(LOSS, hand=[7], options=MARKERS, areas={"border": AreaStart(None, 1)})
    state.civ[idx(state, "border")] = 1 | 8  # a cathedral and a university
    state.apply("pillage border from march")
    return state


def test_35_24_the_pillager_chooses_the_marker_to_destroy() -> None:
    state = _pillaged()
    assert state.current_player() == "west" and state.view()["decision"] == "loss"
    assert [str(a) for a in state.legal_actions()] == ["lose level", "lose cathedral", "lose university"]
    gold = state.treasury[0]
    entry = state.apply("lose university")
    assert "border: the university is destroyed, +1 gold (35.24)" in entry.effects
    assert area(state, "border")["civilisation"] == 1 and area(state, "border")["social_state"] == 1
    assert state.treasury[0] == gold + 1


def test_35_24_the_pillager_may_lower_the_level_instead() -> None:
    state = _pillaged()
    state.apply("lose level")
    assert area(state, "border")["civilisation"] == 9 and area(state, "border")["social_state"] == 0


def test_35_24_the_heuristic_bot_destroys_the_university_before_the_cathedral() -> None:
    state = _pillaged()
    assert str(EotmaHeuristicBot().choose(state)) == "lose university"
