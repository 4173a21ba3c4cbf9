"""Pending decisions as a typed record (13, 12.2, 24): the kind an enum, the endeavour a value."""

from __future__ import annotations

from model.rules.eotma.actions import Conquest, Diplomacy
from model.rules.eotma.decisions import DecisionKind, Pending


def test_13_a_defense_keeps_its_endeavour_as_a_value_and_saves_its_text() -> None:
    decision = Pending(DecisionKind.DEFENSE, 1, action=Conquest("mercia", 2, "wessex"))
    saved = decision.to_json()
    assert saved == ["defense", 1, "conquest mercia from wessex +2", []]
    assert Pending.from_json(saved) == decision
    assert Pending.from_json(saved).action == Conquest("mercia", 2, "wessex")


def test_12_2_an_opposition_saved_before_the_record_was_typed_loads_back() -> None:
    # The JSON form is unchanged: [kind, player, text, numbers].
    decision = Pending.from_json(["oppose", 0, "diplomacy kent", []])
    assert decision.kind is DecisionKind.OPPOSE and decision.action == Diplomacy("kent")
    assert decision.subject == "diplomacy kent"


def test_24_other_decisions_keep_their_words_in_about() -> None:
    decision = Pending.from_json(["npc-defense", 2, "raid Vikings kent", [4]])
    assert decision.kind is DecisionKind.NPC_DEFENSE and decision.action is None
    assert decision.about == "raid Vikings kent" and decision.data == (4,)
    assert decision.to_json() == ["npc-defense", 2, "raid Vikings kent", [4]]


def test_an_unknown_decision_kind_is_refused() -> None:
    try:
        Pending.from_json(["omen", 0, "", []])
    except ValueError as error:
        assert "omen" in str(error)
    else:
        raise AssertionError("an unknown kind loaded")
