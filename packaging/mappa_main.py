"""The packaged application's entry point: the script PyInstaller freezes (``packaging/mappa.spec``).

It runs the ``mappa`` console script (``editor.cli_entry:main``), after two things only a frozen
program needs, because there ``sys.executable`` is Mappa itself, not a Python interpreter:

* ``multiprocessing.freeze_support()``: the play-test's worker processes (started with "spawn")
  re-run this executable, which must then become a worker instead of a second Mappa;
* ``mappa -m MODULE`` for the modules Mappa starts as helper processes with ``sys.executable -m``
  (``HELPER_MODULES``): the frozen program runs that module's ``serve()`` the way ``python -m``
  would run it.
"""

from __future__ import annotations

import importlib
import multiprocessing
import sys

HELPER_MODULES = ("editor.polygonize_process", "editor.validation_process")
"""Modules started as ``sys.executable -m MODULE``; each has a ``serve()`` that runs the helper."""


def main() -> int:
    """Run Mappa (or the helper process asked for); return the exit status."""
    multiprocessing.freeze_support()
    if len(sys.argv) >= 3 and sys.argv[1] == "-m" and sys.argv[2] in HELPER_MODULES:
        importlib.import_module(sys.argv[2]).serve()
        return 0
    from editor.cli_entry import main as mappa_main

    return mappa_main()


if __name__ == "__main__":
    sys.exit(main())
