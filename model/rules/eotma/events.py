"""Event cards (19, 36): drawn at the start of a player turn; immediate, kept or holding cards.

The deck is the ``event_cards`` table; effects of cards whose rules are missing are house
defaults described in that table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.rules.eotma import leaders, rebellion
from model.rules.eotma.decisions import DecisionKind, Pending
from model.rules.eotma.parleys import INHERITANCE, is_christian
from model.rules.eotma.ratings import diplomacy_base, leader_card_base
from model.rules.eotma.territory import connection, set_owner, suitable_court

if TYPE_CHECKING:
    from model.rules.eotma.gamedata import GameData
    from model.rules.eotma.position import Position


def in_game(game: GameData, card_id: str) -> bool:
    """Return whether a card is in the deck (36: P and L cards only with the option, in their years;
    a card naming a rules option, such as the armies and fleets cards, only with that option)."""
    card = game.rules.event_kinds[card_id]
    if card.option is not None and not getattr(game.options, card.option, False):
        return False
    if card.years is None:
        return True
    if not game.options.provisional_cards:
        return False
    first, last = card.years
    return first <= game.last_year() and last >= game.start_year


def in_years(state: Position, card_id: str) -> bool:
    """Return whether a card may be used in the current round (36: P and L cards only in their years)."""
    years = state.game.rules.event_kinds[card_id].years
    return years is None or years[0] <= state.game.year(state.round) <= years[1]


def draw(state: Position, player: int, effects: list[str]) -> None:
    """Draw one event card and apply it, keep it or take it in hand (19.2 hand limit)."""
    rules = state.game.rules
    year = state.game.year(state.round)
    early = 0  # cards put back under the deck in this draw (each is drawn at most once)
    while True:
        if not state.event_deck:
            if not state.event_discard:
                return
            state.event_deck = state.event_discard
            state.event_discard = []
            state.rng.shuffle(state.event_deck)
            effects.append("event deck reshuffled")
        card_id = state.event_deck.pop()
        card = rules.event_kinds[card_id]
        if card.years is not None and year < card.years[0]:
            # 36: not yet in its years: back under the deck; the table says whether another is drawn.
            state.event_deck.insert(0, card_id)
            effects.append(f"{card.name} is not yet in its years and goes under the deck (36)")
            early += 1
            if not rules.early_card_substitute or early >= len(state.event_deck):
                return
            continue
        if card.years is None or year <= card.years[1]:
            break
        # 36: drawn after its years, the card is discarded for good and another one drawn.
        effects.append(f"{card.name} is past its years and is discarded (36)")
    who = state.game.player_ids[player]
    effects.append(f"{who} draws event {card.name}")
    if card.kind == "kept":
        state.kept[player].append(card_id)
        return
    if card.kind == "holding":
        state.holding[player].append(card_id)
        ask_discard(state, player, effects)
        return
    state.event_discard.append(card_id)
    immediate(state, player, card.effect, effects)


def holding_limit(state: Position) -> int:
    """Return how many holding cards a player may keep (19.2; more with the optional 36 rule)."""
    rules = state.game.rules
    return rules.holding_limit_36 if state.game.options.provisional_cards else rules.holding_limit


def ask_discard(state: Position, player: int, effects: list[str]) -> None:
    """19.2: a player over the hand limit chooses a holding card to give up (a ``discard`` decision),
    one card at a time until the hand fits; nothing happens while such a decision is already open."""
    limit = holding_limit(state)
    if len(state.holding[player]) <= limit:
        return
    if any(d.kind == DecisionKind.DISCARD and d.player == player for d in state.pending):
        return
    state.pending.append(Pending(DecisionKind.DISCARD, player, "holding", (limit,)))
    effects.append(f"{state.game.player_ids[player]} holds more than {limit} holding cards (19.2)")


def discard(state: Position, card: str, effects: list[str]) -> None:
    """19.2: the player's chosen holding card goes to the discard pile; ask again while over the limit."""
    decision = state.pending.pop()
    player = decision.player
    state.holding[player].remove(card)
    state.event_discard.append(card)
    effects.append(f"{state.game.player_ids[player]} discards {card} over the hand limit (19.2)")
    ask_discard(state, player, effects)


def discard_problem(state: Position, player: int, card: str) -> str | None:
    """Return why the player cannot discard this card now, or None (19.2)."""
    if card not in state.holding[player]:
        held = ", ".join(sorted(set(state.holding[player])))
        return f"{card!r} is not among the player's holding cards ({held}) (19.2)"
    return None


def immediate(state: Position, player: int, effect: dict[str, object] | object, effects: list[str]) -> None:
    """Apply an immediate card's effect to the player who drew it."""
    assert isinstance(effect, dict)
    kind = effect.get("type")
    board = state.game.board
    owned = [a for a, o in enumerate(state.owner) if o == player]
    if kind == "heirless":
        leaders.heirless(state, player, effects)
    elif kind == "gold":
        gold = state.rng.roll(int(str(effect.get("dice", 1))), "event gold") + int(str(effect.get("plus", 0)))
        state.treasury[player] += gold
        effects.append(f"{state.game.player_ids[player]}: +{gold} gold")
    elif kind == "social_state":
        # The card's data: areas below min_population are spared; with die_max, an area loses its
        # level only on a die roll up to it (no die_max: every area loses one, no roll).
        min_population = int(str(effect.get("min_population", -99)))
        die_max = effect.get("die_max")
        for area in owned:
            if board.population[area] < min_population:
                continue
            if die_max is not None and state.rng.roll(1, f"event {board.ids[area]}") > int(str(die_max)):
                continue
            rebellion.lower_social_state(state, area, effects, own_failure=False)
    elif kind == "unrest":
        court = state.court[player]
        candidates = sorted(
            (a for a in owned if a != court and not state.unrest[a]), key=lambda a: (-board.population[a], a)
        )
        for area in candidates[: int(str(effect.get("areas", 1)))]:
            state.unrest[area] = True
            effects.append(f"{board.ids[area]}: unrest")
    elif kind == "inheritance":
        inherit(state, player, effects, opponents=bool(effect.get("opponent_areas", False)))
    elif kind == "free_units" and state.game.options.armies_fleets:
        free_units(state, player, effect, effects)
    elif kind == "schism_check" and state.game.options.schism:
        from model.rules.eotma.schism import schism_check

        schism_check(state, effects)


def free_units(state: Position, player: int, effect: dict[str, object], effects: list[str]) -> None:
    """33.23, 34.12: a card gives army or fleet points at no cost; they are maintained as any
    others from the end of this turn. Where they go is the card's data (house default): armies
    in the court (33.32: only in an own area), a fleet in the court when it is coastal, else in
    the most populous own coastal area (34.11: only next to a sea area); an exile gets none."""
    game = state.game
    board = game.board
    unit = str(effect.get("unit", "army"))
    points = int(str(effect.get("points", 1)))
    court = state.court[player]
    who = game.player_ids[player]
    if unit == "army":
        area = court
    else:
        coastal = [a for a, o in enumerate(state.owner) if o == player and board.coast[a]]
        area = (
            court if court in coastal else min(coastal, key=lambda a: (-board.population[a], a), default=-1)
        )
    if area < 0:
        effects.append(f"{who}: no area to place the free {unit} in (33.32, 34.11)")
        return
    units = state.army if unit == "army" else state.fleet
    units[area] += points
    if unit == "fleet":
        state.invalidate()  # a fleet changes sea range and connections (34.31-34.32)
    rule = "33.23" if unit == "army" else "34.12"
    effects.append(f"{board.ids[area]}: {unit} {units[area] - points} -> {units[area]}, at no cost ({rule})")


def inheritance_candidates(state: Position, player: int, *, opponents: bool) -> list[int]:
    """Return the areas a Dynastic Inheritance may give the player (19.2, 20.43, 21.3; house default).

    An area of the leader's language and religion (a suitable court, 21.3) that is independent or,
    with ``opponents``, another player's area other than its court (20.43). It must lie next to
    one of the player's connected areas by land, except for an exile, who may inherit anywhere
    (21.3: the card is one way back from exile). Magnate areas are never inherited.
    """
    game = state.game
    board = game.board
    exiled = state.court[player] < 0
    conn = connection(state, player)
    found: list[int] = []
    for area in range(board.n):
        owner = state.owner[area]
        if owner == player or not suitable_court(state, player, area):
            continue
        if owner >= game.n_players or (owner >= 0 and (not opponents or state.court[owner] == area)):
            continue
        if not exiled and not any(b in conn for b in board.adj[area]):
            continue
        found.append(area)
    return found


def inherit(state: Position, player: int, effects: list[str], *, opponents: bool = False) -> None:
    """Dynastic Inheritance (19.2, 20.43, 21.3; house default in the event_cards table).

    The player takes the most populous of :func:`inheritance_candidates` (an independent area
    first on equal population, then board order) with a claim to it (house default 18 method 4).
    An exile who inherits returns with its court there (21.3). A Christian opponent who loses the
    area may contest the inheritance in a parley (20.43), unless its leader died heirless this
    round (20.43 NB).
    """
    board = state.game.board
    candidates = inheritance_candidates(state, player, opponents=opponents)
    if not candidates:
        effects.append("no area to inherit")
        return
    best = min(candidates, key=lambda a: (-board.population[a], state.owner[a] >= 0, a))
    old = state.owner[best]
    # 22.21: whether the inheritance negates the old owner's conversion results (conversion table);
    # an inheritance is no taking by conquest for partial conquests (10.38)
    set_owner(state, best, player, effects, conquest=state.game.rules.inheritance_cancels, taken=False)
    state.claims[best] |= 1 << player
    effects.append(f"{board.ids[best]}: inherited with a claim (19.2)")
    if old < 0:
        return
    # 22.21 would let the two agree on a transfer, but an heir inherits only an area of its own
    # leader's religion (21.3), where it has nothing to convert: no transfer is ever offered.
    if state.heirless_round[old] == state.round:
        effects.append(f"{state.game.player_ids[old]} may not contest: its leader just died heirless (20.43)")
    elif is_christian(state, old) and is_christian(state, player):
        state.pending.append(Pending(DecisionKind.CONTEST, old, INHERITANCE, (best, player)))


def play_problem(state: Position, player: int, card: str, area: str | None, empire: str | None) -> str | None:
    """Return why the player cannot play this holding card now, or None."""
    if card not in state.holding[player]:
        return f"{card!r} is not a holding card in the player's hand"
    effect = state.game.rules.event_kinds[card].effect
    if effect.get("type") == "leader":
        if state.leader_bonus[player]:
            return "a leader card is already in play for the next endeavour (36.11)"
        if not in_years(state, card):
            return f"{card!r} may be used only in its years (36)"
        bases = [a for a in range(state.game.board.n) if state.owner[a] == player]
        bases.append(diplomacy_base(state, player))  # an exile's host court (21.2)
        if not any(leader_card_base(state, card, a) for a in bases if a >= 0):
            return f"{card!r} serves only a base of the languages on it, and the player has none (36.12)"
        return None
    if effect.get("type") != "break_tie":
        return f"{card!r} is played in parleys, not in a turn"
    game = state.game
    if area not in game.board.index or empire not in game.player_index:
        return "name the area and the empire whose tie the coup breaks"
    other = game.player_index[empire]
    if other == player or not state.ties[game.board.index[area]] & (1 << other):
        return f"{empire} has no tie to {area} that this player could break"
    return None


def play(state: Position, player: int, card: str, area: str, empire: str, effects: list[str]) -> None:
    """Play Diplomatic Coup (remove another player's tie, 12.43) or a leader card (36.11)."""
    game = state.game
    state.holding[player].remove(card)
    if game.rules.event_kinds[card].effect.get("type") == "leader":
        state.leader_bonus[player] = card
        effects.append(f"{game.player_ids[player]} plays {card} for its next endeavour (36.11)")
        return
    state.event_discard.append(card)
    other = game.player_index[empire]
    state.ties[game.board.index[area]] &= ~(1 << other)
    effects.append(f"{area}: tie of {empire} broken by Diplomatic Coup (12.43)")
