"""The emissary step (E&N: Emissary Action, Arms Sales, Military Advisors, Peace Mission,
Economic Aid, Meddle Affairs).

Only the wild card gives it: 4 counters when the wild card lies on an empire, 3 as an additional
action. The actor declares initiatives in the fixed order arms sales, military advisors, peace
mission, economic aid, each at most once and each for one counter; a counter not spent on its own
initiatives stays in hand to meddle with the other players' initiatives this step.

Meddle windows (7A facts 3.3, HOUSE DEFAULT): after each declared initiative (its targets named)
and after each stack that military advisors move, every other player who can meddle is asked in
turn order from the actor: ``meddle``, ``meddle reveal`` (turn up a wild card still unused, or
turned to emissary by a player who has not acted yet, take its counters and spend one at once),
or ``pass``. The first meddle cancels the initiative; a meddle itself cannot be cancelled. A
cancelled arms sale is refunded; a cancelled stack move goes back to its origin and the advisors
stop.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from model.rules.protocol import Action
from model.rules.sevenages import automatic, conflict, economy, initiatives, movement, neutrals
from model.rules.sevenages.actions import Words, act
from model.rules.sevenages.game import NEUTRAL
from model.rules.sevenages.state import Unit

if TYPE_CHECKING:
    from model.rules.sevenages.state import SevenAgesState

INITIATIVES = ("arms", "advisors", "peace", "aid")
"""E&N: the initiatives in their compulsory order."""
DECISIONS = {"initiative", "pick2", "send"}
AUTO = {"advisors_settle"}


def counters_for(state: SevenAgesState, slot: str) -> int:
    """Return the counters a wild card gives: on an empire or as an additional action (E&N)."""
    rules = state.game.rules
    return rules.counters_additional if slot == "slot" else rules.counters_on_empire


def wild_slot(state: SevenAgesState, player: str) -> str | None:
    """Return where the player's wild card for emissary lies: turned to emissary, or still unused
    and able to take it (None: it has none)."""
    from model.rules.sevenages.sequence import unused_wild, wild_allows

    for slot, marker in state.board.players[player].markers.items():
        if marker == "wild:emissary":
            return slot
    unused = unused_wild(state, player)
    return unused if unused is not None and wild_allows(state, unused, "emissary") else None


def can_reveal(state: SevenAgesState, player: str) -> bool:
    """Whether the player still holds an unrevealed wild card for emissary (E&N: Meddle Affairs)."""
    return state.board.players[player].emissary == "" and wild_slot(state, player) is not None


def reveal(state: SevenAgesState, player: str, effects: list[str]) -> None:
    """Turn the player's emissary wild card up and hand out its counters (E&N: Emissary Action)."""
    slot = wild_slot(state, player)
    assert slot is not None
    board = state.board
    data = board.players[player]
    if data.markers[slot] == "wild":
        # An unused wild card revealed early becomes this turn's emissary action; its player
        # still acts in this step if his turn in the order has not passed.
        data.markers[slot] = "wild:emissary"
        if board.phase == "step" and board.step == 7 and 0 <= board.actor < len(board.actors):
            order = board.order
            current = order.index(board.actors[board.actor][0])
            if order.index(player) > current:
                later = [
                    i
                    for i in range(board.actor + 1, len(board.actors))
                    if order.index(board.actors[i][0]) > order.index(player)
                ]
                board.actors.insert(later[0] if later else len(board.actors), [player, slot])
    data.counters = counters_for(state, slot)
    data.emissary = "revealed"
    where = "as an additional action" if slot == "slot" else f"on {slot}"
    effects.append(f"{player} reveals the wild card {where} for emissary: {data.counters} counters")


def begin(state: SevenAgesState, player: str, slot: str, effects: list[str]) -> None:
    """Start a player's own emissary action (E&N: Emissary Action)."""
    data = state.board.players[player]
    if data.emissary == "":
        reveal(state, player, effects)
    data.emissary = "acting"
    state.board.ctx.update(sub="initiative", next=0)


# --- targets ---


def neutral_areas(state: SevenAgesState) -> list[str]:
    """Return the neutral areas: neutral units and no empire units (vacated areas excluded)
    (E&N: Neutral Units and Areas)."""
    return sorted(a for a in state.board.units if state.is_neutral_area(a))


def _arms_firsts(state: SevenAgesState, empire: str) -> list[Action]:
    if empire not in state.board.empires:
        return []
    rules = state.game.rules
    money = state.board.empires[empire].treasury
    # One search to the modernise range (a multiple, at least 1, of the range): its first steps
    # are the search to the range itself, so an area within range is one reached in that many.
    far = movement.in_range(state, empire, rules.modernise_factor)
    limit = rules.range_of(state.board.empires[empire].progress)
    found: list[Action] = []
    areas = neutral_areas(state)
    targets = [a for a in areas if far.get(a, limit + 1) <= limit]
    for kind in economy.buildable(state, empire, money):
        found.extend(act("arms", a, "unit", kind) for a in targets if economy.domain_ok(state, kind, a))
    if money >= rules.fort_cost and not economy.barbarian(state, empire):
        found.extend(
            act("arms", a, "fort") for a in targets if state.game.is_land(a) and not state.board.areas[a].fort
        )
    found.extend(act("arms", a, "modernise") for a in areas if a in far)
    return found


def _advisor_areas(state: SevenAgesState) -> list[str]:
    # An origin is never vacated, so only an area with two neutral units or more can send any.
    return [a for a in neutral_areas(state) if len(state.units_of(NEUTRAL, a)) >= 2]


def firsts(state: SevenAgesState) -> list[Action]:
    """Return the first picks of every initiative the actor may still declare."""
    ctx = state.board.ctx
    if state.board.players[ctx["player"]].counters <= 0:
        return []
    rules = state.game.rules
    # E&N: Arms Sales only by an empire, i.e. with the wild card on an empire (the table's lists).
    allowed = rules.initiatives_additional if ctx["slot"] == "slot" else rules.initiatives_on_empire
    found: list[Action] = []
    for index in range(ctx["next"], len(INITIATIVES)):
        kind = INITIATIVES[index]
        if kind not in allowed:
            continue
        if kind == "arms":
            found.extend(_arms_firsts(state, ctx["slot"]))
        elif kind == "advisors":
            found.extend(act("advisors", a) for a in _advisor_areas(state))
        elif kind == "peace":
            found.extend(act("peace", a) for a in neutral_areas(state))
        else:
            for area in neutral_areas(state):
                found.extend((act("aid", area, "unit"), act("aid", area, "city")))
    return found


def _picked(ctx: dict[str, object]) -> set[str]:
    picks = ctx["picks"]
    assert isinstance(picks, list)
    return {p[0] for p in picks}  # every initiative names its area first


def seconds(state: SevenAgesState) -> list[Action]:
    """Return the further picks of the initiative being declared (other areas; a peace mission
    may remove twice in one area), and ``done`` to stop short (not after a first peace pick)."""
    ctx = state.board.ctx
    kind = ctx["kind"]
    taken = _picked(ctx)
    if kind == "arms":
        far = movement.in_range(state, ctx["slot"], state.game.rules.modernise_factor)
        areas = [a for a in neutral_areas(state) if a in far and a not in taken]
        return [act("arms", a, "modernise") for a in areas] + [act("done")]
    if kind == "advisors":
        return [act("advisors", a) for a in _advisor_areas(state) if a not in taken] + [act("done")]
    if kind == "peace":
        return [act("peace", a) for a in neutral_areas(state)]
    found: list[Action] = []
    for area in neutral_areas(state):
        if area not in taken:
            found.extend((act("aid", area, "unit"), act("aid", area, "city")))
    return [*found, act("done")]


def sends(state: SevenAgesState) -> list[Action]:
    """Return the stack moves of military advisors: only from the two picked areas, never emptying one
    (E&N: Military Advisors)."""
    found: list[Action] = []
    for origin in state.board.ctx["origins"]:
        here = state.units_of(NEUTRAL, origin)
        spare = len(here) - 1
        fresh = Counter((u.kind, u.level) for u in here if not u.used)
        for (kind, level), count in sorted(fresh.items()):
            if state.game.rules.units[kind].move <= 0:
                continue
            for target in sorted(movement.destinations(state, NEUTRAL, kind, origin)):
                for n in range(1, min(count, spare) + 1):
                    found.append(act("send", origin, target, kind, level, n))
    return [*found, act("done")]


def legal(state: SevenAgesState) -> list[Action]:
    """Return the actor's emissary choices."""
    sub = state.board.ctx["sub"]
    if sub == "initiative":
        return [*firsts(state), act("finish")]
    if sub == "pick2":
        return seconds(state)
    return sends(state)


# --- applying ---


def apply(state: SevenAgesState, action: Words, effects: list[str]) -> None:
    """Carry out the actor's emissary decision."""
    board = state.board
    ctx = board.ctx
    player = ctx["player"]
    if action.VERB == "finish":
        board.players[player].emissary = "done"
        effects.append(f"{player} ends the emissary action with {board.players[player].counters} counters")
        ctx["sub"] = "end"
        return
    if ctx["sub"] == "send":
        _send(state, action, effects)
        return
    if ctx["sub"] == "initiative":
        kind = action.VERB
        board.players[player].counters -= 1
        ctx.update(next=INITIATIVES.index(kind) + 1, kind=kind, picks=[list(action.words)], paid=0)
        board.count(f"emissary_{kind}")
        if kind == "arms" and action.word(1) in ("unit", "fort"):
            _pay(state, action, effects)
            _open(state, "initiative", effects)
            return
        if state.game.rules.picks[kind] > 1:
            ctx["sub"] = "pick2"
            return
        _open(state, "initiative", effects)
        return
    # A further pick (or "done").
    done = action.VERB == "done"
    if not done:
        ctx["picks"].append(list(action.words))
    if done or len(ctx["picks"]) >= state.game.rules.picks[ctx["kind"]]:
        _open(state, "initiative", effects)


def _pay(state: SevenAgesState, action: Words, effects: list[str]) -> None:
    """Arms sales are paid from the empire's treasury like its own production (E&N)."""
    ctx = state.board.ctx
    rules = state.game.rules
    cost = rules.fort_cost if action.word(1) == "fort" else rules.units[action.word(2)].cost
    state.board.empires[ctx["slot"]].treasury -= cost
    ctx["paid"] = cost
    effects.append(f"{ctx['slot']} pays {cost} for arms sales")


def _describe(ctx: dict[str, object]) -> str:
    picks = ctx["picks"]
    assert isinstance(picks, list)
    return f"{ctx['kind']} " + "; ".join(" ".join(p) for p in picks)


def _open(state: SevenAgesState, what: str, effects: list[str]) -> None:
    """Open a meddle window on what the actor just did (declared, or a stack moved)."""
    board = state.board
    actor = board.ctx["player"]
    if what == "initiative":
        effects.append(f"{actor} declares {_describe(board.ctx)}")
        board.ctx["sub"] = "declared"
    order = board.order
    start = order.index(actor)
    others = [order[(start + i) % len(order)] for i in range(1, len(order))]
    queue = [p for p in others if board.players[p].counters > 0 or can_reveal(state, p)]
    windows = state.game.rules.meddle_windows
    if (what == "initiative" and "declared" not in windows) or (
        what == "send" and "advisor_stack_moved" not in windows
    ):
        queue = []
    board.window = {"actor": actor, "what": what, "queue": queue}
    if not queue:
        _close(state, False, effects)


def window_decider(state: SevenAgesState) -> str:
    """Return who is asked in the open meddle window."""
    assert state.board.window is not None
    player: str = state.board.window["queue"][0]
    return player


def window_legal(state: SevenAgesState) -> list[Action]:
    """Return ``meddle`` (with counters), ``meddle reveal`` (with an unrevealed wild card), ``pass``
    (E&N: Meddle Affairs)."""
    player = window_decider(state)
    found: list[Action] = []
    if state.board.players[player].counters > 0:
        found.append(act("meddle"))
    elif can_reveal(state, player):
        found.append(act("meddle", "reveal"))
    return [*found, act("pass")]


def window_apply(state: SevenAgesState, action: Words, effects: list[str]) -> None:
    """A player meddles (and the window closes) or passes (and the next one is asked)
    (E&N: Meddle Affairs)."""
    window = state.board.window
    assert window is not None
    player = window["queue"].pop(0)
    if action.VERB == "pass":
        if not window["queue"]:
            _close(state, False, effects)
        return
    if action.word(0) == "reveal":
        reveal(state, player, effects)
    state.board.players[player].counters -= 1
    state.board.count("meddles")
    effects.append(f"{player} meddles ({state.board.players[player].counters} counters left)")
    _close(state, True, effects)


def _close(state: SevenAgesState, cancelled: bool, effects: list[str]) -> None:
    board = state.board
    window = board.window
    assert window is not None
    board.window = None
    ctx = board.ctx
    if window["what"] == "send":
        if cancelled:
            _send_back(state, effects)
            board.count("cancelled_initiatives")
            ctx["sub"] = "advisors_settle"
        else:
            ctx["sub"] = "send"
        return
    if cancelled:
        effects.append(f"{ctx['kind']} of {ctx['player']} is cancelled")
        board.count("cancelled_initiatives")
        if ctx.get("paid"):
            # E&N: Meddle Affairs: money spent on a prevented arms sale is refunded.
            board.empires[ctx["slot"]].treasury += ctx["paid"]
            effects.append(f"{ctx['slot']} is refunded {ctx['paid']}")
            board.count("arms_refunds")
        ctx["sub"] = "initiative"
        return
    # Nobody meddled: the rules carry the initiative out, not the player who passed last.
    automatic.begin(state, automatic.EMISSARY, effects)
    _execute(state, effects)


def _execute(state: SevenAgesState, effects: list[str]) -> None:
    ctx = state.board.ctx
    kind, picks = ctx["kind"], ctx["picks"]
    ctx["sub"] = "initiative"
    if kind == "arms":
        initiatives.arms_sale(state, ctx["slot"], picks, effects)
    elif kind == "advisors":
        origins = [p[0] for p in picks]
        for origin in origins:
            neutrals.reveal(state, origin, effects)
        ctx.update(sub="send", origins=origins)
    elif kind == "peace":
        for pick in picks:
            initiatives.peace_mission(state, pick[0], effects)
    else:
        for pick in picks:
            initiatives.economic_aid(state, pick[0], pick[1], effects)


def _send(state: SevenAgesState, action: Words, effects: list[str]) -> None:
    board = state.board
    ctx = board.ctx
    if action.VERB == "done":
        ctx["sub"] = "advisors_settle"
        return
    origin, target, kind, level, count = action.words
    n, lv = int(count), int(level)
    fresh = not state.units_of(NEUTRAL, target)
    for _ in range(n):
        state.take(origin, Unit(NEUTRAL, kind, lv))
        state.put(target, Unit(NEUTRAL, kind, lv, True))
    if fresh:
        board.areas[target].revealed = True
    empires = [s for s in state.sides(target) if s != NEUTRAL]
    if empires:
        board.advised[target] = ctx["player"]
        board.entries.setdefault(target, []).append(origin)
    else:
        neutrals.change_hands(state, target, NEUTRAL, effects, fought=False)
    ctx["last"] = [origin, target, kind, lv, n]
    effects.append(f"advisors move {n} neutral {kind}({lv}) from {origin} to {target}")
    board.count("advisor_moves")
    _open(state, "send", effects)


def _send_back(state: SevenAgesState, effects: list[str]) -> None:
    """A meddled stack goes back to the area it started from (E&N: Meddle Affairs)."""
    board = state.board
    origin, target, kind, level, n = board.ctx["last"]
    for _ in range(n):
        state.take(target, Unit(NEUTRAL, kind, level, True))
        state.put(origin, Unit(NEUTRAL, kind, level, True))
    if not state.units_of(NEUTRAL, target):
        board.advised.pop(target, None)
        entries = board.entries.get(target)
        if entries and origin in entries:
            entries.remove(origin)
    effects.append(f"the neutral stack goes back to {origin}")


def resume(state: SevenAgesState, effects: list[str]) -> bool:
    """After military advisors: moved units are fresh again, and their conflicts are fought."""
    board = state.board
    board.units.update(
        {
            a: [u._replace(used=False) if u.used else u for u in s]
            for a, s in board.units.items()
            if any(u.used for u in s)
        }
    )
    board.ctx["sub"] = "initiative"
    if state.game.rules.advisor_conflict == "end_of_initiative":
        advised_conflicts(state, board.ctx["player"])
    return True


def advised_conflicts(state: SevenAgesState, chooser: str | None) -> None:
    """Queue the conflicts of neutrals sent into empire areas (7A facts 3.3: at the end of the
    initiative, or with ``advisor_conflict`` = end_of_step once the emissary step is over)."""
    board = state.board
    fights = sorted(a for a in board.advised if len(state.sides(a)) > 1)
    for area in list(board.advised):
        if area not in fights:
            del board.advised[area]
    conflict.queue(state, fights, chooser)
