"""Exports beyond the single-image render of ``editor.render``: the print-and-play PDF sheet."""
