"""Empires of the Middle Ages: the primary ruleset (rules/001-003 and the facts sheet's house defaults).

Entry point: ``game.build_game(scenario)`` (the registry's engine), or ``game.EotmaGame`` from a
``board.Board`` built from plain lists (what the rules tests do). ``Game.new_state(seed)`` starts a
play; the state follows ``model.rules.protocol``.

Modules, by concern: ``board`` (the compiled map), ``data`` and ``cards`` (tables and the year-card
notation), ``actions`` (values and text forms), ``state`` (what changes), ``sequence`` (rounds,
initiative, turns, maintenance), ``legal`` (legal actions and refusals), ``ratings``
(effectiveness ratings and costs), ``endeavours/`` (conquest, pillage, diplomacy, fortification,
ruling, raising units, building markers, defense), ``taxation``, ``rebellion``, ``territory``
(lines of communication, owners, courts, exile), ``leaders``, ``events``, ``parleys`` (grand
diplomacy, excommunication), ``armies`` (movement), ``npc`` (raiders, Magnates), ``schism``,
``crusades``, ``victory``, ``view`` (plain data for the UI), ``deckgen`` (the house-default year
deck), ``records`` (the named records the state keeps: parley, queued attacks, deferred checks,
a tax awaiting waivers, agreements, the crusade, claim watches, partial conquest counts).

Implemented: 1.3 sequence of play; 1.4 year cards and thresholds; facts sheet 2 stature checks,
heirs, heirless deaths; 3.2 ratings with every listed modifier; 9.17, 9.32, 9.53 sea areas; 10.3-10.38;
11; 12.1-12.43; 13; 14; 15; 16; 17 (facts sheet 5); 18 and 26 (house defaults); 19.2 cards;
20.1, 20.3, 20.4-20.52; 21; 22.1-22.28; 23.1-23.2, 23.12; 23.3 with the leader's choice of
launch area and route (23.32 step 3; the bots take the fewest unfriendly areas), Byzantine passage
decisions with the leader's choice of conquering a refused area or another route (step 4) and
crusader states founded by consent (23.32 step 5; house defaults in the ``crusades`` table);
12.42 waivers before every rebellion check of an empire's area inside player turns;
24 (house defaults); 33; 34; 35; 36 (leader cards also in defenses and crusader endeavours,
from bases of their language groups only, 36.12); 21.1 exile stature checks.
23.32 step 3: the launch area must be linked to a crusader court by friendly areas and is the
crusaders' base (social state, base -1, armies 33.5, fleets 34.33; ``crusades`` table ``base``
and ``launch_line``); step 4: the march passes friendly areas on its way and conquers the others.
10.31-10.38: partial conquests end as 10.36-10.38 say; an area changing hands otherwise keeps
them (``endeavours`` table ``partial_conquest_on_transfer``).
23.32 step 2: a crusader short of gold for a conquest pillages, asks another empire for a loan
(the lender decides) or passes; an empire whose area a crusader attacks may defend it (13.0).
Player choices as decisions: the holding card discarded over the hand limit (19.2, ``discard``),
the unit points left unpaid (33.23, 34.12, ``maintain``), a partial conversion passed on with a
gifted or a returned area (22.21, 20.41, ``transfer``: the old owner offers, the new one
accepts; a returned area does not bring back the owner's results its diplomatic conquest
negated), what a -1 takes: a level, an army point or a pillaged civilisation marker (33.33,
35.24, ``loss``, asked too of the owner of an area a raid, a Magnate or a crusader hits and of a
crusader for its launch area; the ``endeavours`` table may take them for the players instead),
gold against another's diplomacy by any opponent (12.2, ``oppose``); in the own turn, the palace
areas one card rules (35.33) and unit points given up rather than maintained (33.23,
``disband``).
A crusade launched by sea pays sea gold and takes the sea adjustment (9.17, 9.32; ``crusades``
table ``sea_costs``).
Armies and fleets given at no cost by events (33.23, 34.12): the rules name no card, so the
``event_cards`` table holds house-default ones (Mercenaries, Hired Fleet), in the deck only with
the armies and fleets rule.
Not yet: 23.35 itself is not in our sources (crusader states follow the ``crusades`` table).
"""
