"""Play-test mode in the editor (issue 5): play the scenario being edited with the real engine.

``controller`` connects a game to the map and the panel (the main window makes it and places its
docks; ``editor.menus`` declares the Play-test menu); ``session`` runs one game, ``report`` runs
the balance report in a worker thread. The controller asks and warns only through ``prompts``
(a seam tests script); ``capture_action`` writes a position back, ``logfiles`` saves and loads
logs, ``status`` words the panel, ``chips``, ``orders`` and ``overlay`` draw the map.
Importing the package registers the "Changed hands" map mode, so the menus built after the
import list it.
"""

from editor.playtest.changed_mode import register as _register_mode

_register_mode()
