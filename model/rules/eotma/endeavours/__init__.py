"""Endeavours (9-15): declaring one, the decisions it opens (defense 13, opposing gold 12.2),
and resolving it with a year card (results, then stature checks, 13.23)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.eotma.actions import Endeavour
from model.rules.eotma.decisions import DecisionKind, Pending
from model.rules.eotma.endeavours import conquest, diplomacy, domestic, losses, pillage
from model.rules.eotma.endeavours.common import locate, may_defend, pay_defense
from model.rules.eotma.leaders import stature_check
from model.rules.eotma.ratings import COMBAT, base_rating, cost, spend_leader_card, stature_for
from model.rules.eotma.records import Located

if TYPE_CHECKING:
    from model.rules.eotma.position import Position


def _located(state: Position, player: int, action: Endeavour) -> Located:
    # The check just before (or the declaration of a pending endeavour) located this very action.
    for cached in (state.probed, state.declared):
        if cached is not None and cached[0] is action:
            return cached[1]
    located = locate(state, player, action)
    if isinstance(located, str):  # checked before; a change in between is an engine bug
        raise RuntimeError(f"endeavour {action} can no longer be located: {located}")
    return located


def declare(state: Position, action: Endeavour, effects: list[str]) -> None:
    """Pay for a checked endeavour and resolve it, or open the decision of the player it targets."""
    player = state.active()
    at = _located(state, player, action)
    state.declared = (action, at)
    price = cost(state, at.kind, at.seas, action.gold)
    state.treasury[player] -= price
    state.endeavours_done += 1
    effects.append(f"{state.game.player_ids[player]} pays {price} gold")
    owner = state.owner[at.target]
    if action.KIND in ("conquest", "pillage") and owner != player and may_defend(state, owner, at.target):
        state.pending.append(Pending(DecisionKind.DEFENSE, owner, action=action))
        return
    if action.KIND == "diplomacy":
        asked = opposers(state, player, owner)
        if asked:
            state.pending.append(Pending(DecisionKind.OPPOSE, asked[0], action=action, data=(0, *asked[1:])))
            return
    resolve(state, action, effects)


def opposers(state: Position, player: int, owner: int) -> list[int]:
    """Return who is asked, in turn, for gold against a player's diplomacy endeavour (12.2): the
    other empires not in exile that hold gold, in seat order after the player, or only the
    target's owner (the ``endeavours`` table's ``oppose_diplomacy``)."""
    n = state.game.n_players
    if state.game.rules.oppose_diplomacy == "owner":
        others = [owner] if 0 <= owner < n and owner != player else []
    else:
        others = [(player + k) % n for k in range(1, n)]
    return [p for p in others if state.treasury[p] > 0 and not state.is_exiled(p)]


def oppose(state: Position, gold: int, effects: list[str]) -> None:
    """12.2: one opponent's gold against the diplomacy endeavour; the next is asked, or the
    endeavour resolves with all the gold spent against it."""
    decision = state.pending.pop()
    action = decision.action
    assert action is not None, "an oppose decision always holds its endeavour"
    state.treasury[decision.player] -= gold
    if gold:
        effects.append(f"{state.game.player_ids[decision.player]} spends {gold} gold against it (12.2)")
    total = (decision.data[0] if decision.data else 0) + gold
    rest = decision.data[1:]
    if rest:
        state.pending.append(Pending(DecisionKind.OPPOSE, rest[0], action=action, data=(total, *rest[1:])))
        return
    resolve(state, action, effects, against=total)


def defend(state: Position, gold: int, effects: list[str]) -> None:
    """13.0: the defender pays, turns up a card (its results ignored, 13.22) and the attack resolves."""
    decision = state.pending.pop()
    defender = decision.player
    action = decision.action
    assert action is not None, "a defense decision always holds its endeavour"
    target = state.game.board.index[action.target]
    price, card, against = pay_defense(state, defender, target, gold)
    effects.append(
        f"{state.game.player_ids[defender]} defends: pays {price} gold, card {card.id}, "
        f"rating -{against} (13.21)"
    )
    resolve(state, action, effects, against=against, defender=(defender, card.id))


def resolve(
    state: Position,
    action: Endeavour,
    effects: list[str],
    *,
    against: int = 0,
    defender: tuple[int, int] = (-1, 0),
) -> None:
    """Turn up the active player's next year card and apply the endeavour's results; ``defender``
    is the defending player and its card, whose stature check follows the results (13.23)."""
    player = state.active()
    at = _located(state, player, action)
    card = state.game.rules.card_by_id[state.hand[player].pop(0)]
    rating = base_rating(state, player, at.kind, at.target, at.base, at.seas) + action.gold - against
    effects.append(f"{action.KIND} {action.target}: card {card.id}, rating {rating}")
    _ask_or_apply(state, action, at, (card.id, rating, against, *defender), losses.NO_ANSWERS, effects)


def _ask_or_apply(
    state: Position,
    action: Endeavour,
    at: Located,
    turned: tuple[int, ...],
    answers: losses.Answers,
    effects: list[str],
) -> None:
    """Ask the next player's choice of what a -1 takes (33.33, 35.24), or apply the results.
    ``turned`` is (card id, rating, gold against, defender, defender's card)."""
    card_id, rating, against, defender, defender_card = turned
    card = state.game.rules.card_by_id[card_id]
    blocked = against > 0 and rating < 0  # 13.22
    asked = losses.question(state, at, card, rating, blocked, answers)
    if asked is not None:
        question, who = asked
        flat = tuple(n for pair in answers.pairs for n in pair)
        state.pending.append(Pending(DecisionKind.LOSS, who, action=action, data=(*turned, question, *flat)))
        effects.append(f"{state.game.player_ids[who]} chooses what the -1 result takes (33.33, 35.24)")
        return
    player = at.player
    kind = at.kind
    if kind == "conquest":
        conquest.apply_results(state, at, card, rating, blocked, effects, answers)
    elif kind == "pillage":
        pillage.apply_results(state, at, card, rating, blocked, effects, answers)
    elif kind == "diplomacy":
        diplomacy.apply_results(state, at, card, rating, effects)
    elif kind == "fortify":
        domestic.fortify(state, at, card, rating, effects)
    elif kind == "rule":
        domestic.rule(state, at, card, rating, effects)
    elif kind == "build":
        domestic.build(state, at, getattr(action, "marker", "cathedral"), card, rating, effects)
    else:
        domestic.raise_unit(state, at, card, rating, effects)
    stature_check(state, player, stature_for(state, kind), card, effects)
    spend_leader_card(state, player, [at.base if at.base >= 0 else at.target])
    if defender >= 0:  # 13.23: the defender's check follows the attacker's results
        stature_check(state, defender, COMBAT, state.game.rules.card_by_id[defender_card], effects)


def loss_question(state: Position, decision: Pending) -> tuple[int, int]:
    """Return the question of a pending ``loss`` decision and the area it is about (a raid's,
    Magnate's or crusader's decision holds no endeavour and names its area itself)."""
    if decision.action is None:
        question, area, _resume, _answers = losses.attack_parts(decision)
        return question, area
    at = _located(state, state.active(), decision.action)
    question = decision.data[5]
    return question, (at.base if question == losses.BASE_ARMY else at.target)


def loss_choices(state: Position, decision: Pending) -> list[str]:
    """Return the ``lose`` words that answer a pending ``loss`` decision (33.33, 35.24)."""
    question, area = loss_question(state, decision)
    return losses.choices(state, question, area)


def answer_loss(state: Position, what: str, effects: list[str]) -> None:
    """A player's choice of what the -1 takes; the next question is asked or the results follow."""
    decision = state.pending.pop()
    assert decision.action is not None, "a loss decision always holds its endeavour"
    question, area = loss_question(state, decision)
    turned, rest = decision.data[:5], decision.data[6:]
    pairs = tuple((rest[i], rest[i + 1]) for i in range(0, len(rest), 2))
    answers = losses.Answers((*pairs, (question, losses.code_of(what))))
    area_id = state.game.board.ids[area]
    effects.append(f"{state.game.player_ids[decision.player]} gives up the {what} in {area_id}")
    at = _located(state, state.active(), decision.action)
    _ask_or_apply(state, decision.action, at, turned, answers, effects)


def palace_areas(state: Position, player: int) -> dict[int, int]:
    """Return {area: sea areas on its line} for the player's connected areas with a palace (35.33)."""
    from model.rules.eotma.decisions import PALACE
    from model.rules.eotma.territory import connection

    return {a: seas for a, seas in connection(state, player).items() if state.civ[a] & PALACE}


def palace_problem(
    state: Position, player: int, chosen: list[int] | None = None, gold: tuple[int, ...] = ()
) -> str | None:
    """Return why the player cannot rule these palace areas now (all of them when ``chosen`` is
    None or empty), or None (35.33: any or all own palace areas, one card, each paid for, with
    ``gold`` the extra gold for each chosen area)."""
    if not state.game.options.civilisation_markers:
        return "civilisation markers (35) are not used in this scenario"
    if not state.hand[player]:
        return "no unused year card is left this round"
    areas = palace_areas(state, player)
    if not areas:
        return "the player has no connected area with a palace (35.33)"
    if chosen:
        wrong = [state.game.board.ids[a] for a in chosen if a not in areas]
        if wrong:
            return f"{', '.join(wrong)}: not a connected own area with a palace (35.33)"
        areas = {a: areas[a] for a in chosen}
    extra = state.game.rules.extra_gold
    wrong_gold = [g for g in gold if g not in extra]
    if wrong_gold:
        return f"extra gold is one of {', '.join(map(str, extra))} (9.33), not {wrong_gold[0]}"
    price = sum(cost(state, "rule", seas, 0) for seas in areas.values()) + sum(gold)
    if price > state.treasury[player]:
        return f"it costs {price} gold and the treasury holds {state.treasury[player]}"
    return None


def rule_palaces(state: Position, chosen: list[int], effects: list[str], gold: tuple[int, ...] = ()) -> None:
    """35.33: one card rules the chosen palace areas (all when none is chosen), each with its own
    rating, its own extra gold and its own results."""
    player = state.active()
    areas = palace_areas(state, player)
    extra = dict(zip(chosen, gold, strict=False))
    if chosen:
        areas = {a: areas[a] for a in chosen}
    price = sum(cost(state, "rule", seas, 0) for seas in areas.values()) + sum(extra.values())
    state.treasury[player] -= price
    state.endeavours_done += 1
    card = state.game.rules.card_by_id[state.hand[player].pop(0)]
    effects.append(
        f"{state.game.player_ids[player]} rules its palace areas: pays {price} gold, card {card.id}"
    )
    for area, seas in sorted(areas.items()):
        at = Located("rule", player, area, area, seas)
        rating = base_rating(state, player, "rule", area, area, seas) + extra.get(area, 0)
        effects.append(f"rule {state.game.board.ids[area]}: rating {rating}")
        domestic.rule(state, at, card, rating, effects)
    stature_check(state, player, stature_for(state, "rule"), card, effects)
    spend_leader_card(state, player, list(areas))  # 35.33: the palace ruling is one endeavour
