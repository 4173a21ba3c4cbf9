"""A heuristic bot for 7 Ages with Emissaries & Neutrals (the random bot is ``model.bots.base``).

It scores the legal actions of each decision with simple rules of thumb: markers for production
and manoeuvre, the wild card for emissary while neutrals are on the map, strong units bought
next to enemies, attacks only with the odds, every unit committed in conflict. Glory decides the
game (7A facts 1), so the empire card's glory categories and capital glory weigh which card it
starts, where it expands and what it builds (``model.rules.sevenages.botglory``). In the emissary
step it sends neutrals against the leading opponent, makes peace next to its own borders, aids
neutrals that border the others, and keeps a counter to meddle with initiatives aimed at it. Land
across a strait is worth more to it (``_strait_bonus``). Its weights are the ruleset's ``bot``
table (``model.rules.sevenages.botweights``). It is seeded, so bot games replay exactly.
"""

from __future__ import annotations

import random
from itertools import pairwise

from model.rules.protocol import Action, State
from model.rules.ranking import first_distinct
from model.rules.sevenages import botglory, crossings, economy, founding, movement
from model.rules.sevenages.actions import Words
from model.rules.sevenages.botweights import BotWeights, shipped
from model.rules.sevenages.game import NEUTRAL
from model.rules.sevenages.state import SevenAgesState

EMPIRE_PREFERENCE = ("production", "manoeuvre", "civilise", "trade", "destiny", "discard")


class HeuristicBot:
    """Plays 7 Ages by rules of thumb, using the emissary action where neutrals threaten or help."""

    def __init__(self, seed: int = 0, weights: BotWeights | None = None) -> None:
        self.random = random.Random(seed)
        self.weights = weights if weights is not None else shipped()

    def choose(self, state: State) -> Action:
        """Return a legal action for the current player."""
        if not isinstance(state, SevenAgesState):
            raise TypeError(f"the 7 Ages bot cannot play a {type(state).__name__}")
        legal = state.legal_actions()
        player = state.current_player()
        assert player is not None and legal
        best = max(legal, key=lambda a: (self._score(state, player, a), self.random.random()))
        return best

    def shortlist(self, state: State, k: int) -> list[Action]:
        """Return the ``k`` legal actions the bot scores highest, best first (its choice first:
        the same scores and the same random tie-breaks, ``model.bots.base.RankingBot``)."""
        if not isinstance(state, SevenAgesState):
            raise TypeError(f"the 7 Ages bot cannot play a {type(state).__name__}")
        player = state.current_player()
        assert player is not None
        legal = state.legal_actions()
        keys = [(self._score(state, player, a), self.random.random()) for a in legal]
        ranked = sorted(zip(keys, legal, strict=True), key=lambda pair: pair[0], reverse=True)
        return first_distinct((action for _key, action in ranked), k)

    # --- scoring ---

    def _score(self, state: SevenAgesState, player: str, action: Action) -> float:
        assert isinstance(action, Words)
        verb = action.VERB
        scorer = getattr(self, f"_{verb}", None)
        return float(scorer(state, player, action)) if scorer else 0.0

    def _mine(self, state: SevenAgesState, player: str) -> set[str]:
        own = set(state.empires_of(player))
        return {a for a in state.board.units if state.controller(a) in own}

    def _theirs(self, state: SevenAgesState, player: str) -> set[str]:
        own = set(state.empires_of(player))
        return {
            a for a in state.board.units if (c := state.controller(a)) not in own and c not in (None, NEUTRAL)
        }

    def _near(self, state: SevenAgesState, area: str, areas: set[str]) -> bool:
        return area in areas or bool(state.game.links[area] & areas)

    def _mark(self, state: SevenAgesState, player: str, action: Words) -> float:
        slot, choice = action.word(0), action.word(1)
        neutral = any(state.is_neutral_area(a) for a in state.board.units)
        if slot == "slot":
            if choice == "start" and founding.startable(state, player):
                return 10
            if choice == "destiny" and not state.empires_of(player):
                return 9  # nothing to start and no empire: new cards are all that helps
            if choice == "wild" and neutral:
                return 8
            if choice == "destiny":
                return 3
            return 1 if choice == "none" else 0
        if choice == "wild":
            # On its richest empire the wild card may sell arms too (E&N: Arms Sales): worth it
            # when neutrals lie within that empire's double range.
            mine = state.empires_of(player)
            richest = max(mine, key=lambda e: state.board.empires[e].treasury)
            factor = state.game.rules.modernise_factor
            near = movement.in_range(state, slot, factor)
            armable = any(state.is_neutral_area(a) for a in near)
            # Now and then it gives up the empire's own action for that (the bot is seeded).
            return 11 if slot == richest and armable and self.random.random() < 0.3 else -1
        if choice == "civilise":
            # Glory from cities and capitals: civilise instead of producing once the money saved
            # at the last production pays for the build (7A facts 2.11, 2.16).
            price = botglory.city_price(state, slot)
            if price is not None and state.board.empires[slot].treasury >= price:
                return 10.5
        return 10 - EMPIRE_PREFERENCE.index(choice) if choice in EMPIRE_PREFERENCE else 0

    def _wild(self, state: SevenAgesState, player: str, action: Words) -> float:
        from model.rules.sevenages.sequence import STEPS

        step = STEPS[state.board.step - 1]
        wanted = step == "emissary" or (step == "start" and bool(founding.startable(state, player)))
        return 1 if (action.word(0) == "use") == wanted else 0

    def _bid(self, state: SevenAgesState, player: str, action: Words) -> float:
        # 7A facts 1: the bid card is lost, so bid the cheapest card that starts nothing now.
        card = state.game.cards[action.word(0)]
        keep = action.word(0) in founding.startable(state, player)
        return -card.value - (20 if keep else 0)

    def _pick(self, state: SevenAgesState, player: str, action: Words) -> float:
        # 7A facts 1: the stronger shades come first (stat modifiers count twice, a counter once),
        # as the first empires fight the most; the light sets' extra counters end the tie.
        rules = state.game.rules
        front, support = rules.shade_mods.get(action.word(0), (0, 0))
        return 2 * (front + support) + (rules.counters(action.word(0)) or 0)

    def _start(self, state: SevenAgesState, player: str, action: Words) -> float:
        card = action.word(0)
        return -1 if card == "none" else botglory.card_glory(state, card)

    def _value(self, state: SevenAgesState, kind: str) -> float:
        unit = state.game.rules.units[kind]
        return (unit.frontline + unit.support) / max(unit.cost, 1)

    def _buy(self, state: SevenAgesState, player: str, action: Words) -> float:
        kind, area = action.word(0), action.word(1)
        ctx = state.board.ctx
        empire = ctx.get("empire", ctx.get("slot"))
        if empire not in state.board.empires:
            return -5
        if ctx.get("sub") == "produce":
            money = state.board.empires[empire].treasury
            # Keep the upkeep of next turn, and once the empire has a few units, the price of
            # its next city when its card scores cities (botglory.city_price).
            price = botglory.city_price(state, empire)
            reserve = price if price is not None and economy.unit_count(state, empire) >= 3 else 0
            if money - state.game.rules.units[kind].cost < economy.upkeep(state, empire) + reserve:
                return -5
        front = 1 if self._near(state, area, self._theirs(state, player)) else 0
        guard = 0.5 if botglory.own_capital(state, empire, area) else 0
        if ctx.get("sub") == "start_buy":
            guard += botglory.start_site(state, empire, area)
        return (
            2
            + self._value(state, kind)
            + front
            + guard
            + botglory.build_glory(state, empire, "unit")
            - 0.1 * len(state.board.units.get(area, ()))
        )

    def _fort(self, state: SevenAgesState, player: str, action: Words) -> float:
        return 1 if self._near(state, action.word(0), self._theirs(state, player)) else -1

    def _trade(self, state: SevenAgesState, player: str, action: Words) -> float:
        return 0 if action.word(0) == "none" else 1

    def _fund(self, state: SevenAgesState, player: str, action: Words) -> float:
        # 7A facts 2.9: financial aid only strengthens another player's empire, so the bot keeps
        # its money for units and cities.
        return -int(action.word(0))

    def _give(self, state: SevenAgesState, player: str, action: Words) -> float:
        card = state.game.cards[action.word(0)]
        # Giving a high card advances the giver; but keep empire cards for starting.
        return card.value - (10 if card.empire else 0)

    def _strength(self, state: SevenAgesState, side: str, area: str) -> int:
        """A side's frontline plus support in an area; a face-down neutral stack counts 3 a unit."""
        rules = state.game.rules
        units = [u for u in state.board.units.get(area, ()) if u.owner == side]
        if side == NEUTRAL and state.game.fog_of_war and not state.board.areas[area].revealed:
            return 3 * len(units)  # the bot reads only the count of a stack it has not seen
        return sum(sum(rules.stats(u.kind, "light")) for u in units)

    def _move(self, state: SevenAgesState, player: str, action: Words) -> float:
        origin, target, kind = action.word(0), action.word(1), action.word(2)
        empire = state.board.ctx["slot"]
        if len(state.units_of(empire, origin)) <= 1:
            return -2  # do not leave an area
        others = [s for s in state.sides(target) if s != empire]
        glory = botglory.area_glory(state, empire, target)
        if not others:
            if state.game.is_land(target):
                return (
                    2
                    + state.income_value(target)
                    + glory
                    + self._strait_bonus(state, empire, kind, origin, target)
                )
            return 1 + glory if glory else -1
        mine = self._strength(state, empire, target) + sum(state.game.rules.stats(kind, "light"))
        theirs = max(self._strength(state, s, target) for s in others)
        return 3 + glory if mine > theirs + 2 else -3

    def _water_links(self, state: SevenAgesState) -> dict[str, set[str]]:
        """Return each land area's neighbours across a connection of the map (strait, river)."""
        game = state.game
        links: dict[str, set[str]] = {}
        for pair in game.crossings:
            if len(pair) == 2 and all(game.is_land(a) for a in pair):
                a, b = sorted(pair)
                links.setdefault(a, set()).add(b)
                links.setdefault(b, set()).add(a)
        return links

    def _strait_bonus(self, state: SevenAgesState, empire: str, kind: str, origin: str, target: str) -> float:
        """Return what crossing toward an unheld far shore adds to a move into an unheld land area.

        7A facts 2.6: land units cross a strait like a land border, and 2.7: whoever holds the far
        shore defends it at +1 (river or arrow), so an empty area across one is a front the
        empire's rivals rarely reach; the empires seldom start on those coasts, so the bot would
        otherwise leave them empty. ``strait_shore_value`` when the move crosses one into
        ``target``; ``strait_step_value`` when ``target`` is the near end of a strait whose far
        end no side holds yet."""
        weights = self.weights
        if not weights.cross_straits:
            return 0.0
        water = self._water_links(state)
        if not water:
            return 0.0
        units = state.board.units
        if units.get(target):
            return 0.0  # already the empire's: a unit moving in claims nothing new
        if target in water:
            path = crossings.way(state, empire, kind, origin, target)
            if any(b in water.get(a, ()) for a, b in pairwise(path)):
                return weights.strait_shore_value
        if any(not units.get(far) for far in water.get(target, ())):
            return weights.strait_step_value
        return 0.0

    def _done(self, state: SevenAgesState, player: str, action: Words) -> float:
        return 0

    def _commit(self, state: SevenAgesState, player: str, action: Words) -> float:
        # Everything it has: the most units (a count, or the counts of the named groups).
        words = action.words
        return int(words[0]) if words[0].isdigit() else sum(int(w.rsplit(":", 1)[1]) for w in words)

    def _stay(self, state: SevenAgesState, player: str, action: Words) -> float:
        return 1

    def _drop(self, state: SevenAgesState, player: str, action: Words) -> float:
        card = state.game.cards[action.word(0)]
        hand = state.board.players[player].hand
        if not state.empires_of(player) and not founding.startable(state, player):
            # Without an empire and nothing to start, every card that cannot start goes for a
            # fresh draw (the hand limit from the empty slot is 5, 7A facts 2.10).
            return 1 if not card.empire else 0.5
        return 1 if not card.empire and card.value <= 2 and len(hand) > 4 else -1

    def _city(self, state: SevenAgesState, player: str, action: Words) -> float:
        return 2 + botglory.build_glory(state, state.board.ctx["slot"], "city")

    def _upgrade(self, state: SevenAgesState, player: str, action: Words) -> float:
        base = 3 if state.board.areas[action.word(0)].capital else 2.5
        return base + botglory.build_glory(state, state.board.ctx["slot"], "upgrade")

    def _play(self, state: SevenAgesState, player: str, action: Words) -> float:
        targets = action.words[2:]  # after the card and "in" / "on"
        mine = self._mine(state, player)
        own_empires = set(state.empires_of(player))
        if any(t in own_empires or t in mine for t in targets):
            card = state.game.cards[action.word(0)]
            event = state.game.rules.events.get(card.event or "")
            return 1 if event and event.effect in ("add_unit", "progress") else -5
        return 1

    def _discard(self, state: SevenAgesState, player: str, action: Words) -> float:
        return -1

    def _keep(self, state: SevenAgesState, player: str, action: Words) -> float:
        return 0

    # --- emissary ---

    def _threats(self, state: SevenAgesState, player: str) -> bool:
        """Whether another player may still meddle (revealed counters, or an emissary to come)."""
        return any(
            p != player and (data.counters > 0 or data.emissary == "revealed")
            for p, data in state.board.players.items()
        )

    def _finish(self, state: SevenAgesState, player: str, action: Words) -> float:
        # Like B in the rules' example: keep the last counter while others may still act.
        if state.board.players[player].counters <= 1 and self._threats(state, player):
            return 2
        return 0.5

    def _arms(self, state: SevenAgesState, player: str, action: Words) -> float:
        area = action.word(0)
        theirs, mine = self._theirs(state, player), self._mine(state, player)
        if action.word(1) == "modernise":
            # Stronger neutrals are a shield on the others' borders, a threat on one's own.
            return 1.2 if self._near(state, area, theirs) and not self._near(state, area, mine) else -1
        return 1.3 if self._near(state, area, theirs) and not self._near(state, area, mine) else -1

    def _advisors(self, state: SevenAgesState, player: str, action: Words) -> float:
        area = action.word(0)
        # Worth it only next to an opponent's area weaker than what the stack can send.
        spare = 3 * (len(state.units_of(NEUTRAL, area)) - 1)
        targets = state.game.links[area] & self._theirs(state, player)
        weak = [t for t in targets if self._strength(state, state.controller(t) or "", t) < spare]
        return 2 if weak else -1

    def _send(self, state: SevenAgesState, player: str, action: Words) -> float:
        target = action.word(1)
        if target in self._mine(state, player):
            return -5
        owners = [s for s in state.sides(target) if s != NEUTRAL]
        if not owners:
            return -0.5
        moved = int(action.word(4))
        return 1 + moved if moved * 2 > self._strength(state, owners[0], target) else -1

    def _peace(self, state: SevenAgesState, player: str, action: Words) -> float:
        return 1.5 if self._near(state, action.word(0), self._mine(state, player)) else -1

    def _aid(self, state: SevenAgesState, player: str, action: Words) -> float:
        area = action.word(0)
        if self._near(state, area, self._mine(state, player)):
            return -1
        return 1 if self._near(state, area, self._theirs(state, player)) else -0.5

    def _meddle(self, state: SevenAgesState, player: str, action: Words) -> float:
        ctx = state.board.ctx
        window = state.board.window
        assert window is not None
        mine = self._mine(state, player)
        if window["what"] == "send":
            return 2 if ctx["last"][1] in mine else -1
        areas = [w for pick in ctx.get("picks", []) for w in pick if w in state.game.areas]
        kind = ctx.get("kind")
        hostile = kind in ("advisors", "aid", "arms")
        return 1 if hostile and any(self._near(state, a, mine) for a in areas) else -1

    def _pass(self, state: SevenAgesState, player: str, action: Words) -> float:
        return 0
