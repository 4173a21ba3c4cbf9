"""The pending decision in plain words, as every player may see it (7A facts 3.4; the view's
``decision_about``).

:func:`decision_about` reads the public board (the open meddle window, the conflict under way,
the conflict order, the bid, the marker placement, the actor's sub-step) and returns
``{kind, player, about, areas, text}``: the kind of decision, who takes it, what it concerns
(ids or a few words), the areas it concerns and one sentence with names and the rule. It never
reads a hand, a face-down marker or a face-down neutral stack. Decisions whose choices lie on the
map (buying, moving, building, playing an event) return None: the play-tester clicks an area to
see them. Sending the advisors' stacks has a sentence: the player must know the listed moves are
the advisors' and that ``done`` ends them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from model.rules.sevenages.game import NEUTRAL

if TYPE_CHECKING:
    from model.rules.sevenages.state import SevenAgesState

QUESTIONS: dict[str, tuple[str, str]] = {
    "bid": ("bids a card face down for the turn marker; the highest value goes first", "7A facts 1"),
    "colours": ("picks a colour set, in bid order ({about} left)", "7A facts 1"),
    "mark": (
        "marks {about} face down: an action or the wild card (emissary needs it)",
        "7A facts 2.1, 2.2; E&N: Emissary Action",
    ),
    "wild": ("may turn the unused wild card to {about} now, or keep it for a later step", "7A facts 2.2"),
    "start_card": ("may start an empire from a card in hand that starts in {about}, or none", "7A facts 2.3"),
    "trade_partner": ("picks a trade partner for {about} within range, or none", "7A facts 2.9"),
    "trade_give": ("gives a card to the trade partner {about}, face down", "7A facts 2.9"),
    "trade_answer": ("answers the trade offer of {about} with a card, face down", "7A facts 2.9"),
    "trade_fund": ("may give the trade partner {about} money as financial aid, or none", "7A facts 2.9"),
    "destiny": ("may drop cards before drawing", "7A facts 2.10"),
    "discard": ("may discard {about} or keep it", "E&N: Discarding Empires"),
    "initiative": (
        "declares an initiative ({about}): arms sales, advisors, peace mission, aid, in this "
        "order, or finishes",
        "E&N: Emissary Action",
    ),
    "send": (
        "moves neutral stacks from {areas} with the military advisors, or is done",
        "E&N: Military Advisors",
    ),
    "pick2": ("names the second area of the {about}, or none", "E&N: Emissary Action"),
    "order": ("chooses which conflict to resolve next: {areas}", "7A facts 2.7"),
    "commit": ("commits {about} in {area}", "7A facts 2.7"),
    "commit_neutral": (
        "controls the neutrals in {area} for this conflict and commits them",
        "E&N: Conflict; 7A facts 2.7",
    ),
    "retreat": ("may retreat {about} from {area} or stay", "7A facts 2.7"),
    "retreat_neutral": (
        "controls the neutrals in {area} and may retreat them into a neutral area or stay",
        "E&N: Conflict",
    ),
    "meddle": (
        "may meddle with {about} in {areas} (one counter) or pass",
        "E&N: Meddle Affairs",
    ),
    "meddle_reveal": (
        "may turn up the wild card to meddle with {about} in {areas}, or pass",
        "E&N: Meddle Affairs",
    ),
}
"""Decision kind -> (what the deciding player is asked, the rule); ``{about}``, ``{area}`` and
``{areas}`` are filled from the decision. Short on purpose: the play-test panel shows a sentence
in three lines of a narrow dock, so each says what is asked and leaves the detail to the rule."""

INITIATIVE_NAMES = {
    "arms": "arms sales",
    "advisors": "military advisors",
    "peace": "peace mission",
    "aid": "economic aid",
}
"""E&N initiative ids (the action verbs) -> their names in the rules."""

STEP_KINDS = {
    "start_card", "trade_partner", "trade_give", "trade_answer", "trade_fund", "destiny", "discard",
}  # fmt: skip
"""Sub-steps worded as a decision (the others' choices lie on the map)."""


def _named(word: str, names: Mapping[str, str]) -> str:
    if word == NEUTRAL:
        return "the neutrals"
    if word == "slot":
        return "the empty slot"
    return names.get(word, word.replace("_", " "))


def describe(decision: Mapping[str, Any], player: str, names: Mapping[str, str]) -> str:
    """Return one sentence for a pending decision: who decides, what about, under which rule.

    ``decision``: ``kind``, ``about`` (ids or a short text of ids) and ``areas``; ``player`` the
    deciding player's name; ``names`` maps ids (areas, empires, players) to names.
    """
    kind = str(decision.get("kind", ""))
    about = " ".join(_named(word, names) for word in str(decision.get("about") or "").split())
    named = [_named(a, names) for a in decision.get("areas") or []]
    # A peace mission may pick the same area twice (E&N: Peace Mission): name it once, "twice".
    areas = [a if named.count(a) == 1 else f"{a} twice" for a in dict.fromkeys(named)]
    if kind not in QUESTIONS:
        return f"{player} must decide ({kind}){f' about {about}' if about else ''}."
    question, rule = QUESTIONS[kind]
    sentence = question.format(
        about=about or "it", area=areas[0] if areas else "the area", areas=", ".join(areas) or "none"
    )
    return f"{player} {sentence} ({rule})."


def _initiative(ctx: Mapping[str, Any], names: Mapping[str, str]) -> tuple[str, list[str]]:
    """The declared initiative in words ("Ann's peace mission") and the areas its picks name."""
    kind = str(ctx.get("kind", ""))
    # Every initiative names its area first (model.rules.sevenages.actions).
    areas = [str(pick[0]) for pick in ctx.get("picks") or [] if pick]
    actor = str(ctx.get("player", ""))
    return f"{names.get(actor, actor)}'s {INITIATIVE_NAMES.get(kind, kind)}", areas


def _window(state: SevenAgesState, names: Mapping[str, str]) -> dict[str, Any]:
    board = state.board
    window = board.window
    assert window is not None
    counters = board.players[window["queue"][0]].counters
    if window["what"] == "send":
        last = board.ctx.get("last") or []
        actor = str(board.ctx.get("player", ""))
        about = f"{names.get(actor, actor)}'s advisors' move"
        areas = [str(a) for a in last[:2]]
    else:
        about, areas = _initiative(board.ctx, names)
    return {"kind": "meddle" if counters > 0 else "meddle_reveal", "about": about, "areas": areas}


def _conflict(state: SevenAgesState) -> dict[str, Any]:
    running = state.board.conflict
    assert running is not None
    what, side = running["await"]
    kind = f"{what}_neutral" if side == NEUTRAL else str(what)
    return {"kind": kind, "about": side, "areas": [running["area"]]}


def _pending(state: SevenAgesState, names: Mapping[str, str]) -> dict[str, Any] | None:
    """The decision without its player and sentence (None: a map choice)."""
    from model.rules.sevenages.founding import current_age
    from model.rules.sevenages.sequence import STEPS, unmarked

    board = state.board
    if board.window is not None and board.window.get("queue"):
        return _window(state, names)
    if board.conflict is not None and board.conflict.get("await"):
        return _conflict(state)
    if board.conflict is None and board.chooser is not None and len(board.conflicts) > 1:
        return {"kind": "order", "about": "", "areas": list(board.conflicts)}
    if board.phase == "bid":
        return {"kind": "bid", "about": "", "areas": []}
    if board.phase == "colours":
        from model.rules.sevenages.colours import pool

        left = ", ".join(f"{n} {shade}" for shade, n in pool(state).items())
        return {"kind": "colours", "about": left, "areas": []}
    if board.phase == "mark":
        slots = unmarked(state, board.order[board.ctx["i"]])
        return {"kind": "mark", "about": slots[0] if slots else "", "areas": []}
    ctx = board.ctx
    sub = ctx.get("sub")
    if sub == "wild" and ctx.get("queue"):
        # Which slot holds the wild card stays face down: the decision names the step only.
        return {"kind": "wild", "about": STEPS[board.step - 1], "areas": []}
    if sub == "start_card":
        # The current age is public; it says why a hand may offer nothing to start.
        age = current_age(state)
        return {"kind": sub, "about": f"age {age}" if age else "any age", "areas": []}
    if sub in STEP_KINDS:
        about = {
            "trade_partner": ctx.get("slot"),
            "trade_give": ctx.get("partner"),
            "trade_answer": ctx.get("slot"),
            "trade_fund": ctx.get("partner"),
            "discard": ctx.get("slot"),
        }.get(str(sub), "")
        return {"kind": sub, "about": about or "", "areas": []}
    if sub == "initiative":
        counters = board.players[ctx["player"]].counters
        left = f"{counters} counter{'' if counters == 1 else 's'} left"
        return {"kind": "initiative", "about": left, "areas": []}
    if sub == "send":
        # The advisors' stacks move one by one; naming their areas tells the player what the
        # listed moves are for and lights those areas on the map (E&N: Military Advisors).
        return {"kind": "send", "about": "", "areas": [str(a) for a in ctx.get("origins") or []]}
    if sub == "pick2":
        kind = str(ctx.get("kind", ""))
        _about, areas = _initiative(ctx, names)
        return {"kind": "pick2", "about": INITIATIVE_NAMES.get(kind, kind), "areas": areas}
    return None


def decision_about(state: SevenAgesState) -> dict[str, Any] | None:
    """Return the pending decision as ``{kind, player, about, areas, text}`` (None: a choice on
    the map, or the game is over); only what every player may see."""
    if state.board.over:
        return None
    names = state.game.names
    found = _pending(state, names)
    player = state.current_player()
    if found is None or player is None:
        return None
    found["player"] = player
    found["text"] = describe(found, names.get(player, player), names)
    return found
