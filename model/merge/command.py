"""``mappa merge BASE OURS THEIRS -o OUT``: the three-way merge, and git's merge driver.

As git's driver (``merge.mappa.driver "mappa merge %O %A %B -o %A"``) it writes the result over
ours; git reads exit status 0 as merged and anything else as conflicted, so the status is 0 when
every change merged, 1 when some were recorded as conflicts in the file (listed on stderr and by
``mappa validate``), 2 when a file cannot be read or written (nothing is written then).
"""

from __future__ import annotations

import argparse
import sys

from model import io
from model.merge import merge_scenarios

ERRORS: tuple[type[Exception], ...] = (OSError,)
"""The expected failures ``run`` raises besides ``LoadError``: the output cannot be written."""


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the arguments of ``mappa merge``."""
    parser.add_argument("base", metavar="BASE", help="the common ancestor (git's %%O)")
    parser.add_argument("ours", metavar="OURS", help="our version (git's %%A)")
    parser.add_argument("theirs", metavar="THEIRS", help="their version (git's %%B)")
    parser.add_argument("-o", "--output", required=True, metavar="OUT", help="where to write the merge")


def run(args: argparse.Namespace) -> int:
    """Merge the three files, write OUT; return 0 (clean) or 1 (conflicts recorded in OUT)."""
    base, ours, theirs = io.load(args.base), io.load(args.ours), io.load(args.theirs)
    result = merge_scenarios(base, ours, theirs)
    text = io.dumps(result.scenario)
    io.loads(text, args.output)  # never write a file that does not load (raises LoadError: a bug)
    try:
        io.atomic_write(args.output, text.encode("utf-8"))
    except OSError as error:
        raise OSError(f"{args.output}: cannot write the merge ({error.strerror or error})") from error
    if result.clean:
        print(f"merged into {args.output}", file=sys.stderr)
        return 0
    count = len(result.conflicts)
    print(
        f"merged into {args.output} with {count} conflict{'' if count == 1 else 's'} (ours kept; "
        "listed by mappa validate as MERGE_CONFLICT and in the file's conflicts):",
        file=sys.stderr,
    )
    for conflict in result.conflicts:
        print(f"  {conflict.path}: {conflict.message}", file=sys.stderr)
    return 1
