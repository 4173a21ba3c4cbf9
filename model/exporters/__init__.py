"""Exporters: a scenario's map written in other tools' formats (TripleA)."""
