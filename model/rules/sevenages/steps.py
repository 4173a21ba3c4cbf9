"""The actions of the eight steps, one actor at a time (7A facts 2.3, 2.8-2.12; E&N for 7 and 8).

Starting an empire is ``founding``, trade & progress ``trade``, the manoeuvre step ``manoeuvre``.
The actor's progress lives in ``board.ctx``: ``player``, ``slot`` (an empire id or ``slot``) and
``sub``, the decision it waits for. Subs that need no decision (``start_settle``, ``move_settle``)
are run by :func:`resume` once the conflicts they queued are over; ``end`` hands over to the next
actor. The emissary step lives in ``model.rules.sevenages.emissary``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.protocol import Action
from model.rules.sevenages import (
    automatic,
    deck,
    economy,
    emissary,
    events,
    founding,
    manoeuvre,
    neutrals,
    trade,
)
from model.rules.sevenages.actions import Words, act

if TYPE_CHECKING:
    from model.rules.sevenages.state import SevenAgesState

DECISIONS = {
    "start_card", "start_buy", "produce", "trade_partner", "trade_give", "trade_answer", "trade_fund",
    "move",
    "destiny", "civilise", "event", "discard", *emissary.DECISIONS,
}  # fmt: skip


def waiting(state: SevenAgesState) -> bool:
    """Whether the actor must decide now."""
    return state.board.ctx.get("sub") in DECISIONS


def decider(state: SevenAgesState) -> str:
    """Return who decides the current sub-step (the trade partner answers a trade)."""
    ctx = state.board.ctx
    player: str = ctx["answer"] if ctx.get("sub") == "trade_answer" else ctx["player"]
    return player


def begin(state: SevenAgesState, player: str, slot: str, effects: list[str]) -> None:
    """Start an actor's action in the current step."""
    board = state.board
    board.ctx = {"player": player, "slot": slot, "sub": "end"}
    step = board.step
    if step == 1:
        board.ctx["sub"] = "start_card"
    elif step == 2:
        automatic.begin(state, automatic.PRODUCTION, effects)
        economy.collect(state, slot, effects)
        neutrals.automatic_discards(state, effects)
        board.ctx["sub"] = "produce" if slot in board.empires else "end"
    elif step == 3:
        board.ctx["sub"] = "trade_partner"
    elif step == 4:
        board.ctx["sub"] = "move"
    elif step == 5:
        board.ctx["sub"] = "destiny"
    elif step == 6:
        # From the empty slot civilise only plays a card (7A facts 2.11): the event offer below.
        board.ctx["sub"] = "end" if slot == "slot" else "civilise"
    elif step == 7:
        emissary.begin(state, player, slot, effects)
    else:
        board.ctx["sub"] = "discard"


def resume(state: SevenAgesState, effects: list[str]) -> bool:
    """Run an automatic sub-step; return False when the actor is done."""
    ctx = state.board.ctx
    sub = ctx.get("sub")
    if sub == "start_settle":
        founding.settle_start(state, effects)
        return True
    if sub == "move_settle":
        ctx["sub"] = "end"
        return True
    if sub in emissary.AUTO:
        return emissary.resume(state, effects)
    if sub == "end" and "player" in ctx and not ctx.get("event_offered"):
        # 7A facts 2.11 and 3.2: an actor may play one event of this step's action, once a step.
        ctx["event_offered"] = True
        player = ctx["player"]
        if player not in state.board.evented and events.choices(state, player):
            ctx["sub"] = "event"
        return True
    return False


# --- legal actions ---


def legal(state: SevenAgesState) -> list[Action]:
    """Return the actor's choices in the current sub-step."""
    ctx = state.board.ctx
    sub = ctx["sub"]
    player, slot = ctx["player"], ctx["slot"]
    if sub == "start_card":
        return [act("start", c) for c in founding.startable(state, player)] + [act("start", "none")]
    if sub == "start_buy":
        return [*founding.start_buys(state, ctx["empire"]), act("done")]
    if sub == "produce":
        return [*_production_buys(state, slot), act("done")]
    if sub == "trade_partner":
        return [act("trade", e) for e in trade.partners(state, slot)] + [act("trade", "none")]
    if sub == "trade_fund":
        return [act("fund", n) for n in (0, *trade.aid_amounts(state, slot))]
    if sub in ("trade_give", "trade_answer"):
        giver = player if sub == "trade_give" else ctx["answer"]
        return [act("give", c) for c in sorted(set(state.board.players[giver].hand))]
    if sub == "move":
        return [*manoeuvre.moves(state, slot), *manoeuvre.ferries(state, slot), act("done")]
    if sub == "destiny":
        return [act("drop", c) for c in sorted(set(state.board.players[player].hand))] + [act("done")]
    if sub == "civilise":
        return [*_civilise_choices(state, slot), act("done")]
    if sub == "event":
        return [*events.choices(state, player), act("done")]
    if sub == "discard":
        return [act("discard", slot), act("keep")]
    return emissary.legal(state)


def _production_buys(state: SevenAgesState, empire: str) -> list[Action]:
    money = state.board.empires[empire].treasury
    places = economy.placements(state, empire)
    seas = economy.sea_placements(state, places, empire)
    found: list[Action] = []
    for kind in economy.buildable(state, empire, money):
        targets = seas if state.game.rules.units[kind].domain == "sea" else places
        found.extend(act("buy", kind, a) for a in targets)
    if money >= state.game.rules.fort_cost and not economy.barbarian(state, empire):
        found.extend(
            act("fort", a) for a in places if state.game.is_land(a) and not state.board.areas[a].fort
        )
    return found


def _civilise_choices(state: SevenAgesState, empire: str) -> list[Action]:
    if economy.barbarian(state, empire):
        return []
    board, rules = state.board, state.game.rules
    money = board.empires[empire].treasury
    age = state.age_of(empire)
    found: list[Action] = []
    for area in sorted(economy.controlled(state, empire)):
        info = board.areas[area]
        if not state.game.is_land(area) or info.disorder:
            continue
        if info.city == 0 and money >= rules.city_build_cost:
            found.append(act("city", area))
        elif 0 < info.city < min(age, rules.max_city_level) and money >= economy.city_upgrade_cost(
            state, info.city + 1
        ):
            found.append(act("upgrade", area))
    return found


# --- applying ---


def apply(state: SevenAgesState, action: Words, effects: list[str]) -> None:
    """Carry out the actor's decision."""
    board = state.board
    ctx = board.ctx
    sub, verb = ctx["sub"], action.VERB
    player, slot = ctx["player"], ctx["slot"]
    if sub == "start_card":
        founding.start(state, player, action.word(0), effects)
    elif sub in ("start_buy", "produce") and verb in ("buy", "fort"):
        empire = ctx.get("empire", slot)
        founding.buy(state, empire, action, effects)
    elif sub == "start_buy":
        founding.start_done(state, effects)
    elif sub == "produce":
        ctx["sub"] = "end"
    elif sub == "trade_partner":
        trade.choose_partner(state, action.word(0), effects)
    elif sub == "trade_give":
        ctx["card"] = action.word(0)
        ctx["sub"] = "trade_answer"
    elif sub == "trade_answer":
        trade.swap(state, action.word(0), effects)
    elif sub == "trade_fund":
        trade.fund(state, int(action.word(0)), effects)
    elif sub == "move":
        manoeuvre.move(state, slot, action, effects)
    elif sub == "destiny":
        _destiny(state, player, slot, action, effects)
    elif sub == "civilise":
        _civilise(state, slot, action, effects)
    elif sub == "event":
        if verb == "play":
            events.play(state, player, action, effects)
            board.evented.append(player)
        ctx["sub"] = "end"
    elif sub == "discard":
        if verb == "discard":
            neutrals.discard_empire(state, slot, effects, automatic=False)
        ctx["sub"] = "end"
    else:
        emissary.apply(state, action, effects)


def _destiny(state: SevenAgesState, player: str, slot: str, action: Words, effects: list[str]) -> None:
    board = state.board
    hand = board.players[player].hand
    if action.VERB == "drop":
        hand.remove(action.word(0))
        board.discards.append(action.word(0))
        return
    slot_limit, empire_limit, advanced_limit = state.game.rules.hand_limits
    limit = slot_limit
    if slot in board.empires:
        best = max(e.progress for e in board.empires.values())
        limit = advanced_limit if board.empires[slot].progress >= best else empire_limit
    drawn = 0
    while len(hand) < limit:
        card = deck.draw(state)
        if card is None:
            break
        hand.append(card)
        drawn += 1
    effects.append(f"{player} draws {drawn} cards (hand {len(hand)})")
    board.ctx["sub"] = "end"


def _civilise(state: SevenAgesState, empire: str, action: Words, effects: list[str]) -> None:
    board = state.board
    info = board.areas.get(action.word(0)) if action.words else None
    treasury = board.empires[empire]
    if action.VERB == "city" and info is not None:
        treasury.treasury -= state.game.rules.city_build_cost
        info.city, info.owner = state.game.rules.city_build_level, empire
        effects.append(f"{empire} builds a city in {action.word(0)}")
        board.count("cities_built")
    elif action.VERB == "upgrade" and info is not None:
        treasury.treasury -= economy.city_upgrade_cost(state, info.city + 1)
        info.city += 1
        effects.append(f"{empire} raises the city of {action.word(0)} to {info.city}")
        board.count("cities_upgraded")
    # 7A facts 2.15 (HOUSE DEFAULT): civilising lifts the empire's disorder markers.
    for area in economy.controlled(state, empire):
        board.areas[area].disorder = False
    board.ctx["sub"] = "end"
