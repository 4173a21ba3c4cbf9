"""AI seats: a Bot protocol shared by every ruleset, a random bot, and per-ruleset heuristic bots."""
