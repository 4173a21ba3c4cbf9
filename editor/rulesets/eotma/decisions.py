"""EotMA decision points in words: the sentence and the rule for each kind of pending decision.

The engine's view names a pending decision by kind with the text of what it concerns (ids, as in
the log: ``pillage calabria from sicily``, ``magnate magnate-castile aquitaine``). A play-tester
needs a sentence with names and the rule: "Magnate Castile attacks Aquitaine: you may defend it".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from editor.playtest.decisions import plain, with_names

QUESTIONS: dict[str, tuple[str, str]] = {
    "defense": ("may defend {area} against “{about}”; gold spent adds to the defense", "13"),
    "oppose": ("may spend gold against “{about}”", "12.2"),
    "npc-defense": ("may defend {area} against {attacker}; gold spent adds to the defense", "24, 13"),
    "waive": ("may waive its tie in {area} before the {about} roll", "12.42"),
    "asylum": ("is asked to grant an exiled court asylum", "21"),
    "relocate": ("must choose where its court moves", "21"),
    "contest": ("may contest the {about} of {area}", "20.43"),
    "vote": ("votes in the parley on the {about} of {area}", "20.4"),
    "comply": ("must answer the parley's decision on {area}", "20.41"),
    "agreement": ("is offered a binding agreement: {about}", "20.3"),
    "route": ("must choose where the crusade sets out", "23.32"),
    "passage": ("may let the crusaders pass through {area}", "23.32"),
    "loan": ("is asked to lend the crusader gold", "23.32"),
    "crusade": ("may take a crusader endeavour or pass", "23.32"),
    "crusader-state": ("may found a crusader state in a conquered area", "23.32"),
    "consent": ("is asked to consent: {about}", "23.32"),
    "discard": ("holds more holding cards than the limit and must choose one to discard", "19.2"),
    "maintain": ("cannot pay for all its units and must choose the unit points to remove", "33.23"),
    "transfer": ("is offered the giver's partial conversion of {area}", "22.21"),
    "loss": (
        "chooses what the -1 result of “{about}” takes: a level, an army point or a marker",
        "33.33, 35.24",
    ),
}
"""Decision kind -> (what the deciding player is asked, the rule); ``{area}``, ``{about}`` and
``{attacker}`` are filled from the decision."""


_ATTACKS = ("raid", "magnate", "crusade-attack", "crusade-pillage")
"""The first words of an attack that is no endeavour, as the engine's decisions name it."""


def _attacker(about: str, names: Mapping[str, str]) -> str:
    """Return who attacks, in words, when ``about`` names a raid, a Magnate's or a crusader's
    attack ("raid Vikings saxony", "magnate magnate-castile aquitaine", "crusade-attack germany
    rome": who attacks sits between the kind and the area), else an empty string."""
    words = about.split()
    if len(words) < 3 or words[0] not in _ATTACKS:
        return ""
    who = with_names(" ".join(words[1:-1]), names)
    return f"the crusade of {who}" if words[0].startswith("crusade-") else who


def describe(decision: Mapping[str, Any], player: str, names: Mapping[str, str]) -> str:
    """One sentence for a pending decision: who decides, what about, under which rule.

    ``decision`` is the view's ``decision_about`` (kind, about, areas); ``player`` the deciding
    player's name; ``names`` maps ids (areas, empires, Magnates) to names.
    """
    kind = str(decision.get("kind", ""))
    about = str(decision.get("about") or "")
    areas = [names.get(a, a) for a in decision.get("areas") or []]
    area = areas[0] if areas else "an area"
    attacker = _attacker(about, names)
    if kind not in QUESTIONS:
        return plain(decision, player, names)
    question, rule = QUESTIONS[kind]
    if kind == "transfer" and about == "offer":
        question = "may pass its partial conversion of {area} on to the area's new owner"
    if kind == "contest" and about == "diplomacy":
        # 20.41: a diplomatic conquest (the engine names it by the endeavour's kind)
        about, rule = "diplomatic conquest", "20.41"
    crusade = about.startswith("crusade-")
    if kind == "npc-defense" and crusade:
        rule = "23.32, 13"  # a crusader's attack is defended like a raid
    if kind == "loss" and attacker:
        # A raid's, Magnate's or crusader's -1 (24, 23.32): no endeavour to quote.
        question = (
            "chooses what the -1 result of the attack on {area} by {attacker} takes: a level or an army point"
        )
        rule = "23.32, 33.33" if crusade else "24, 33.33"
    sentence = question.format(area=area, about=with_names(about, names), attacker=attacker)
    return f"{player} {sentence}" + (f" ({rule})." if rule else ".")
