"""``mappa diff OLD NEW [--format text|json]``, and git's external diff driver ``mappa diff --git``.

Exit status: 0 when the two versions are the same for an author, 1 when they differ, 2 when a
file cannot be read (the load error names the file and the place). As git's external diff
(``git config diff.mappa.command "mappa diff --git"``), git passes seven arguments (path, old
file, old hash, old mode, new file, new hash, new mode; two more, the new path and the rename's
similarity, for a renamed file) and stops if the driver exits non-zero,
so ``--git`` exits 0 whenever it could show the diff; a side git marks ``/dev/null`` (a file
added or deleted) is an empty scenario.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from model import io
from model.diff import diff_scenarios
from model.diff.render import render_text
from model.scenario import Metadata, Scenario

ERRORS: tuple[type[Exception], ...] = (ValueError,)
"""The expected failures ``run`` raises besides ``LoadError`` (a wrong number of files)."""

GIT_ARGUMENTS = (7, 9)
"""What git passes an external diff: seven arguments, nine for a renamed file (new path, rename info)."""


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``mappa diff``."""
    parser.add_argument("files", nargs="+", metavar="FILE", help="OLD and NEW scenario files")
    parser.add_argument("--format", choices=("text", "json"), default="text", help="output format")
    parser.add_argument(
        "--git",
        action="store_true",
        help="run as git's external diff driver (seven arguments from git; always exits 0)",
    )


def _load(path: str) -> Scenario:
    """Load a side; git's ``/dev/null`` (added or deleted file) is an empty scenario."""
    if path == os.devnull:
        return Scenario(metadata=Metadata(title="(no file)"))
    return io.load(path)


def run(args: argparse.Namespace) -> int:
    """Compare two scenario files and print the changes; return 0 (same), 1 (different)."""
    if args.git:
        if len(args.files) not in GIT_ARGUMENTS:
            raise ValueError(
                "diff --git takes the 7 arguments git passes to an external diff (9 for a renamed file) "
                f"(got {len(args.files)}); set it up with: git config diff.mappa.command 'mappa diff --git'"
            )
        path, old_file, new_file = args.files[0], args.files[1], args.files[4]
        new_path = args.files[7] if len(args.files) == 9 else path
        old_name, new_name = f"a/{path}", f"b/{new_path}"
    else:
        if len(args.files) != 2:
            raise ValueError(f"diff compares two files, OLD and NEW (got {len(args.files)})")
        old_file, new_file = args.files
        old_name, new_name = old_file, new_file
    old, new = _load(old_file), _load(new_file)
    diff = diff_scenarios(old, new)
    if args.format == "json":
        data = {"old": old_name, "new": new_name, **diff.to_json()}
        sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(render_text(diff, old_name, new_name))
    if args.git:
        return 0
    return 0 if diff.equal else 1
