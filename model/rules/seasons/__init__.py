"""Seasons: the seasonal token wargame (nations, move/aid/pillage tokens, resources, battles, seasons).

The rules text has headed sections rather than numbers; code cites them as e.g.
"Seasons: Battles / Casualties".

* ``schema``: the attributes a scenario holds for this ruleset; ``spec`` registers it.
* ``tables``: costs, upkeep, might, dice, season effects (``resources/rulesets/seasons``).
* ``checks``: the validator's ``seasons.*`` codes.
* ``battle`` and ``economy``: the arithmetic, as pure functions over plain data.
* ``game`` (fixed data), ``state`` (turn structure), ``actions``, ``rules`` (what is legal and
  what a decision does), ``resolution`` (reveal, pillage, moves, battles, end of turn).
"""
