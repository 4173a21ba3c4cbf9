"""The turn (7A facts 2.1, 2.13; E&N: the new sequence of play): markers, eight steps, end of turn.

0. Set-up (first turn only): the opening bid when the scenario names no first player, then the
   colour sets picked in bid order (``colours``, 7A facts 1).
1. Markers: each player in turn order, starting with the turn-marker holder, puts one action
   marker face down on each of their empires and may put one on the empty slot while below the
   empire maximum; the wild card may take either place (7A facts 2.1, 2.2). The wild card has
   no action yet: at the start of each step whose action it may take, its player says whether
   to use it now (``wild use``, then it reads ``wild:ACTION``) or keep it; a still unused wild
   card may also be revealed for emissary in a meddle window (E&N: Meddle Affairs).
2. Steps 1-8: start, production, trade & progress, manoeuvre, destiny, civilise, emissary,
   discard. In each step the markers of that action are revealed and act one by one in turn
   order (HOUSE DEFAULT: sequential, never simultaneous).
3. End of turn: harvest glory (with capital glory), free progress for every empire without the
   wild card, the game-end check, unused emissary counters returned, the turn marker passes.

Conflicts and meddle windows interrupt a step; they take the decision until they are done.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.protocol import Action, IllegalActionError
from model.rules.rng import Rng
from model.rules.sevenages import automatic, colours, conflict, deck, emissary, glory, steps
from model.rules.sevenages.actions import Words, act
from model.rules.sevenages.state import AreaState, Board, EmpireState, PlayerState, Unit

if TYPE_CHECKING:
    from model.rules.sevenages.game import SevenAgesGame
    from model.rules.sevenages.state import SevenAgesState

STEPS = ("start", "production", "trade", "manoeuvre", "destiny", "civilise", "emissary", "discard")
STEP_NAMES = {i + 1: name for i, name in enumerate(STEPS)}
EMPIRE_ACTIONS = ("production", "trade", "manoeuvre", "destiny", "civilise", "discard")
"""What an action marker on an empire may be (one marker of each action a player); what the empty
slot may take is the progress table's ``slot_actions`` (a HOUSE DEFAULT, 7A facts 2.2)."""


def initial_state(cls: type[SevenAgesState], game: SevenAgesGame, seed: int) -> SevenAgesState:
    """Build the starting board, shuffle the deck, deal the hands (7A facts 3.1 set-up)."""
    rng = Rng(seed)
    holder = game.seats.index(game.first_player) if game.first_player in game.seats else 0
    on_map = {e.id for e in game.start_empires}
    cards = sorted(c for c in game.cards if c not in on_map)
    rng.shuffle(cards)
    players = {p: PlayerState(glory=game.start_glory.get(p, 0)) for p in game.seats}
    hand = game.rules.deal
    for _ in range(hand):
        for p in game.seats:
            if cards:
                players[p].hand.append(cards.pop())
    areas = {
        a: AreaState(s.owner, s.city, s.capital, s.fort, s.disorder)
        if (s := game.start_areas.get(a))
        else AreaState()
        for a in sorted(game.areas)
    }
    units: dict[str, list[Unit]] = {}
    for unit in game.start_units:
        units.setdefault(unit.area, []).extend(
            Unit(unit.owner, unit.kind, unit.level) for _ in range(unit.count)
        )
    for area, stack in units.items():
        owners = {u.owner for u in stack}
        if len(owners) == 1:
            areas[area].owner = next(iter(owners))
    board = Board(
        turn=1,
        holder=holder,
        order=list(game.seats[holder:] + game.seats[:holder]),
        players=players,
        empires={e.id: EmpireState(e.player, e.progress, e.treasury, e.shade) for e in game.start_empires},
        areas=areas,
        units=units,
        deck=cards,
    )
    state = cls(game, board, rng)
    effects: list[str] = []
    begin_turn(state, effects)
    if game.first_player is None:
        # 7A facts 1 set-up: an opening bid decides who holds the turn marker.
        board.phase, board.ctx = "bid", {"i": 0, "bids": {}}
    else:
        # No bid: the colour sets are picked in turn order from the named first player.
        colours.begin(state)
    advance(state, effects)
    return state


def _bid_apply(state: SevenAgesState, action: Words, effects: list[str]) -> None:
    """Record a face-down bid; once all have bid, the highest card goes first (ties: seat order)."""
    board = state.board
    seats = state.game.seats
    player = seats[board.ctx["i"]]
    card = action.word(0)
    board.players[player].hand.remove(card)
    board.discards.append(card)
    board.ctx["bids"][player] = card
    board.ctx["i"] += 1
    if board.ctx["i"] < len(seats):
        return
    bids = board.ctx["bids"]
    values = {p: deck.value(state, bids[p]) for p in seats}
    best = max(seats, key=lambda p: (values[p], -seats.index(p)))
    automatic.begin(state, automatic.OPENING_BID, effects)  # the last bid's player revealed none
    effects.append("bids: " + ", ".join(f"{p} {bids[p]} ({values[p]})" for p in seats))
    effects.append(f"{best} wins the bid and holds the turn marker")
    board.holder = seats.index(best)
    board.order = list(seats[board.holder :] + seats[: board.holder])
    begin_turn(state, effects)
    colours.begin(state)  # 7A facts 1: colour sets are picked in bid order


def begin_turn(state: SevenAgesState, effects: list[str]) -> None:
    """Start a turn at the marker placement (7A facts 2.1)."""
    board = state.board
    board.phase, board.step, board.actors, board.actor = "mark", 0, [], 0
    board.ctx = {"i": 0}
    for player in board.players.values():
        player.markers, player.counters, player.emissary = {}, 0, ""
    for empire in board.empires.values():
        empire.wild = False
    automatic.begin(state, automatic.TURN_START, effects, phase=automatic.TURN_START)
    effects.append(f"turn {board.turn}: {board.order[0]} holds the turn marker")


# --- markers ---


def unmarked(state: SevenAgesState, player: str) -> list[str]:
    """Return the slots a player has still to mark: its empires, then the empty slot if any (7A facts 2.1)."""
    board = state.board
    markers = board.players[player].markers
    slots = [e for e in state.empires_of(player) if e not in markers]
    if "slot" not in markers and len(state.empires_of(player)) < state.game.max_empires(board.order, player):
        slots.append("slot")
    return slots


def marker_choices(state: SevenAgesState, player: str, slot: str) -> list[str]:
    """Return the markers a player may still put on a slot (each action once, one wild card)
    (7A facts 2.1, 2.2)."""
    used = set(state.board.players[player].markers.values())
    wild_used = any(m.startswith("wild") for m in used)
    base = state.game.rules.slot_actions if slot == "slot" else EMPIRE_ACTIONS
    choices = [a for a in base if a not in used]
    if not wild_used:
        choices.append("wild")
    if slot == "slot" or not choices:
        # The empty slot may stay empty; an empire left without a marker (more empires than
        # markers) takes no action this turn.
        choices.append("none")
    return choices


def _mark_legal(state: SevenAgesState) -> list[Action]:
    player = state.board.order[state.board.ctx["i"]]
    slot = unmarked(state, player)[0]
    return [act("mark", slot, choice) for choice in marker_choices(state, player, slot)]


def _mark_apply(state: SevenAgesState, action: Words) -> None:
    player = state.board.order[state.board.ctx["i"]]
    slot, choice = action.word(0), action.word(1)
    state.board.players[player].markers[slot] = choice
    if choice == "wild" and slot != "slot":
        state.board.empires[slot].wild = True


# --- who decides, what is legal, applying ---


def _part(state: SevenAgesState) -> str:
    """Which part of the turn holds the decision, first match first: an open meddle window, the
    conflict under way, the choice of the next conflict, the marker placement (``mark``), the
    opening bid, the colour-set pick, the wild card question, else the step's actor (``step``)."""
    board = state.board
    if board.window is not None:
        return "window"
    if board.conflict is not None:
        return "conflict"
    if conflict.order_pending(state):
        return "order"
    if board.phase in ("mark", "bid", colours.PHASE):
        return board.phase
    if board.ctx.get("sub") == "wild":
        return "wild"
    return "step"


def decider(state: SevenAgesState) -> str | None:
    """Return who must act now."""
    board = state.board
    match _part(state):
        case "window":
            return emissary.window_decider(state)
        case "conflict":
            return conflict.decider(state)
        case "order":
            return board.chooser
        case "mark":
            return str(board.order[board.ctx["i"]])
        case "bid":
            return state.game.seats[int(board.ctx["i"])]
        case colours.PHASE:
            return colours.picker(state)
        case "wild":
            return str(board.ctx["queue"][0])
    return steps.decider(state)


def legal(state: SevenAgesState) -> list[Action]:
    """Return the current player's legal actions."""
    board = state.board
    match _part(state):
        case "window":
            return emissary.window_legal(state)
        case "conflict":
            return conflict.legal(state)
        case "order":
            return [act("fight", area) for area in board.conflicts]
        case "mark":
            return _mark_legal(state)
        case "bid":
            hand = board.players[state.game.seats[board.ctx["i"]]].hand
            return [act("bid", card) for card in sorted(set(hand))]
        case colours.PHASE:
            return colours.legal(state)
        case "wild":
            return [act("wild", "use"), act("wild", "keep")]
    return steps.legal(state)


def apply(state: SevenAgesState, action: Action) -> list[str]:
    """Carry out a checked action and everything automatic after it."""
    if not isinstance(action, Words):
        raise IllegalActionError(action, "not a 7 Ages action")
    effects: list[str] = []
    match _part(state):
        case "window":
            emissary.window_apply(state, action, effects)
        case "conflict":
            conflict.apply(state, action, effects)
        case "order":
            conflict.begin(state, action.word(0), effects)
        case "mark":
            _mark_apply(state, action)
        case "bid":
            _bid_apply(state, action, effects)
        case colours.PHASE:
            colours.apply(state, action, effects)
        case "wild":
            wild_apply(state, action, effects)
        case _:
            steps.apply(state, action, effects)
    advance(state, effects)
    return effects


def advance(state: SevenAgesState, effects: list[str]) -> None:
    """Run every automatic part of the turn until a player must decide or the game is over."""
    board = state.board
    while not board.over:
        if board.window is not None:
            return
        if board.conflict is not None:
            return
        if board.conflicts:
            if conflict.order_pending(state):
                return
            conflict.begin(state, board.conflicts[0], effects)
            continue
        board.chooser = None
        if board.phase in ("bid", colours.PHASE):
            return
        if board.phase == "mark":
            if _marking_done(state):
                begin_step(state, 1, effects)
                continue
            return
        if steps.waiting(state) or board.ctx.get("sub") == "wild":
            return
        if not steps.resume(state, effects):
            _next_actor(state, effects)


def _marking_done(state: SevenAgesState) -> bool:
    board = state.board
    while board.ctx["i"] < len(board.order):
        if unmarked(state, board.order[board.ctx["i"]]):
            return False
        board.ctx["i"] += 1
    return True


def wild_allows(state: SevenAgesState, slot: str, action: str) -> bool:
    """Whether a wild card on ``slot`` may stand for ``action`` (7A facts 2.2 HOUSE DEFAULT)."""
    if action == "emissary":
        return state.game.emissaries and (slot == "slot" or slot in state.board.empires)
    if slot == "slot":
        return action in state.game.rules.slot_actions
    return action in EMPIRE_ACTIONS and slot in state.board.empires


def unused_wild(state: SevenAgesState, player: str) -> str | None:
    """Return where the player's wild card lies while it is still unused (None: none)."""
    for slot, marker in state.board.players[player].markers.items():
        if marker == "wild":
            return slot
    return None


def begin_step(state: SevenAgesState, step: int, effects: list[str]) -> None:
    """Start a step: first ask who turns an unused wild card to this action, then list the actors."""
    board = state.board
    board.phase, board.step, board.actor = "step", step, -1
    board.evented = []
    name = STEPS[step - 1]
    queue = []
    for player in board.order:
        slot = unused_wild(state, player)
        if slot is not None and wild_allows(state, slot, name):
            queue.append(player)
    board.ctx = {"sub": "wild", "queue": queue}
    if not queue:
        list_actors(state)


def wild_apply(state: SevenAgesState, action: Words, effects: list[str]) -> None:
    """The asked player uses the wild card for this step's action, or keeps it."""
    board = state.board
    player = board.ctx["queue"].pop(0)
    if action.word(0) == "use":
        slot = unused_wild(state, player)
        assert slot is not None
        board.players[player].markers[slot] = f"wild:{STEPS[board.step - 1]}"
        effects.append(f"{player} turns the wild card on {slot} to {STEPS[board.step - 1]}")
    if not board.ctx["queue"]:
        list_actors(state)


def list_actors(state: SevenAgesState) -> None:
    """List the step's actors: its markers, in turn order, each player's empires then the slot
    (7A facts 2.1)."""
    board = state.board
    name = STEPS[board.step - 1]
    board.actors = []
    for player in board.order:
        markers = board.players[player].markers
        for slot in [*state.empires_of(player), "slot"]:
            marker = markers.get(slot, "none")
            if marker.removeprefix("wild:") == name:
                board.actors.append([player, slot])
    board.ctx = {"sub": "end"}


def _next_actor(state: SevenAgesState, effects: list[str]) -> None:
    """The current actor is done: hand the step to the next, or go on to the next step."""
    board = state.board
    while True:
        board.actor += 1
        if board.actor >= len(board.actors):
            if board.step == STEPS.index("emissary") + 1 and board.advised:
                # Military advisors' conflicts left for the end of the emissary step.
                emissary.advised_conflicts(state, None)
                board.actor -= 1
                return
            if board.step < len(STEPS):
                # advance() goes on: the wild card question, or the new step's first actor.
                begin_step(state, board.step + 1, effects)
                return
            end_turn(state, effects)
            return
        player, slot = board.actors[board.actor]
        if slot != "slot" and slot not in board.empires:
            continue  # the empire was discarded earlier this turn
        marker = board.players[player].markers.get(slot, "none")
        # A turned wild card is kept as "wild:ACTION"; the log says it in words.
        shown = f"the wild card for {marker.removeprefix('wild:')}" if marker.startswith("wild:") else marker
        # The rules turn up the next marker, not the player whose action ended the last actor's.
        automatic.begin(state, automatic.MARKERS, effects)
        effects.append(f"{player} reveals {shown} on {slot}")
        steps.begin(state, player, slot, effects)
        return


def end_turn(state: SevenAgesState, effects: list[str]) -> None:
    """End of turn (7A facts 2.13 order, HOUSE DEFAULT)."""
    board = state.board
    automatic.begin(state, automatic.END_OF_TURN, effects, phase=automatic.END_OF_TURN)
    glory.harvest(state, effects)
    rules = state.game.rules
    for empire in board.empires.values():
        if not empire.wild:  # 7A facts 2.2: the wild card costs the free progress
            empire.progress += rules.free_progress
    ended = any(e.progress > rules.progress_limit for e in board.empires.values())
    limit = state.game.turn_limit
    if ended or (limit is not None and board.turn >= limit):
        board.over = True
        effects.append(
            "the game ends: " + ", ".join(f"{p} {board.players[p].glory}" for p in state.game.seats)
        )
        return
    for player in board.players.values():
        player.counters = 0  # E&N: unused counters are returned at the end of the turn
    board.holder = (board.holder + 1) % len(state.game.seats)
    seats = state.game.seats
    board.order = list(seats[board.holder :] + seats[: board.holder])
    board.turn += 1
    begin_turn(state, effects)
