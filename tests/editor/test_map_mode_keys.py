"""Alt+1 to Alt+9 choose among the map modes the open scenario's ruleset shows (View > Map mode).

Every installed ruleset adds modes to the one menu; the keys follow the modes shown, so a ruleset's
own modes have keys whichever other rulesets are installed, and no two actions share a key.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QAction

from editor.mainwindow import MainWindow

SEVENAGES_WORLD = Path(__file__).resolve().parents[2] / "scenarios" / "sevenages-world.mappa.json"


def _mode_keys(window: MainWindow) -> dict[str, str]:
    """Mode id -> its shortcut text, for the modes the menu shows."""
    actions: dict[str, QAction] = window.actions_by_name
    return {
        key.removeprefix("mode_"): action.shortcut().toString()
        for key, action in actions.items()
        if key.startswith("mode_") and action.isVisible()
    }


def test_the_keys_follow_the_modes_the_ruleset_shows(window: MainWindow) -> None:
    eotma_keys = _mode_keys(window)
    assert eotma_keys["owner"] == "Alt+1"
    assert "terrain" not in eotma_keys  # a 7 Ages mode is hidden on an EotMA map

    assert window.open_path(SEVENAGES_WORLD)
    keys = _mode_keys(window)
    assert "religion" not in keys  # EotMA's own modes are hidden now
    assert keys["owner"] == "Alt+1"
    assert keys["terrain"].startswith("Alt+")  # the ruleset's own modes have keys
    shown = [text for text in keys.values() if text]
    assert len(shown) == len(set(shown)) == min(len(keys), 9)


def test_no_two_actions_share_a_key(window: MainWindow) -> None:
    assert window.open_path(SEVENAGES_WORLD)
    used: dict[str, str] = {}
    for name, action in window.actions_by_name.items():
        for key in action.shortcuts():
            text = key.toString()
            assert text, f"action {name!r} has an empty shortcut"
            if action.isVisible():
                assert text not in used, f"{name!r} and {used[text]!r} share {text}"
                used[text] = name
