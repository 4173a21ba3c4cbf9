"""7 Ages with the Emissaries & Neutrals expansion (rules/000 and the 7 Ages facts sheet).

"7A facts N" cites a section of the facts sheet, "E&N: Name" a section of the expansion's rules.

The plug-in and the scenario:

- ``spec``: the plug-in (``SPEC``) and the unit kinds of the shipped units table.
- ``schema``: the scenario attributes (players, empire cards, areas, units, options).
- ``tables`` and ``tablereader``: the rules tables of ``resources/rulesets/sevenages`` read into
  frozen values (every HOUSE DEFAULT is data there, marked in the JSON).
- ``checks``: the validator's 7 Ages checks (7A facts 1, 2.3-2.16, 4; E&N).
- ``mapmodes``: the map modes (region, terrain, income, cities, neutral areas).
- ``capture``: a play-test position written back as the setup.

The engine (the fixed game, the position, the turn and each rule):

- ``data``: the engine's records of the tables (7A facts 2.4, 2.5, 2.8, 3.1).
- ``setup``: a scenario read into the fixed game (7A facts 4).
- ``game``: the fixed game; ``state``: the changing board and the protocol state.
- ``actions``: the action texts; ``decisions``: the pending decision in words (7A facts 3.4).
- ``sequence``: the opening bid, the turn, markers, the eight steps and the end of turn (7A facts
  1, 2.1, 2.2, 2.13; E&N: the sequence of play), with ``colours`` (the colour sets picked in bid
  order, 7A facts 1).
- ``steps``: the step actions (7A facts 2.3, 2.8-2.12, 2.15), with ``founding`` (starting an
  empire, 7A facts 2.3), ``economy`` (production, upkeep, cities, forts: 7A facts 2.8, 2.11),
  ``trade`` (trade & progress with financial aid, 7A facts 2.9), ``manoeuvre`` (7A facts 2.6) and ``movement``
  (where units may go and range, 7A facts 2.5, 2.6).
- ``conflict``: conflicts (7A facts 2.7; E&N: Conflict).
- ``emissary``: the emissary step and meddling (E&N: Emissary Action, Meddle Affairs), with
  ``initiatives`` (E&N: Arms Sales, Peace Mission, Economic Aid).
- ``neutrals``: the white neutrals (E&N: Neutral Units and Areas, Disorder, Discarding Empires).
- ``events``: event cards (7A facts 3.2; E&N: Events on neutrals); ``deck``: drawing and dealing
  (7A facts 1, 3.1).
- ``glory``: harvest glory (7A facts 2.16; E&N: Glory from your Capital).
- ``view``: what a seat may see (E&N: Fog of war); ``invariants``: what holds in every position.
- ``bot``, ``botglory`` and ``botweights``: the heuristic bot, its glory estimates and its
  weights (the ``bot`` table, ``resources/rulesets/sevenages/bot.json``).
"""
