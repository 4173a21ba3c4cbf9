"""The EotMA actions as a table: each action class once, with its listing, its check and its effect.

In the manner of boardgame.io's ``moves``: :data:`MOVES` registers every action class with

* ``listing``: how the legal actions of that class are generated (``legal``'s list functions), and
  in which steps of a turn they are listed (:data:`STEPS`); the list of a step is the listings of
  its moves in table order;
* ``problem``: why the action is refused in the acting player's own turn (or at initiative), or
  None when it is allowed; ``answer``: the same when it answers a pending decision;
* ``effect``: what it does once checked (the rule modules do the work);
* ``rules``: the rule numbers it carries out.

:data:`DECISIONS` says, for each kind of pending decision, which action classes answer it, how its
answers are listed and what the deciding player is told when it tries anything else. After each
effect the automatic steps run (:func:`after_action`). ``Position`` checks and applies actions
through :func:`check` and :func:`apply` only, and lists them with :func:`legal_actions`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from model.rules.eotma import (
    armies,
    automatic,
    crusades,
    endeavours,
    events,
    legal,
    npc,
    parleys,
    rebellion,
    sequence,
    taxation,
)
from model.rules.eotma.actions import (
    CRUSADER_STATE_CHOICES,
    Accept,
    Agree,
    AskAsylum,
    BeginTaxation,
    CallCrusade,
    CallParley,
    ChooseSlot,
    Contest,
    CrusadeAttack,
    CrusadeBorrow,
    CrusadePass,
    CrusadePillage,
    CrusadeRoute,
    CrusaderState,
    Decline,
    Defend,
    Disband,
    Discard,
    Endeavour,
    EndMovement,
    EndTaxation,
    EndTurn,
    Give,
    Lose,
    MoveArmy,
    Oppose,
    PlayCard,
    Plunder,
    ReduceFort,
    Refuse,
    Relocate,
    RevokeAsylum,
    RulePalaces,
    Tax,
    Untie,
    Vote,
    Waive,
)
from model.rules.eotma.decisions import DecisionKind, Pending
from model.rules.eotma.endeavours.common import defended_area, defense_price, problem
from model.rules.eotma.territory import move_court
from model.rules.protocol import Action, IllegalActionError

if TYPE_CHECKING:
    from model.rules.eotma.position import Position

Listing = Callable[["Position", int], list[Action]]
"""Return the legal actions of one class (or one family) for the acting player."""
Problem = Callable[["Position", Any, int], "str | None"]
"""Return why the acting player may not take this action now, or None."""
Answer = Callable[["Position", Pending, Any], "str | None"]
"""Return why this action cannot answer the pending decision, or None (its class already fits)."""
Effect = Callable[["Position", Any, list[str]], None]
"""Carry out a checked action, appending what happens to the effects."""

When = Literal["initiative", "move", "turn", "decision", "any"]
"""Where an action is taken (see :attr:`Move.when`)."""

STEPS = ("initiative", "move", "tax", "main")
"""Where actions are listed: the initiative choice, army movement (33.4), the taxation block
(16.14), and the rest of the own turn."""


@dataclass(frozen=True, slots=True)
class Move:
    """One action class: where it is taken, how it is listed, checked and carried out."""

    cls: type[Action]
    rules: str
    effect: Effect
    when: When = "turn"
    """``initiative``, ``move`` (army movement, 33.4), ``turn`` (the rest of the own turn),
    ``decision`` (only as an answer) or ``any`` (whenever its player decides, 21.2)."""
    problem: Problem | None = None
    answer: Answer | None = None
    listing: Listing | None = None
    listed_in: tuple[str, ...] = ()
    """The steps (:data:`STEPS`) whose list holds this move's ``listing``."""
    tax_block: str | None = None
    """Why it is refused inside an open taxation block (16.14), checked before ``problem``;
    None when the taxation block does not refuse it (or ``problem`` says so itself)."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One kind of pending decision: the action classes that answer it and how they are listed."""

    kind: DecisionKind
    rules: str
    accepts: tuple[type[Action], ...]
    asks: str
    """What the deciding player ``{who}`` is told when it tries another action (``{subject}``:
    what the decision is about)."""
    listing: Callable[[Position, Pending], list[Action]]


# --- problems in the own turn (facts sheet 1.3, 13.13, 16.14, 33.4) ---

_TAX_BLOCK = "finish the taxation block first (16.14)"
_TAX_BLOCK_ENDEAVOUR = "taxation is one block: end it before the next endeavour (16.14)"


def _choose_slot_problem(state: Position, action: ChooseSlot, _player: int) -> str | None:
    n = state.game.n_players
    if not 1 <= action.slot <= n:
        return f"places run from 1 to {n}"
    if action.slot in state.slots:
        return f"place {action.slot} is already taken"
    return None


def _move_army_problem(state: Position, action: MoveArmy, player: int) -> str | None:
    board = state.game.board
    if action.source not in board.index or action.area not in board.index:
        return "name two land areas"
    source, target = board.index[action.source], board.index[action.area]
    return armies.move_problem(state, player, source, target, action.points)


def _endeavour_problem(state: Position, action: Endeavour, player: int) -> str | None:
    return problem(state, player, action)


def _begin_taxation_problem(state: Position, _action: BeginTaxation, player: int) -> str | None:
    if state.is_exiled(player):
        return "an exile may not tax (21.0)"
    if state.tax_stage != 0:
        return "taxation happens once per turn, in one block (16.14)"
    return None


def _tax_problem(state: Position, action: Tax | Plunder, player: int) -> str | None:
    if state.tax_stage != 1:
        return "taxing happens inside the taxation block: start it with 'taxation' (16.14)"
    area = state.game.board.index.get(action.area)
    if area is None:
        return f"{action.area!r} is not a land area"
    if isinstance(action, Tax):
        return taxation.tax_problem(state, player, area, action.amount)
    return taxation.plunder_problem(state, player, area)


def _end_taxation_problem(state: Position, _action: EndTaxation, _player: int) -> str | None:
    return None if state.tax_stage == 1 else "no taxation block is open"


def _play_card_problem(state: Position, action: PlayCard, player: int) -> str | None:
    return events.play_problem(state, player, action.card, action.area, action.empire)


def _ask_asylum_problem(state: Position, action: AskAsylum, player: int) -> str | None:
    other = state.game.player_index.get(action.empire)
    if other is None or other == player:
        return f"{action.empire!r} is not another empire"
    if not state.is_exiled(player):
        return "only an exile asks for asylum (21.2)"
    if state.is_exiled(other):
        return f"{action.empire} has no court to offer (21.2)"
    return None


def _rule_palaces_problem(state: Position, action: RulePalaces, player: int) -> str | None:
    index = state.game.board.index
    unknown = [a for a in action.targets if a not in index]
    if unknown:
        return f"{', '.join(unknown)}: not a land area"
    return endeavours.palace_problem(state, player, [index[a] for a in action.targets], action.gold)


def _disband_problem(state: Position, action: Disband, player: int) -> str | None:
    return sequence.disband_problem(state, player, action.area, action.unit)


def _reduce_fort_problem(state: Position, action: ReduceFort, player: int) -> str | None:
    area = state.game.board.index.get(action.area)
    if area is None or state.owner[area] != player or not state.fort[area]:
        return f"{action.area} is not an own fortified area (14.43)"
    if state.tax_stage == 1:
        return _TAX_BLOCK
    return None


def _untie_problem(state: Position, action: Untie, player: int) -> str | None:
    area = state.game.board.index.get(action.area)
    if area is None or not state.ties[area] & (1 << player):
        return f"the player has no tie to {action.area} to remove (12.43)"
    if state.tax_stage == 1:
        return _TAX_BLOCK
    return None


def _call_crusade_problem(state: Position, _action: CallCrusade, player: int) -> str | None:
    game = state.game
    if player != game.player_index.get(game.rules.schism_byzantine):
        return "only the Byzantine player calls a crusade; others call a crusade parley (23.31, 20.46)"
    return crusades.possible(state)


def _give_problem(state: Position, action: Give, player: int) -> str | None:
    why = parleys.give_problem(state, player, action.empire, action.what, action.value)
    if why is None and action.conversion:
        game = state.game
        area = game.board.index[action.value]
        why = parleys.transfer_problem(state, player, game.player_index[action.empire], area)
    return why


def _call_parley_problem(state: Position, action: CallParley, player: int) -> str | None:
    return parleys.call_problem(state, player, action.kind, action.area)


def _agree_problem(state: Position, action: Agree, player: int) -> str | None:
    return parleys.agreement_problem(state, player, action.empire)


def _end_turn_problem(state: Position, _action: EndTurn, player: int) -> str | None:
    if not legal.may_end_turn(state, player):
        return "at least one endeavour must be undertaken in the own turn (13.13)"
    return None


def _revoke_problem(state: Position, action: RevokeAsylum, _player: int) -> str | None:
    return legal.revoke_problem(state, action.empire)


def _allowed(_state: Position, _action: Action, _player: int) -> str | None:
    return None


# --- answers to pending decisions ---


def _any_answer(_state: Position, _decision: Pending, _action: Action) -> str | None:
    return None


def _defend_answer(state: Position, decision: Pending, action: Defend) -> str | None:
    target = defended_area(state, decision)
    price = defense_price(state, decision.player, target, action.gold)
    gold = state.treasury[decision.player]
    if price > gold:
        who = state.game.player_ids[decision.player]
        return f"the defense costs {price} gold and {who} has {gold} (13.11)"
    return None


def _oppose_answer(state: Position, decision: Pending, action: Oppose) -> str | None:
    if action.gold > state.treasury[decision.player]:
        return f"{state.game.player_ids[decision.player]} has only {state.treasury[decision.player]} gold"
    return None


def _vote_answer(state: Position, decision: Pending, action: Vote) -> str | None:
    if action.influence > state.holding[decision.player].count(parleys.INFLUENCE):
        who = state.game.player_ids[decision.player]
        return f"{who} does not hold {action.influence} Influence in Church Hierarchy cards (20.51)"
    return None


def _crusade_answer(state: Position, decision: Pending, action: CrusadeAttack | CrusadePillage) -> str | None:
    return legal.crusade_problem(state, decision.player, action)


def _borrow_answer(state: Position, decision: Pending, action: CrusadeBorrow) -> str | None:
    return legal.borrow_problem(state, decision, action)


def _accept_answer(state: Position, decision: Pending, _action: Accept) -> str | None:
    if decision.kind == DecisionKind.LOAN and state.treasury[decision.player] < decision.data[1]:
        return f"{state.game.player_ids[decision.player]} has only {state.treasury[decision.player]} gold"
    return None


def _route_answer(state: Position, decision: Pending, action: CrusadeRoute) -> str | None:
    board = state.game.board
    if board.index.get(action.area, -1) not in decision.data:
        choices = ", ".join(board.ids[a] for a in decision.data)
        return f"{action.area} launches no route; choose one of {choices} (23.32 step 3)"
    return None


def _lose_answer(state: Position, decision: Pending, action: Lose) -> str | None:
    choices = endeavours.loss_choices(state, decision)
    if action.what not in choices:
        return f"the -1 result takes one of: {', '.join(choices)} (33.33, 35.24)"
    return None


def _discard_answer(state: Position, decision: Pending, action: Discard) -> str | None:
    return events.discard_problem(state, decision.player, action.card)


def _disband_answer(state: Position, decision: Pending, action: Disband) -> str | None:
    return sequence.disband_problem(state, decision.player, action.area, action.unit)


def _relocate_answer(state: Position, decision: Pending, action: Relocate) -> str | None:
    board = state.game.board
    area = board.index.get(action.area)
    if area is None or area not in decision.data:
        choices = ", ".join(board.ids[a] for a in decision.data)
        return f"{action.area} is not a suitable new court; choose one of {choices} (21.3)"
    return None


# --- effects ---


def _choose_slot(state: Position, action: ChooseSlot, effects: list[str]) -> None:
    sequence.choose_slot(state, action.slot, effects)


def _move_army(state: Position, action: MoveArmy, effects: list[str]) -> None:
    index = state.game.board.index
    armies.move(state, state.active(), index[action.source], index[action.area], action.points, effects)


def _end_movement(state: Position, _action: EndMovement, effects: list[str]) -> None:
    state.step = "main"
    # The rules draw the event card, after the movement as at the turn's start (19, 33.4).
    automatic.begin(state, automatic.TURN_START, effects)
    sequence.draw_events(state, state.active(), effects)


def _endeavour(state: Position, action: Endeavour, effects: list[str]) -> None:
    endeavours.declare(state, action, effects)


def _begin_taxation(state: Position, _action: BeginTaxation, effects: list[str]) -> None:
    state.tax_stage = 1
    sequence.pay_demesne(state, state.active(), effects)


def _tax(state: Position, action: Tax, effects: list[str]) -> None:
    taxation.tax(state, state.active(), state.game.board.index[action.area], action.amount, effects)


def _plunder(state: Position, action: Plunder, effects: list[str]) -> None:
    taxation.plunder(state, state.active(), state.game.board.index[action.area], effects)


def _end_taxation(state: Position, _action: EndTaxation, _effects: list[str]) -> None:
    state.tax_stage = 2


def _ask_asylum(state: Position, action: AskAsylum, effects: list[str]) -> None:
    host = state.game.player_index[action.empire]
    state.pending.append(Pending(DecisionKind.ASYLUM, host, "asylum", (state.active(),)))
    effects.append(f"{state.game.player_ids[state.active()]} asks {action.empire} for asylum (21.2)")


def _play_card(state: Position, action: PlayCard, effects: list[str]) -> None:
    events.play(state, state.active(), action.card, action.area or "", action.empire or "", effects)


def _give(state: Position, action: Give, effects: list[str]) -> None:
    receiver = state.game.player_index[action.empire]
    parleys.give(
        state, state.active(), receiver, action.what, action.value, effects, conversion=action.conversion
    )


def _call_crusade(state: Position, _action: CallCrusade, effects: list[str]) -> None:
    crusades.begin(state, -1, effects)


def _call_parley(state: Position, action: CallParley, effects: list[str]) -> None:
    if action.kind == "breach":
        other = state.game.player_index[action.area or ""]
        parleys.call(state, "breach", state.active(), -1, other, effects)
    else:
        area = state.game.board.index[action.area] if action.area else -1
        parleys.call(state, action.kind, state.active(), area, -1, effects)


def _agree(state: Position, action: Agree, effects: list[str]) -> None:
    parleys.agree(state, state.active(), action.empire, action.terms, effects)


def _rule_palaces(state: Position, action: RulePalaces, effects: list[str]) -> None:
    index = state.game.board.index
    endeavours.rule_palaces(state, [index[a] for a in action.targets], effects, action.gold)


def _reduce_fort(state: Position, action: ReduceFort, effects: list[str]) -> None:
    area = state.game.board.index[action.area]
    before = state.fort[area]
    state.fort[area] = 2 if before == 3 else 0
    effects.append(f"{action.area}: fortification {before} -> {state.fort[area]} (14.43)")


def _untie(state: Position, action: Untie, effects: list[str]) -> None:
    state.ties[state.game.board.index[action.area]] &= ~(1 << state.active())
    effects.append(f"{action.area}: {state.game.player_ids[state.active()]} removes its tie (12.43)")


def _disband(state: Position, action: Disband, effects: list[str]) -> None:
    area = state.game.board.index[action.area]
    if state.pending:  # 33.23: an unpaid point at the turn's end
        sequence.disband(state, area, action.unit, effects)
    else:  # 33.23: a point given up during the own turn
        sequence.give_up_unit(state, area, action.unit, effects)


def _end_turn(state: Position, _action: EndTurn, effects: list[str]) -> None:
    if state.tax_stage == 1:
        state.tax_stage = 2
    sequence.end_turn(state, effects)


def _revoke_asylum(state: Position, action: RevokeAsylum, effects: list[str]) -> None:
    exile = state.game.player_index[action.empire]
    host_id = state.game.player_ids[state.asylum[exile]]
    state.asylum[exile] = -1  # 21.2: at any decision of the host (legal.revoke_actions)
    effects.append(f"{host_id} revokes the asylum of {action.empire} (21.2)")


def _defend(state: Position, action: Defend | Decline, effects: list[str]) -> None:
    gold = action.gold if isinstance(action, Defend) else None
    decision = state.pending[-1]
    if crusades.is_crusade_defense(decision):
        crusades.defend(state, gold, effects)
    elif decision.kind == DecisionKind.NPC_DEFENSE:
        npc.defend(state, gold, effects)
    elif gold is not None:
        endeavours.defend(state, gold, effects)
    else:
        state.pending.pop()
        effects.append(f"{state.game.player_ids[decision.player]} does not defend")
        endeavours.resolve(state, _endeavour_of(decision), effects)


def _oppose(state: Position, action: Oppose, effects: list[str]) -> None:
    endeavours.oppose(state, action.gold, effects)


def _endeavour_of(decision: Pending) -> Endeavour:
    """Return the endeavour waiting for a defense or opposition decision (13, 12.2)."""
    if decision.action is None:
        raise TypeError(f"the pending {decision.kind.value} decision holds no endeavour")
    return decision.action


def _vote(state: Position, action: Vote, effects: list[str]) -> None:
    parleys.vote(state, action.yes, action.influence, effects)


def _waive(state: Position, action: Waive, effects: list[str]) -> None:
    if state.pending[-1].about in ("tax", "plunder"):
        taxation.waive(state, action.waived, effects)
    else:
        rebellion.waive(state, action.waived, effects)


def _contest(state: Position, _action: Contest, effects: list[str]) -> None:
    decision = state.pending.pop()
    area, conqueror = decision.data
    kind = parleys.INHERITANCE if decision.about == parleys.INHERITANCE else "contest"
    parleys.call(state, kind, decision.player, area, conqueror, effects)


def _grant_asylum(state: Position, granted: bool, effects: list[str]) -> None:
    decision = state.pending.pop()
    if granted:
        state.asylum[decision.data[0]] = decision.player
    asker, giver = state.game.player_ids[decision.data[0]], state.game.player_ids[decision.player]
    effects.append(f"{giver} {'grants' if granted else 'refuses'} asylum to {asker} (21.2)")


def _accept_conquest(state: Position, _granted: bool, effects: list[str]) -> None:
    decision = state.pending.pop()
    who = state.game.player_ids[decision.player]
    if decision.about == parleys.INHERITANCE:
        effects.append(f"{who} accepts the inheritance (20.43)")
    else:
        effects.append(f"{who} accepts the diplomatic conquest")


_YES_NO: dict[DecisionKind, Callable[[Position, bool, list[str]], None]] = {
    DecisionKind.COMPLY: parleys.comply,
    DecisionKind.PASSAGE: crusades.passage,
    DecisionKind.CONSENT: crusades.consent,
    DecisionKind.LOAN: crusades.lend,
    DecisionKind.TRANSFER: parleys.answer_transfer,
    DecisionKind.ASYLUM: _grant_asylum,
    DecisionKind.AGREEMENT: parleys.answer_agreement,
    DecisionKind.CONTEST: _accept_conquest,
}
"""Who carries out an ``accept`` or ``refuse``, by the kind of decision it answers."""


def _yes_no(state: Position, action: Accept | Refuse, effects: list[str]) -> None:
    _YES_NO[state.pending[-1].kind](state, isinstance(action, Accept), effects)


def _crusade_attack(state: Position, action: CrusadeAttack, effects: list[str]) -> None:
    crusades.attack(state, state.game.board.index[action.area], action.gold, effects)


def _crusade_pillage(state: Position, action: CrusadePillage, effects: list[str]) -> None:
    crusades.pillage(state, state.game.board.index[action.area], action.gold, effects)


def _crusade_pass(state: Position, _action: CrusadePass, effects: list[str]) -> None:
    crusades.pass_turn(state, effects)


def _crusade_borrow(state: Position, action: CrusadeBorrow, effects: list[str]) -> None:
    crusades.borrow(state, state.game.player_index[action.empire], action.gold, effects)


def _crusade_route(state: Position, action: CrusadeRoute, effects: list[str]) -> None:
    crusades.choose_route(state, state.game.board.index[action.area], effects)


def _crusader_state(state: Position, action: CrusaderState, effects: list[str]) -> None:
    crusades.answer_proposal(state, action.choice, effects)


def _lose(state: Position, action: Lose, effects: list[str]) -> None:
    decision = state.pending[-1]
    if decision.action is not None:
        endeavours.answer_loss(state, action.what, effects)
    elif decision.about.startswith("crusade-"):
        crusades.answer_loss(state, action.what, effects)
    else:  # a raid's or Magnate's -1 (24, 33.33)
        npc.answer_loss(state, action.what, effects)


def _discard(state: Position, action: Discard, effects: list[str]) -> None:
    events.discard(state, action.card, effects)


def _relocate(state: Position, action: Relocate, effects: list[str]) -> None:
    decision = state.pending.pop()
    move_court(state, decision.player, state.game.board.index[action.area], effects)


# --- listings not kept in ``legal`` ---


def _slot_listing(state: Position, _player: int) -> list[Action]:
    taken = set(state.slots)
    return [ChooseSlot(s) for s in range(1, state.game.n_players + 1) if s not in taken]


def _end_movement_listing(_state: Position, _player: int) -> list[Action]:
    return [EndMovement()]


def _endeavour_listing(state: Position, player: int) -> list[Action]:
    return legal.endeavour_actions(state, player) if state.hand[player] else []


def _begin_taxation_listing(state: Position, player: int) -> list[Action]:
    return [BeginTaxation()] if state.tax_stage == 0 and not state.is_exiled(player) else []


def _end_taxation_listing(_state: Position, _player: int) -> list[Action]:
    return [EndTaxation()]


def _ask_asylum_listing(state: Position, player: int) -> list[Action]:
    if not state.is_exiled(player):
        return []
    return [
        AskAsylum(other_id)
        for other, other_id in enumerate(state.game.player_ids)
        if other != player and not state.is_exiled(other) and state.asylum[player] != other
    ]


def _reduce_fort_listing(state: Position, player: int) -> list[Action]:
    ids, fort = state.game.board.ids, state.fort
    return [ReduceFort(ids[a]) for a, o in enumerate(state.owner) if o == player and fort[a]]


def _untie_listing(state: Position, player: int) -> list[Action]:
    ids, bit = state.game.board.ids, 1 << player
    return [Untie(ids[a]) for a, ties in enumerate(state.ties) if ties & bit]


def _disband_listing(state: Position, player: int) -> list[Action]:
    return legal.unit_actions(state, player) if state.game.options.armies_fleets else []


def _end_turn_listing(state: Position, player: int) -> list[Action]:
    return [EndTurn()] if legal.may_end_turn(state, player) else []


MOVES: tuple[Move, ...] = (
    Move(
        ChooseSlot, "1.3", _choose_slot, "initiative", _choose_slot_problem,
        listing=_slot_listing, listed_in=("initiative",),
    ),
    Move(
        MoveArmy, "33.4", _move_army, "move", _move_army_problem,
        listing=legal.movement_actions, listed_in=("move",),
    ),
    Move(
        EndMovement, "33.4, 19", _end_movement, "move", _allowed,
        listing=_end_movement_listing, listed_in=("move",),
    ),
    Move(
        Endeavour, "9-15, 33, 34.11, 35.11, 16.14", _endeavour, problem=_endeavour_problem,
        listing=_endeavour_listing, listed_in=("main",), tax_block=_TAX_BLOCK_ENDEAVOUR,
    ),
    Move(
        BeginTaxation, "16.14, 19.2, 21.0", _begin_taxation, problem=_begin_taxation_problem,
        listing=_begin_taxation_listing, listed_in=("main",),
    ),
    Move(
        Tax, "16.1, 16.13, 16.14", _tax, problem=_tax_problem,
        listing=legal.tax_actions, listed_in=("tax",),
    ),
    Move(Plunder, "16.2, 16.13, 16.14 (listed with tax)", _plunder, problem=_tax_problem),
    Move(
        EndTaxation, "16.14", _end_taxation, problem=_end_taxation_problem,
        listing=_end_taxation_listing, listed_in=("tax",),
    ),
    Move(
        AskAsylum, "21.2", _ask_asylum, problem=_ask_asylum_problem,
        listing=_ask_asylum_listing, listed_in=("main",),
    ),
    Move(
        PlayCard, "19, 36.11, 12.43", _play_card, problem=_play_card_problem,
        listing=legal.card_actions, listed_in=("main",), tax_block=_TAX_BLOCK,
    ),
    Move(
        Give, "20.1, 22.21", _give, problem=_give_problem,
        listing=legal.gift_actions, listed_in=("main",), tax_block=_TAX_BLOCK,
    ),
    Move(
        CallCrusade, "23.31", _call_crusade, problem=_call_crusade_problem,
        listing=legal.call_crusade_actions, listed_in=("main",),
    ),
    Move(
        CallParley, "20.4, 20.42, 20.44-20.46", _call_parley, problem=_call_parley_problem,
        listing=legal.parley_actions, listed_in=("main",), tax_block=_TAX_BLOCK,
    ),
    Move(Agree, "20.3 (typed, never listed)", _agree, problem=_agree_problem, tax_block=_TAX_BLOCK),
    Move(
        RulePalaces, "35.33", _rule_palaces, problem=_rule_palaces_problem,
        listing=legal.palace_actions, listed_in=("main",), tax_block=_TAX_BLOCK_ENDEAVOUR,
    ),
    Move(
        ReduceFort, "14.43", _reduce_fort, problem=_reduce_fort_problem,
        listing=_reduce_fort_listing, listed_in=("main",),
    ),
    Move(
        Untie, "12.43", _untie, problem=_untie_problem,
        listing=_untie_listing, listed_in=("main",),
    ),
    Move(
        Disband, "33.23, 34.12", _disband, problem=_disband_problem, answer=_disband_answer,
        listing=_disband_listing, listed_in=("main",), tax_block=_TAX_BLOCK,
    ),
    Move(
        EndTurn, "13.13, 16.14", _end_turn, problem=_end_turn_problem,
        listing=_end_turn_listing, listed_in=("tax", "main"),
    ),
    Move(RevokeAsylum, "21.2 (listed by legal.revoke_actions)", _revoke_asylum, "any", _revoke_problem),
    Move(Defend, "13.0, 13.11, 24, 23.32", _defend, "decision", answer=_defend_answer),
    Move(Decline, "13.0, 24, 23.32", _defend, "decision", answer=_any_answer),
    Move(Oppose, "12.2", _oppose, "decision", answer=_oppose_answer),
    Move(Vote, "20.4, 20.51", _vote, "decision", answer=_vote_answer),
    Move(Waive, "12.42", _waive, "decision", answer=_any_answer),
    Move(Contest, "20.41, 20.43", _contest, "decision", answer=_any_answer),
    Move(Accept, "20.3, 20.41, 20.43, 21.2, 22.21, 23.32", _yes_no, "decision", answer=_accept_answer),
    Move(Refuse, "20.3, 20.41, 21.2, 22.21, 23.32", _yes_no, "decision", answer=_any_answer),
    Move(CrusadeAttack, "23.32 step 5", _crusade_attack, "decision", answer=_crusade_answer),
    Move(CrusadePillage, "23.32 step 2", _crusade_pillage, "decision", answer=_crusade_answer),
    Move(CrusadePass, "23.32", _crusade_pass, "decision", answer=_any_answer),
    Move(CrusadeBorrow, "23.32 step 2", _crusade_borrow, "decision", answer=_borrow_answer),
    Move(CrusadeRoute, "23.32 step 3", _crusade_route, "decision", answer=_route_answer),
    Move(CrusaderState, "23.32 step 5", _crusader_state, "decision", answer=_any_answer),
    Move(Lose, "33.33, 35.24", _lose, "decision", answer=_lose_answer),
    Move(Discard, "19.2", _discard, "decision", answer=_discard_answer),
    Move(Relocate, "21.3, 7.52", _relocate, "decision", answer=_relocate_answer),
)  # fmt: skip
"""Every EotMA action class once; the order is the order of the lists (see :data:`STEPS`)."""


# --- listings of the decisions ---


def _defense_listing(state: Position, decision: Pending) -> list[Action]:
    player = decision.player
    base_cost = defense_price(state, player, defended_area(state, decision))
    gold = state.treasury[player]
    return [Decline(), *(Defend(g) for g in state.game.rules.extra_gold if base_cost + g <= gold)]


def _oppose_listing(state: Position, decision: Pending) -> list[Action]:
    gold = state.treasury[decision.player]
    return [Oppose(g) for g in state.game.rules.oppose_gold if g <= gold]


def _vote_listing(state: Position, decision: Pending) -> list[Action]:
    cards = state.holding[decision.player].count(parleys.INFLUENCE)
    return [
        Vote(True),
        Vote(False),
        *(Vote(yes, n) for n in range(1, cards + 1) for yes in (True, False)),
    ]


def _contest_listing(_state: Position, _decision: Pending) -> list[Action]:
    return [Contest(), Accept()]


def _waive_listing(_state: Position, _decision: Pending) -> list[Action]:
    return [Waive(True), Waive(False)]


def _crusade_listing(state: Position, decision: Pending) -> list[Action]:
    return [
        *legal.crusade_actions(state, decision.player),
        *legal.borrow_actions(state, decision),
        CrusadePass(),
    ]


def _route_listing(state: Position, decision: Pending) -> list[Action]:
    return [CrusadeRoute(state.game.board.ids[a]) for a in decision.data]


def _crusader_state_listing(_state: Position, _decision: Pending) -> list[Action]:
    return [CrusaderState(c) for c in CRUSADER_STATE_CHOICES]


def _yes_no_listing(_state: Position, _decision: Pending) -> list[Action]:
    return [Accept(), Refuse()]


def _loss_listing(state: Position, decision: Pending) -> list[Action]:
    return [Lose(what) for what in endeavours.loss_choices(state, decision)]


def _discard_listing(state: Position, decision: Pending) -> list[Action]:
    return [Discard(c) for c in sorted(set(state.holding[decision.player]))]


def _maintain_listing(state: Position, decision: Pending) -> list[Action]:
    return legal.unit_actions(state, decision.player)


def _relocate_listing(state: Position, decision: Pending) -> list[Action]:
    return [Relocate(state.game.board.ids[a]) for a in decision.data]


_YES_NO_ANSWERS = (Accept, Refuse)
_ASKS_ACCEPT = "{who} must first accept or refuse ({kind}, 20.3, 21.2)"
_ASKS_DEFEND = "{who} must first decide whether to defend against {subject!r} (13.0)"

DECISIONS: dict[DecisionKind, Decision] = {
    d.kind: d
    for d in (
        Decision(DecisionKind.DEFENSE, "13.0", (Defend, Decline), _ASKS_DEFEND, _defense_listing),
        Decision(
            DecisionKind.NPC_DEFENSE, "24, 23.32, 13.0", (Defend, Decline), _ASKS_DEFEND, _defense_listing,
        ),
        Decision(
            DecisionKind.OPPOSE, "12.2", (Oppose,),
            "{who} must first say how much gold to spend against {subject!r} (12.2)", _oppose_listing,
        ),
        Decision(
            DecisionKind.VOTE, "20.4", (Vote,), "{who} must first vote in the parley (20.4)", _vote_listing,
        ),
        Decision(
            DecisionKind.CRUSADE, "23.32", (CrusadePass, CrusadeBorrow, CrusadeAttack, CrusadePillage),
            "{who} must attack a holy place, borrow gold or pass in the crusader phase (23.32)",
            _crusade_listing,
        ),
        Decision(
            DecisionKind.LOAN, "23.32 step 2", _YES_NO_ANSWERS,
            "{who} must first lend the gold ('accept') or refuse ('refuse') (23.32 step 2)", _yes_no_listing,
        ),
        Decision(
            DecisionKind.ROUTE, "23.32 step 3", (CrusadeRoute,),
            "{who} must first choose where to launch the crusade from (23.32 step 3)", _route_listing,
        ),
        Decision(
            DecisionKind.CRUSADER_STATE, "23.32 step 5", (CrusaderState,),
            "{who} must first say whether to rule or fortify a crusader state (23.32 step 5)",
            _crusader_state_listing,
        ),
        Decision(
            DecisionKind.CONSENT, "23.32 step 5", _YES_NO_ANSWERS,
            "{who} must first consent to the crusader state or refuse (23.32 step 5)", _yes_no_listing,
        ),
        Decision(
            DecisionKind.WAIVE, "12.42", (Waive,),
            "{who} must first say whether it waives its tie ('waive' or 'waive no', 12.42)", _waive_listing,
        ),
        Decision(
            DecisionKind.CONTEST, "20.41, 20.43", (Contest, Accept),
            "{who} must first say whether to contest the diplomatic conquest (20.41)", _contest_listing,
        ),
        Decision(DecisionKind.AGREEMENT, "20.3", _YES_NO_ANSWERS, _ASKS_ACCEPT, _yes_no_listing),
        Decision(DecisionKind.ASYLUM, "21.2", _YES_NO_ANSWERS, _ASKS_ACCEPT, _yes_no_listing),
        Decision(DecisionKind.PASSAGE, "23.32 step 4", _YES_NO_ANSWERS, _ASKS_ACCEPT, _yes_no_listing),
        Decision(
            DecisionKind.COMPLY, "20.41", _YES_NO_ANSWERS,
            "{who} must return the area ('accept') or be excommunicated ('refuse') (20.41)", _yes_no_listing,
        ),
        Decision(
            DecisionKind.TRANSFER, "22.21", _YES_NO_ANSWERS,
            "{who} must first accept the partial conversion or refuse it (22.21)", _yes_no_listing,
        ),
        Decision(
            DecisionKind.LOSS, "33.33, 35.24", (Lose,),
            "{who} must first choose what the -1 result of {subject!r} takes: 'lose level', "
            "'lose army' or 'lose MARKER' (33.33, 35.24)",
            _loss_listing,
        ),
        Decision(
            DecisionKind.DISCARD, "19.2", (Discard,),
            "{who} must first discard a holding card over the hand limit (19.2)", _discard_listing,
        ),
        Decision(
            DecisionKind.MAINTAIN, "33.23", (Disband,),
            "{who} must first choose the unpaid unit points to remove (33.23)", _maintain_listing,
        ),
        Decision(
            DecisionKind.RELOCATE, "21.3, 7.52", (Relocate,),
            "{who} must first choose a new court", _relocate_listing,
        ),
    )
}  # fmt: skip
"""Every kind of pending decision: what answers it, how the answers are listed, what is asked."""

_BY_CLASS: dict[type[Action], Move] = {move.cls: move for move in MOVES}
_LISTED: dict[str, tuple[Listing, ...]] = {
    step: tuple(m.listing for m in MOVES if m.listing is not None and step in m.listed_in) for step in STEPS
}


def _find(cls: type[Action]) -> Move | None:
    move = _BY_CLASS.get(cls)
    if move is None:
        for base in cls.__mro__[1:]:
            if base in _BY_CLASS:
                move = _BY_CLASS[cls] = _BY_CLASS[base]
                break
    return move


def move_of(cls: type[Action]) -> Move:
    """Return the table entry of an action class (an endeavour's is the ``Endeavour`` entry)."""
    move = _find(cls)
    if move is None:
        raise TypeError(f"no rule applies {cls.__name__}: it is not in the EotMA moves table")
    return move


# --- the three entry points ---


def legal_actions(state: Position) -> list[Action]:
    """Return every legal action of the current player (gold amounts from the bounded table sets),
    with a host's revocations of asylum after them (21.2, see ``legal.revoke_actions``)."""
    actions = _listed(state)
    host = legal.deciding_player(state)
    if host >= 0 and host in state.asylum:
        actions.extend(legal.revoke_actions(state))
    return actions


def _listed(state: Position) -> list[Action]:
    if state.phase == "over":
        return []
    if state.pending:
        decision = state.pending[-1]
        return DECISIONS[decision.kind].listing(state, decision)
    if state.phase == "initiative":
        step, player = "initiative", -1
    else:
        player = state.active()
        step = "move" if state.step == "move" else "tax" if state.tax_stage == 1 else "main"
    actions: list[Action] = []
    for listing in _LISTED[step]:
        actions.extend(listing(state, player))
    return actions


def check(state: Position, action: Action) -> None:
    """Raise IllegalActionError naming the rule when ``action`` is not allowed now."""
    reason = why_not(state, action)
    if reason is not None:
        raise IllegalActionError(action, reason)


def why_not(state: Position, action: Action) -> str | None:
    """Return why ``action`` is not allowed now, or None when it is."""
    move = _find(type(action))
    if move is None:
        return f"{action.VERB!r} is no action of this game (another ruleset's?)"
    if move.when == "any":
        return move.problem(state, action, -1) if move.problem else None
    if state.pending:
        decision = state.pending[-1]
        asked = DECISIONS[decision.kind]
        if move.answer is None or not isinstance(action, asked.accepts):
            who = state.game.player_ids[decision.player]
            return asked.asks.format(who=who, subject=decision.subject, kind=decision.kind.value)
        return move.answer(state, decision, action)
    if state.phase == "initiative":
        if move.when != "initiative":
            return "players are choosing their places in the turn order"
        return move.problem(state, action, -1) if move.problem else None
    player = state.active()
    if state.step == "move":
        if move.when != "move":
            return "armies move first, before the event card (33.4): move them or 'end-movement'"
        return move.problem(state, action, player) if move.problem else None
    if move.when == "move":
        return "armies move only at the start of the turn (33.4)"
    if move.when != "turn" or move.problem is None:
        return f"{action.VERB!r} is not possible now: it is {state.game.player_ids[player]}'s turn"
    if move.tax_block is not None and state.tax_stage == 1:
        return move.tax_block
    return move.problem(state, action, player)


def apply(state: Position, action: Action) -> list[str]:
    """Carry out a checked action and the automatic steps after it; return the effects."""
    effects = state.rng.trace  # rolls and effects in one list, in the order they happen
    move_of(type(action)).effect(state, action, effects)
    sequence.after_action(state, effects)
    return effects


__all__ = ["DECISIONS", "MOVES", "STEPS", "Decision", "Move", "apply", "check", "legal_actions", "move_of"]
