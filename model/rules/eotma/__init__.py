"""Empires of the Middle Ages: the primary ruleset (rules/001-003 and the facts sheet's house defaults)."""
