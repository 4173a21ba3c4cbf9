"""AI seats: the Bot protocol shared by every ruleset and the random bot.

Each ruleset's heuristic bot lives in its own package (``model/rules/<id>/bot.py``).
"""
