"""The text of ``mappa diff``: a heading, then each section's changes, one marked line each.

``+`` marks what was added or gained, ``-`` what was removed or lost, ``~`` any other change.
"""

from __future__ import annotations

from model.diff.changes import MARKS, SECTION_TITLES, SECTIONS, ScenarioDiff


def render_text(diff: ScenarioDiff, old_name: str, new_name: str) -> str:
    """Return the diff as text for people (ends with a newline)."""
    if diff.equal:
        return f"{old_name} → {new_name}: no changes\n"
    count = len(diff.changes)
    lines = [f"{old_name} → {new_name}: {count} change{'' if count == 1 else 's'}"]
    for section in SECTIONS:
        changes = diff.in_section(section)
        if not changes:
            continue
        lines.append(f"{SECTION_TITLES[section]}:")
        lines += [f"  {MARKS.get(change.kind, '~')} {change.text}" for change in changes]
    return "\n".join(lines) + "\n"
