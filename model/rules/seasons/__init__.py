"""Seasons: the seasonal token wargame (nations, move/aid/pillage tokens, resources, battles, seasons).

The rules text has headed sections rather than numbers; code cites them as e.g.
"Seasons: Battles / Casualties".
"""
