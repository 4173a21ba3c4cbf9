"""How the legal actions of each kind are listed, and the checks the listings share.

The moves table (``moves.MOVES``, ``moves.DECISIONS``) names these listings beside each action's
check; listings and checks use the same rule functions (``endeavours.common.problem``,
``taxation.*_problem``...), so every listed action passes the check and every refused action gets
the rule's reason.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from model.rules.eotma import armies, crusades, endeavours, events, parleys
from model.rules.eotma.actions import (
    MARKERS,
    Build,
    CallCrusade,
    CallParley,
    Conquest,
    CrusadeAttack,
    CrusadeBorrow,
    CrusadePillage,
    Diplomacy,
    Disband,
    Endeavour,
    Fortify,
    Give,
    MoveArmy,
    Pillage,
    PlayCard,
    Plunder,
    RaiseArmy,
    RaiseFleet,
    RevokeAsylum,
    Rule,
    RulePalaces,
    Tax,
)
from model.rules.eotma.decisions import DecisionKind, Pending
from model.rules.eotma.endeavours.common import is_conversion
from model.rules.eotma.ratings import cost, diplomacy_base
from model.rules.eotma.records import Located
from model.rules.eotma.territory import connection, sea_range
from model.rules.protocol import Action

if TYPE_CHECKING:
    from model.rules.eotma.position import Position


def deciding_player(state: Position) -> int:
    """Return the number of the player the engine waits for (``current_player``), -1 for none."""
    if state.phase == "over":
        return -1
    if state.pending:
        return state.pending[-1].player
    if state.phase == "initiative":
        return state.ranking[state.pick]
    return state.active()


def revoke_actions(state: Position) -> list[Action]:
    """Return the deciding player's revocations of the asylum it granted (21.2).

    21.2 lets a host revoke asylum at any time. A program only acts when a player decides, so
    the host may revoke whenever the engine waits for it: at every step of its own turn (army
    movement and the taxation block included), at its place choice in each round's initiative
    (so once at the start of every round at the latest), and at every decision it takes inside
    another player's turn (a defense, a vote, a request for asylum...). The revocation is no
    answer to that decision, which stays open. The one exception: while the host decides how
    much gold to spend against the exile's own diplomacy endeavour (12.2), that endeavour was
    declared and paid for from the host's court and is finished from it; the host may revoke
    as soon as it has answered. A random player cannot loop on this: every revocation ends an
    asylum, and only the exile, in its own turn, can ask for a new one.
    """
    host = deciding_player(state)
    ids = state.game.player_ids
    return [RevokeAsylum(ids[e]) for e, h in enumerate(state.asylum) if h == host and _revoke_open(state, e)]


def _revoke_open(state: Position, exile: int) -> bool:
    """Return False while the exile's diplomacy endeavour waits for the host's opposing gold."""
    return not (state.active() == exile and any(d.kind == DecisionKind.OPPOSE for d in state.pending))


def revoke_problem(state: Position, empire: str) -> str | None:
    """Return why the deciding player cannot revoke this empire's asylum now (21.2), or None."""
    host = deciding_player(state)
    exile = state.game.player_index.get(empire)
    if exile is None or exile == host:
        return f"{empire!r} is not another empire"
    if state.asylum[exile] != host:
        return f"{empire} holds no asylum from this player (21.2)"
    if not _revoke_open(state, exile):
        return (
            f"{empire}'s diplomacy endeavour is under way from this court; "
            "revoke after answering it (12.2, 21.2)"
        )
    return None


def unit_actions(state: Position, player: int) -> list[Action]:
    """Return one ``disband`` per own area holding army or fleet points (33.23, 34.12)."""
    ids = state.game.board.ids
    owner = state.owner
    return [
        Disband(ids[a], unit)
        for unit, units in (("army", state.army), ("fleet", state.fleet))
        for a, n in enumerate(units)
        if n and owner[a] == player
    ]


PALACE_SUBSETS_LISTED = 6
"""Up to this many palace areas, every choice of two or more is listed (35.33); beyond it the
list holds all of them and each leaving one out (any other choice is still accepted)."""

PALACE_GOLD_LISTED = 3
"""Up to this many palace areas, every listed choice also comes with extra gold on one of its
areas (35.33); beyond it only the choice of all of them does, so the list stays short."""


def palace_actions(state: Position, player: int) -> list[Action]:
    """Return the palace rulings the player can pay for (35.33: any or all own palace areas, the
    extra gold spent per area).

    Listed, each only when affordable:

    * ``rule-palaces`` (all of them) and the proper choices of two or more areas by name, without
      extra gold (with more than :data:`PALACE_SUBSETS_LISTED` areas: all but one, for each);
    * each of those choices with one extra-gold amount of the table (9.33) on one of its areas,
      that area named last: ``rule-palaces home border march +2`` puts 2 gold on march only. The
      play-test panel thus shows one choice per area receiving the gold, with a gold box. With
      more than :data:`PALACE_GOLD_LISTED` palace areas only the choice of all of them comes with
      gold, which keeps the list linear in the areas.

    Not listed, though accepted when typed: gold on several areas of one ruling (one amount per
    area multiplies the list), and a single area, which is the plain ruling endeavour (``rule
    AREA +N``, listed with every amount).
    """
    if not state.game.options.civilisation_markers or not state.hand[player]:
        return []
    areas = endeavours.palace_areas(state, player)
    if not areas:
        return []
    ids = state.game.board.ids
    every = sorted(areas)
    if len(every) <= PALACE_SUBSETS_LISTED:
        choices = [c for size in range(2, len(every)) for c in combinations(every, size)]
    else:
        choices = [tuple(a for a in every if a != left) for left in every]
    choices.insert(0, tuple(every))
    price = {a: cost(state, "rule", seas, 0) for a, seas in areas.items()}
    gold = state.treasury[player]
    amounts = [g for g in state.game.rules.extra_gold if g > 0]
    actions: list[Action] = []
    for n, choice in enumerate(choices):
        paid = sum(price[a] for a in choice)
        if paid > gold:
            continue
        names = tuple(ids[a] for a in choice)
        actions.append(RulePalaces(names if n else ()))
        if len(choice) < 2 or (n and len(every) > PALACE_GOLD_LISTED):
            continue
        for last in choice:
            order = (*(ids[a] for a in choice if a != last), ids[last])
            zeros = (0,) * (len(choice) - 1)
            actions.extend(RulePalaces(order, (*zeros, g)) for g in amounts if paid + g <= gold)
    return actions


def may_end_turn(state: Position, player: int) -> bool:
    """Return whether the turn may end: one endeavour is compulsory in the own turn (13.13).

    An exile need not (it may have no endeavour at all, 21.1), nor a player without cards.
    """
    due = state.game.rules.own_turn_endeavours
    return state.endeavours_done >= due or not state.hand[player] or state.is_exiled(player)


KIND_CLASS: dict[str, type[Endeavour]] = {
    cls.KIND: cls for cls in (Conquest, Pillage, Diplomacy, Fortify, Rule, RaiseArmy, RaiseFleet, Build)
}


def endeavour_candidates(state: Position, player: int) -> list[Located]:
    """Return every endeavour the player may place now, located, costs aside.

    The same conditions as ``endeavours.common.locate`` (tested to agree), computed in one sweep
    over the connected areas instead of one look-up per candidate: this runs for every decision.
    """
    game = state.game
    board = game.board
    owner = state.owner
    found: list[Located] = []
    courts = set(state.court) | set(state.mag_court)
    if state.is_exiled(player):
        base = diplomacy_base(state, player)
        if base >= 0:
            found.extend(Located("diplomacy", player, t, base, 0) for t in range(board.n) if t not in courts)
        return found
    conn = connection(state, player)
    ss_min = game.rules.ss_min
    fleets = game.options.armies_fleets
    ss = state.ss
    for base, to_base in conn.items():
        adjacent = board.adj_sets[base]
        near = dict.fromkeys(board.adj[base], 0)
        if board.coast[base]:
            reach = sea_range(state, base)
            for t, seas in board.sea_reach(base).items():
                if seas <= reach and t not in adjacent:
                    near[t] = seas
        for target, seas in near.items():
            if owner[target] == player:
                continue
            if seas and fleets and state.fleet[target] > state.fleet[base]:
                continue  # 34.33
            found.append(Located("conquest", player, target, base, to_base + seas))
            if ss[target] > ss_min:
                found.append(Located("pillage", player, target, base, to_base + seas))
    for area, seas in conn.items():
        if is_conversion(state, player, area):
            found.append(Located("conquest", player, area, area, seas))
        if state.fort[area] < 3:
            found.append(Located("fortify", player, area, area, seas))
        found.append(Located("rule", player, area, area, seas))
    court = state.court[player]
    bit = 1 << player
    for target in range(board.n):
        if target in courts or (owner[target] == player and state.ties[target] & bit):
            continue  # 12.16; a tie to an own area already held cannot change (12.14)
        found.append(Located("diplomacy", player, target, court, 0))
    return found


def candidate_action(state: Position, located: Located, gold: int) -> Endeavour:
    """Return the action for a located endeavour with ``gold`` extra gold."""
    ids = state.game.board.ids
    cls = KIND_CLASS[located.kind]
    if located.kind in ("conquest", "pillage"):
        return cls(ids[located.target], gold, ids[located.base])  # type: ignore[call-arg]
    return cls(ids[located.target], gold)


def endeavour_actions(state: Position, player: int) -> list[Action]:
    """Return the legal endeavours, each with every affordable extra-gold amount of the table."""
    actions: list[Action] = []
    gold = state.treasury[player]
    extra = state.game.rules.extra_gold
    ids = state.game.board.ids
    for at in endeavour_candidates(state, player):
        price = cost(state, at.kind, at.seas, 0)
        cls = KIND_CLASS[at.kind]
        foreign = at.kind in ("conquest", "pillage")
        for g in extra:
            if price + g > gold:
                break
            if foreign:
                actions.append(cls(ids[at.target], g, ids[at.base]))  # type: ignore[call-arg]
            else:
                actions.append(cls(ids[at.target], g))
    actions.extend(mobilisation_actions(state, player))
    return actions


def mobilisation_actions(state: Position, player: int) -> list[Action]:
    """Return the legal army and fleet raising (33, 34.11) and marker building (35.11) endeavours."""
    game = state.game
    options = game.options
    if not (options.armies_fleets or options.civilisation_markers) or state.is_exiled(player):
        return []
    rules = game.rules
    gold = state.treasury[player]
    ids = game.board.ids
    actions: list[Action] = []
    for area in sorted(connection(state, player)):
        if options.armies_fleets:
            if gold >= rules.min_gold["raise_army"]:
                actions.append(RaiseArmy(ids[area]))
            if game.board.coast[area] and gold >= rules.min_gold["raise_fleet"]:
                actions.append(RaiseFleet(ids[area]))
        if options.civilisation_markers and gold >= rules.min_gold["build"]:
            for bit, marker in enumerate(MARKERS):
                if not state.civ[area] & (1 << bit):
                    actions.append(Build(ids[area], 0, marker))
    return actions


def tax_actions(state: Position, player: int) -> list[Action]:
    """Return the legal tax and plunder actions of the taxation block (16.1, 16.2)."""
    actions: list[Action] = []
    ids = state.game.board.ids
    if state.is_exiled(player):
        return actions
    conn = connection(state, player)
    ss_min = state.game.rules.ss_min
    for area, owner in enumerate(state.owner):
        if owner != player or area in state.taxed:
            continue
        ss = state.ss[area]
        if area in conn:
            actions.extend(Tax(ids[area], amount) for amount in range(1, ss + 1))
        if area in conn and ss > ss_min:  # 16.13: only areas connected to the court
            actions.append(Plunder(ids[area]))
    return actions


def crusade_actions(state: Position, player: int) -> list[Action]:
    """Return a crusader's attacks on the holy places it does not hold (23.32 step 5), or its
    pillages when it cannot pay for a conquest (23.32 step 2)."""
    actions: list[Action] = []
    pillage = state.treasury[player] < crusades.price(state, False)
    for area in crusades.open_targets(state):
        name = state.game.board.ids[area]
        for gold in state.game.rules.extra_gold:
            action = CrusadePillage(name, gold) if pillage else CrusadeAttack(name, gold)
            if crusade_problem(state, player, action) is None:
                actions.append(action)
    return actions


def borrow_actions(state: Position, decision: Pending) -> list[Action]:
    """Return the loans a crusader short of gold for a conquest may ask for (23.32 step 2)."""
    ids = state.game.player_ids
    missing = crusades.shortfall(state, decision.player)
    return [CrusadeBorrow(ids[p], missing) for p in crusades.lenders(state, decision)]


def borrow_problem(state: Position, decision: Pending, action: CrusadeBorrow) -> str | None:
    """Return why this loan cannot be asked for, or None (23.32 step 2)."""
    game = state.game
    missing = crusades.shortfall(state, decision.player)
    if not missing:
        return "the crusader can pay for a conquest and needs no loan (23.32 step 2)"
    lender = game.player_index.get(action.empire)
    if lender is None or lender == decision.player:
        return f"{action.empire!r} is not another empire"
    if action.gold != missing:
        return f"the crusader borrows the {missing} gold it lacks for a conquest (23.32 step 2)"
    if lender not in crusades.lenders(state, decision):
        if not state.hand[decision.player]:
            return "no unused year card is left this round"
        if state.treasury[lender] < missing:
            return f"{action.empire} has only {state.treasury[lender]} gold"
        return f"{action.empire} has already refused a loan this turn (23.32 step 2)"
    return None


def crusade_problem(state: Position, player: int, action: CrusadeAttack | CrusadePillage) -> str | None:
    """Return why this crusader attack or pillage is refused, or None."""
    area = state.game.board.index.get(action.area)
    if area is None or area not in crusades.open_targets(state):
        targets = ", ".join(state.game.board.ids[a] for a in crusades.open_targets(state))
        return f"the crusaders attack the areas in their way, then Syria and Jerusalem: now {targets} (23.32)"
    fleets = crusades.fleet_shortfall(state, player, area)
    if fleets:
        return f"the fleets in {action.area} outnumber the crusader's in its base by {fleets} (34.33)"
    conquest = crusades.price(state, False)
    if isinstance(action, CrusadePillage):
        if state.treasury[player] >= conquest:
            return (
                f"a crusader pillages only when it cannot pay {conquest} gold for a conquest (23.32 step 2)"
            )
        if state.ss[area] <= state.game.rules.ss_min:
            return f"{action.area} is at the lowest social state and cannot be pillaged (11.0)"
        price = crusades.price(state, True, action.gold)
        if price > state.treasury[player]:
            return f"the pillage costs {price} gold and the crusader has {state.treasury[player]}"
        return None
    price = conquest + action.gold
    if price > state.treasury[player]:
        return f"it costs {price} gold and the treasury holds {state.treasury[player]} (23.32 step 2)"
    if not state.hand[player]:
        return "no unused year card is left this round"
    return None


def movement_actions(state: Position, player: int) -> list[Action]:
    """Return the army moves of one point each that the movement points allow (33.4)."""
    ids = state.game.board.ids
    actions: list[Action] = []
    for source, owner in enumerate(state.owner):
        if owner != player or not state.army[source]:
            continue
        for target, (spaces, seas) in sorted(armies.routes(state, player, source).items()):
            if spaces <= state.moves_left and seas <= state.treasury[player]:
                actions.append(MoveArmy(ids[source], ids[target], 1))
    return actions


def gift_actions(state: Position, player: int) -> list[Action]:
    """Return gifts (20.1, a bounded set: 1 or 5 gold, each claim, each area but the court; 22.21
    an area with its partial conversion)."""
    game = state.game
    ids = game.board.ids
    actions: list[Action] = []
    bit = 1 << player
    for other, other_id in enumerate(game.player_ids):
        if other == player:
            continue
        actions.extend(Give(other_id, "gold", str(g)) for g in (1, 5) if g <= state.treasury[player])
        for area, owner in enumerate(state.owner):
            if state.claims[area] & bit:
                actions.append(Give(other_id, "claim", ids[area]))
            if owner == player and area != state.court[player]:
                actions.append(Give(other_id, "area", ids[area]))
                if parleys.transfer_problem(state, player, other, area) is None:
                    actions.append(Give(other_id, "area", ids[area], True))
    return actions


def call_crusade_actions(state: Position, player: int) -> list[Action]:
    """Return the Byzantine player's call for a crusade when one is possible (23.31)."""
    game = state.game
    if not game.options.crusades or player != game.player_index.get(game.rules.schism_byzantine):
        return []
    return [CallCrusade()] if crusades.possible(state) is None else []


def parley_actions(state: Position, player: int) -> list[Action]:
    """Return the parleys the player may call: a crusade parley (20.46), readmission (20.45) and
    claims (20.42), the last two once a round."""
    game = state.game
    ids = game.board.ids
    actions: list[Action] = []
    bit = 1 << player
    if game.options.crusades and crusades.is_crusader(state, player) and crusades.possible(state) is None:
        actions.append(CallParley("crusade"))
    if state.parley_round[player] != state.round:
        if state.excommunicated[player]:
            actions.append(CallParley("readmission"))
        elif parleys.is_christian(state, player):
            for area, owner in enumerate(state.owner):
                if owner == player and state.ties[area] & bit and not state.claims[area] & bit:
                    actions.append(CallParley("claim", ids[area]))
    return actions


def card_actions(state: Position, player: int) -> list[Action]:
    """Return the holding cards playable now, with their targets (Diplomatic Coup, 12.43)."""
    actions: list[Action] = []
    game = state.game
    for card in sorted(set(state.holding[player])):
        kind = game.rules.event_kinds[card].effect.get("type")
        if kind == "leader" and events.play_problem(state, player, card, None, None) is None:
            actions.append(PlayCard(card))
        if kind != "break_tie":
            continue
        for area, ties in enumerate(state.ties):
            others = ties & ~(1 << player)
            for other in range(game.n_players):
                if others & (1 << other):
                    actions.append(PlayCard(card, game.board.ids[area], game.player_ids[other]))
    return actions
