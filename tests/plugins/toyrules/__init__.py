"""Stake: a tiny area-claiming ruleset written only to prove that rulesets are plug-ins.

Players take turns claiming a free land area next to one they hold (any free land area while
they hold none) or passing; the game ends when every land area is held, when everyone passed in
a row, or after the scenario's number of rounds. Each area scores its ``value``. The model part is
``toyrules.model_part`` (its ``SPEC`` and ``installed()``); nothing in Mappa's shared code names
this package.
"""
