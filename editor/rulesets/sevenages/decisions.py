"""7 Ages decision points in words: who decides what, under which rule (7A facts 3.4).

:func:`describe` is the editor part's ``decision``: it words a pending decision given as
``{kind, about, areas, ...}`` (the shape of a view's ``decision_about``). :func:`decision_about`
builds that from a state's public board (the open meddle window, the conflict under way, the
marker placement, the actor's sub-step): the engine's ``view()`` does not hold it yet, and the
play-test only words a decision the view names, so the engine may take this function over.

Decisions whose choices lie on the map (buying, moving, building, sending advisors' stacks) have
no sentence: the play-tester clicks an area to see them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

NEUTRAL = "neutral"

QUESTIONS: dict[str, tuple[str, str]] = {
    "bid": ("bids a card face down for the turn marker; the highest value goes first", "7A facts 1"),
    "mark": (
        "puts an action marker face down on {about}; the wild card may stand for any action, "
        "and only the wild card gives the emissary action",
        "7A facts 2.1, 2.2; E&N: Emissary Action",
    ),
    "wild": (
        "may turn the unused wild card to {about} now, or keep it for a later step",
        "7A facts 2.2",
    ),
    "start_card": ("may start an empire from a card in hand, or none", "7A facts 2.3"),
    "trade_partner": ("picks a trade partner for {about} within range, or none", "7A facts 2.9"),
    "trade_give": ("gives a card to the trade partner {about}, face down", "7A facts 2.9"),
    "trade_answer": ("answers the trade offer of {about} with a card, face down", "7A facts 2.9"),
    "destiny": ("may drop cards before drawing", "7A facts 2.10"),
    "discard": ("may discard {about} or keep it", "E&N: Discarding Empires"),
    "initiative": (
        "declares the next emissary initiative ({about}), in the order arms sales, military "
        "advisors, peace mission, economic aid, or finishes and keeps the counters to meddle",
        "E&N: Emissary Action",
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
        "may meddle with {about} in {areas} (it is cancelled; a meddle costs one counter) or pass",
        "E&N: Meddle Affairs",
    ),
    "meddle_reveal": (
        "may turn up the wild card declared for emissary to meddle with {about} in {areas}, or pass",
        "E&N: Meddle Affairs",
    ),
}
"""Decision kind -> (what the deciding player is asked, the rule); ``{about}``, ``{area}`` and
``{areas}`` are filled from the decision."""

INITIATIVE_NAMES = {
    "arms": "arms sales",
    "advisors": "military advisors",
    "peace": "peace mission",
    "aid": "economic aid",
}
"""E&N initiative ids (the action verbs) -> their names in the rules."""


def _named(word: str, names: Mapping[str, str]) -> str:
    if word == NEUTRAL:
        return "the neutrals"
    if word == "slot":
        return "the empty slot"
    return names.get(word, word.replace("_", " "))


def describe(decision: Mapping[str, Any], player: str, names: Mapping[str, str]) -> str:
    """One sentence for a pending 7 Ages decision: who decides, what about, under which rule.

    ``decision``: ``kind``, ``about`` (an id or a short text of ids) and ``areas``; ``player``
    the deciding player's name; ``names`` maps ids (areas, empires) to names.
    """
    kind = str(decision.get("kind", ""))
    about = " ".join(_named(word, names) for word in str(decision.get("about") or "").split())
    areas = [_named(a, names) for a in decision.get("areas") or []]
    if kind not in QUESTIONS:
        return f"{player} must decide ({kind}){f' about {about}' if about else ''}."
    question, rule = QUESTIONS[kind]
    sentence = question.format(
        about=about or "it", area=areas[0] if areas else "the area", areas=", ".join(areas) or "none"
    )
    return f"{player} {sentence} ({rule})."


def _initiative(ctx: Mapping[str, Any], names: Mapping[str, str]) -> tuple[str, list[str]]:
    """The declared initiative in words ("Ann's peace mission") and the areas its picks name;
    ``names``: player id -> name."""
    kind = str(ctx.get("kind", ""))
    picks = [list(p) for p in ctx.get("picks") or []]
    areas: list[str] = []
    for pick in picks:
        words = [w for w in pick if w not in ("unit", "fort", "modernise", "city", "done")]
        if kind == "arms" and pick and pick[0] == "unit":
            words = words[1:]  # the unit type comes before the area
        areas.extend(words[:1])
    actor = str(ctx.get("player", ""))
    return f"{names.get(actor, actor)}'s {INITIATIVE_NAMES.get(kind, kind)}", areas


def _window(board: Any, names: Mapping[str, str]) -> dict[str, Any]:
    window = board.window
    player = window["queue"][0]
    counters = board.players[player].counters
    if window["what"] == "send":
        last = board.ctx.get("last") or []
        actor = str(board.ctx.get("player", ""))
        about = f"the move of {names.get(actor, actor)}'s military advisors"
        areas = [str(a) for a in last[:2]]
    else:
        about, areas = _initiative(board.ctx, names)
    return {"kind": "meddle" if counters > 0 else "meddle_reveal", "about": about, "areas": areas}


def _conflict(board: Any) -> dict[str, Any]:
    running = board.conflict
    what, side = running["await"]
    neutral = side == NEUTRAL
    kind = f"{what}_neutral" if neutral else what
    return {"kind": kind, "about": side, "areas": [running["area"]]}


STEP_KINDS = {"start_card", "trade_partner", "trade_give", "trade_answer", "destiny", "discard"}
"""Sub-steps worded as a decision (the others' choices lie on the map)."""


def decision_about(state: Any) -> dict[str, Any] | None:
    """The pending decision of a 7 Ages state as ``{kind, about, areas}`` (None: a map choice,
    or the game is over). Reads only what every player sees: no hand, no face-down marker."""
    board = getattr(state, "board", None)
    if board is None or board.over:
        return None
    names = dict(getattr(state.game, "names", {}))
    if board.window is not None and board.window.get("queue"):
        return _window(board, names)
    if board.conflict is not None and board.conflict.get("await"):
        return _conflict(board)
    if board.conflict is None and board.chooser is not None and len(board.conflicts) > 1:
        return {"kind": "order", "about": "", "areas": list(board.conflicts)}
    if board.phase == "bid":
        return {"kind": "bid", "about": "", "areas": []}
    if board.phase == "mark":
        from model.rules.sevenages.sequence import unmarked

        player = board.order[board.ctx["i"]]
        slots = unmarked(state, player)
        return {"kind": "mark", "about": slots[0] if slots else "", "areas": []}
    ctx = board.ctx
    sub = ctx.get("sub")
    if sub == "wild" and ctx.get("queue"):
        # Which slot holds the wild card stays face down: the sentence names the step only.
        from model.rules.sevenages.sequence import STEPS

        return {"kind": "wild", "about": STEPS[board.step - 1], "areas": []}
    if sub in STEP_KINDS:
        about = {
            "trade_partner": ctx.get("slot"),
            "trade_give": ctx.get("partner"),
            "trade_answer": ctx.get("slot"),
            "discard": ctx.get("slot"),
        }.get(sub, "")
        return {"kind": sub, "about": about or "", "areas": []}
    if sub == "initiative":
        counters = board.players[ctx["player"]].counters
        return {"kind": "initiative", "about": f"{counters} counters left", "areas": []}
    if sub == "pick2":
        kind = str(ctx.get("kind", ""))
        _about, areas = _initiative(ctx, names)
        return {"kind": "pick2", "about": INITIATIVE_NAMES.get(kind, kind), "areas": areas}
    return None
