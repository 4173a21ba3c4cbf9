"""Decision points are put to a human seat in words, with names and the rule (13, 12.2, 24, 20.4)."""

from __future__ import annotations

from editor.playtest.decisions import with_names
from editor.rulesets.eotma.decisions import QUESTIONS, describe

NAMES = {
    "calabria": "Calabria",
    "sicily": "Sicily",
    "aquitaine": "Aquitaine",
    "magnate-castile": "Castile",
    "mercia": "Mercia",
}


def test_a_defense_names_the_area_and_the_endeavour() -> None:
    decision = {"kind": "defense", "about": "pillage calabria from sicily", "areas": ["calabria", "sicily"]}
    assert describe(decision, "Byzantium", NAMES) == (
        "Byzantium may defend Calabria against “pillage Calabria from Sicily”; "
        "gold spent adds to the defense (13)."
    )


def test_a_magnate_attack_names_the_magnate() -> None:
    decision = {"kind": "npc-defense", "about": "magnate magnate-castile aquitaine", "areas": ["aquitaine"]}
    text = describe(decision, "France", NAMES)
    assert text.startswith("France may defend Aquitaine against Castile;") and text.endswith("(24, 13).")


def test_a_raid_by_a_raider_with_a_two_word_name() -> None:
    decision = {"kind": "npc-defense", "about": "raid Steppe Nomads aquitaine", "areas": ["aquitaine"]}
    assert "against Steppe Nomads;" in describe(decision, "France", NAMES)


def test_a_crusaders_attack_cites_the_crusade_rule() -> None:
    names = {**NAMES, "germany": "German Empire"}
    decision = {"kind": "npc-defense", "about": "crusade-attack germany mercia", "areas": ["mercia"]}
    assert describe(decision, "England", names) == (
        "England may defend Mercia against the crusade of German Empire; "
        "gold spent adds to the defense (23.32, 13)."
    )


def test_a_vote_and_an_unknown_kind() -> None:
    vote = {"kind": "vote", "about": "inheritance", "areas": ["mercia"]}
    expected = "Germany votes in the parley on the inheritance of Mercia (20.4)."
    assert describe(vote, "Germany", NAMES) == expected
    odd = {"kind": "omen", "about": "look mercia", "areas": []}
    assert describe(odd, "Germany", NAMES) == "Germany must decide (omen) about “look Mercia”."


def test_every_decision_the_engine_raises_has_a_question() -> None:
    # Every kind of decision the EotMA engine can raise (its ``DecisionKind``) is put in words.
    from model.rules.eotma.decisions import DecisionKind

    kinds = {kind.value for kind in DecisionKind}
    assert len(kinds) == 20  # with the loss decision (33.33, 35.24)
    assert kinds <= set(QUESTIONS), kinds - set(QUESTIONS)


def test_log_texts_get_names_and_keep_their_punctuation() -> None:
    names = {**NAMES, "piast_poland": "Duchy of Poland"}
    text = "piast_poland defends: pays 3 gold, card 16, rating -5 (13.21)"
    assert with_names(text, names) == "Duchy of Poland defends: pays 3 gold, card 16, rating -5 (13.21)"
    assert with_names("conquest mercia from sicily +2", names) == "conquest Mercia from Sicily +2"


def test_33_33_the_loss_of_a_raid_or_crusade_names_the_attacker_and_the_area() -> None:
    raid = {"kind": "loss", "about": "raid Steppe Nomads aquitaine", "areas": ["aquitaine"]}
    assert describe(raid, "France", NAMES) == (
        "France chooses what the -1 result of the attack on Aquitaine by Steppe Nomads takes: "
        "a level or an army point (24, 33.33)."
    )
    names = {**NAMES, "germany": "German Empire"}
    crusade = {"kind": "loss", "about": "crusade-attack germany mercia", "areas": ["mercia"]}
    assert "on Mercia by the crusade of German Empire takes" in describe(crusade, "England", names)
    assert "crusade-attack" not in describe(crusade, "England", names)
