"""Play-test mode in the editor (issue 5): play the scenario being edited with the real engine.

``install_playtest(window)`` adds the Play-test menu, toolbar actions and docks to a main window;
``session`` runs one game, ``controller`` connects it to the map and the panel, ``report`` runs
the balance report in a worker thread. The controller asks and warns only through ``prompts``
(a seam tests script); ``capture_action`` writes a position back, ``logfiles`` saves and loads
logs, ``status`` words the panel, ``chips``, ``orders`` and ``overlay`` draw the map.
Importing the package registers the "Changed hands" map mode, so the menus built after the
import list it.
"""

from editor.playtest.changed_mode import register as _register_mode
from editor.playtest.install import install_playtest

_register_mode()

__all__ = ["install_playtest"]
