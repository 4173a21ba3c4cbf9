"""Effectiveness ratings (9.3, facts sheet 3.2) and the gold an endeavour costs (9.17, 10-15).

Order of terms, as on the Endeavors Chart: the leader's stature and the area terms (social
states, population, forts, language and religion, partial conquest 10.33, armies 33.5,
technology 19.2, cathedral 35.31); then the sea adjustment (9.32/9.52: two or more sea areas
halve a positive rating and make a negative one half as large again); then the defender's
combat stature and gold (13.21) and the extra gold on either side (9.33, 12.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.eotma.territory import connection, sea_range

if TYPE_CHECKING:
    from model.rules.eotma.position import Position

COMBAT, ADMINISTRATIVE, DIPLOMATIC = 0, 1, 2
STATURE_INDEX = {"combat": COMBAT, "administrative": ADMINISTRATIVE, "diplomatic": DIPLOMATIC}


def stature_for(state: Position, kind: str) -> int:
    """Return the index (0 combat, 1 administrative, 2 diplomatic) of the stature an endeavour uses."""
    return STATURE_INDEX[state.game.rules.stature_of[kind]]


def leader_religion(state: Position, player: int) -> str | None:
    """Return the leader's religion; None (a pagan with no church) when excommunicated (22.11)."""
    if state.excommunicated[player]:
        return None
    return state.game.leader_religion[player]


def faith(state: Position, player: int) -> str | None:
    """Return the leader's own religion, excommunication aside.

    22.11 makes an excommunicated leader pagan for effectiveness ratings and rebellion values
    only; whose religion an area is converted to (22.2, 22.25) and whether a conqueror is
    Christian (22.27) go by the leader's own religion.
    """
    return state.game.leader_religion[player]


def of_leaders_faith(state: Position, player: int, area: int) -> bool:
    """Return whether an area is of the leader's own religion or church (house default 18 claims).

    The leader's own religion counts, excommunication aside (22.11 is about ratings and rebellion
    values only); under a union result the two churches are one (23.11).
    """
    religion = faith(state, player)
    return (
        religion is not None
        and state.game.board.religion_difference(religion, state.religion[area], state.united()) == 0
    )


def language_difference(state: Position, player: int, area: int) -> int:
    """Return 0, 1 or 2 for the same, a related or an unrelated language (facts sheet 3.2)."""
    return state.game.board.language_difference(state.game.leader_language[player], area)


def religion_difference(state: Position, player: int, area: int) -> int:
    """Return 0, 1 or 2 for the same religion, another church, another religion (23.11, 22.11)."""
    return state.game.board.religion_difference(
        leader_religion(state, player), state.religion[area], state.united()
    )


def partial_against(state: Position, area: int) -> int:
    """Return the C results other players hold against an area (10.33)."""
    if not state.partial:
        return 0
    return sum(count for (target, _base), (_p, count) in state.partial.items() if target == area)


def technology(state: Position, player: int) -> int:
    """Return the conquest, pillage and defense bonus of technology cards (19.2: +3 each)."""
    kept = state.kept[player]
    if not kept:
        return 0
    kinds = state.game.rules.event_kinds
    count = sum(1 for card in kept if kinds[card].effect.get("type") == "technology")
    return count * state.game.rules.technology_bonus


def sea_adjust(rating: int, seas: int, halving_seas: int) -> int:
    """Apply the sea adjustment (9.32/9.52 errata): positive ratings halve, negative ones grow by half."""
    if seas < halving_seas or rating == 0:
        return rating
    if rating > 0:
        return rating // 2
    return -((-rating * 3 + 1) // 2)


def foreign_seas(state: Position, player: int, target: int, base: int) -> int | None:
    """Return the sea areas on the line of communications court -> base -> target (None: out of reach)."""
    conn = connection(state, player)
    to_base = conn.get(base)
    if to_base is None:
        return None
    between = state.game.board.seas_between(base, target)
    if between is None or between > sea_range(state, base):
        return None
    return to_base + between


def domestic_seas(state: Position, player: int, target: int) -> int | None:
    """Return the sea areas on the line of communications court -> target (None: not connected)."""
    return connection(state, player).get(target)


def diplomacy_base(state: Position, player: int) -> int:
    """Return the base of a diplomacy endeavour: the court, or the host's court in asylum (12.11, 21.2)."""
    court = state.court[player]
    if court >= 0:
        return court
    host = state.asylum[player]
    return state.court[host] if host >= 0 else -1


def cost(state: Position, kind: str, seas: int, extra: int) -> int:
    """Return an endeavour's gold: minimum + one per sea area (9.17; never diplomacy) + extra."""
    rules = state.game.rules
    if kind in rules.fixed_cost:
        return rules.min_gold[kind] + extra
    sea_gold = 0 if kind == "diplomacy" else rules.sea_gold * seas
    return rules.min_gold[kind] + sea_gold + extra


def base_rating(state: Position, player: int, kind: str, target: int, base: int, seas: int) -> int:
    """Return the rating before the defender's and the gold terms (both sea-adjusted already)."""
    game = state.game
    kind = game.rules.card_column.get(kind, kind)  # mobilisation rates as fortification, building as ruling
    board = game.board
    ss = state.ss
    stat = state.stat[player]
    if state.leader_bonus[player]:
        stat = leader_card_statures(state, player, base if base >= 0 else target)
    lang_rel = language_difference(state, player, target) + religion_difference(state, player, target)
    if kind in ("conquest", "pillage"):
        rating = stat[COMBAT] + ss[base] - ss[target] - state.fort[target] - lang_rel
        if kind == "pillage":
            rating += board.population[target]
        rating -= partial_against(state, base)  # 10.33: the owner's base is partly conquered
        rating += technology(state, player)
        if game.options.armies_fleets:
            # 33.5: armies in the base help; those in the target defend it, unless they are the
            # player's own (a conversion attempt, 22.2, has no defender).
            rating += state.army[base]
            if state.owner[target] != player:
                rating -= state.army[target]
    elif kind == "diplomacy":
        rating = stat[DIPLOMATIC] + (ss[base] if base >= 0 else 0) - ss[target] - lang_rel
        if base >= 0 and state.owner[base] == player:
            rating -= partial_against(state, base)  # 10.33: the court used as a base is partly conquered
        owner = state.owner[target]
        if owner == -1:
            indep = board.independent_diplomacy[target]
            rating += indep if indep is not None else game.rules.independent_diplomacy  # 12.18, 12.19
        elif owner >= game.n_players:
            rating += game.rules.magnate_diplomacy  # 12.20
        elif owner != player:
            rating -= state.stat[owner][DIPLOMATIC]  # 12.17
        return rating  # 12.2: no sea adjustment for diplomacy
    elif kind == "fortify":
        rating = stat[ADMINISTRATIVE] + ss[target] + board.population[target] - lang_rel
        rating -= partial_against(state, target)
    elif kind == "rule":
        rating = stat[ADMINISTRATIVE] - abs(ss[target]) - lang_rel
        rating -= partial_against(state, target)
        if game.options.civilisation_markers and state.civ[target] & 1:
            rating += 1  # 35.31 cathedral
    else:
        raise ValueError(f"no rating for endeavour kind {kind!r}")
    return sea_adjust(rating, seas, game.rules.halving_seas)


def leader_card_base(state: Position, card: str, base: int) -> bool:
    """Return whether a leader card may be used for an endeavour from this base: the base's
    language or language group is listed on the card, or the card lists none (36.12)."""
    allowed = state.game.rules.event_kinds[card].effect.get("languages") or []
    if not allowed:
        return True
    board = state.game.board
    language = board.language[base]
    return language in allowed or board.catalog.language_family.get(language or "") in allowed


def leader_card_statures(state: Position, player: int, base: int) -> list[int]:
    """Return the statures plus a leader card's bonus if the base's language is on it (36.11-36.12)."""
    card = state.leader_bonus[player]
    effect = state.game.rules.event_kinds[card].effect
    stat = list(state.stat[player])
    if not leader_card_base(state, card, base):
        return stat
    stat[STATURE_INDEX[str(effect["stature"])]] += int(effect["amount"])
    return stat


def spend_leader_card(state: Position, player: int, bases: list[int]) -> None:
    """36.11: the leader card in play is discarded once the endeavour it served is done; it serves
    only an endeavour from a base of its language groups (36.12), else it stays for a later one."""
    card = state.leader_bonus[player]
    if card and any(leader_card_base(state, card, b) for b in bases):
        state.event_discard.append(card)
        state.leader_bonus[player] = ""


def combat_of(state: Position, player: int, base: int) -> int:
    """Return the combat stature an endeavour from ``base`` uses, with a leader card's bonus
    (36.11-36.12): for defenses and crusader endeavours as for any other."""
    if state.leader_bonus[player] and base >= 0:
        return leader_card_statures(state, player, base)[COMBAT]
    return state.stat[player][COMBAT]


def defense_value(state: Position, defender: int, gold: int, area: int) -> int:
    """Return what a defense of ``area`` takes off the attacker's rating: combat (with a leader
    card, 36.11) + gold + technology (13.21, 19.2), less the C results other players hold against
    the area (10.33: defense is a domestic endeavour with the defended area as its target and
    base); a defense never adds to the rating."""
    value = combat_of(state, defender, area) + gold + technology(state, defender)
    return max(0, value - partial_against(state, area))


def rating(
    state: Position, player: int, kind: str, target: int, base: int, seas: int, gold: int, against: int = 0
) -> int:
    """Return the full effectiveness rating: base rating + extra gold - defense or opposing gold."""
    return base_rating(state, player, kind, target, base, seas) + gold - against
