"""Checks that what validates clean also plays: the ruleset reads its tables, the engine starts.

A scenario can pass every schema and check and still be refused by the rules engine: a table
override of the wrong shape (``ruleset.tables.schism: true``), or a setup the engine cannot seat.
These checks ask the ruleset, through the registry, to do what play-testing does first (read the
tables with the scenario's overrides, build the Game and its first State) and report a refusal as
an issue with the place, instead of an error at play time.
"""

from __future__ import annotations

from collections.abc import Iterator

from model.issues import Issue
from model.validate import ruleset_data
from model.validate.codes import issue
from model.validate.context import Context


def _reason(error: BaseException) -> str:
    text = str(error).strip() or type(error).__name__
    return text if len(text) <= 300 else text[:300] + "..."


def table_overrides(context: Context) -> Iterator[Issue]:
    """Each table override the ruleset cannot read, at ``ruleset.tables.<id>``."""
    spec = context.spec
    overrides = context.scenario.ruleset.tables
    if spec is None or not spec.tables_loader or not overrides:
        return
    try:
        spec.load_tables(dict(overrides))
        return
    except Exception as error:  # any failure to read an author's table is that table's problem
        together = error
    # The limits table has a check of its own (ruleset_data), which names the bad entry.
    _, limit_problems = ruleset_data.limits_table(context)
    reported = {"limits"} if limit_problems else set()
    located = bool(reported)
    for table_id in sorted(set(overrides) - reported):
        try:
            spec.load_tables({table_id: overrides[table_id]})
        except Exception as error:
            located = True
            yield issue(
                "TABLE_INVALID",
                f"the scenario's {table_id.replace('_', ' ')} table: the {spec.name} rules cannot use "
                f"it ({_reason(error)}): fix it, or delete it to use the shipped table",
                path=f"ruleset.tables.{table_id}",
            )
    if not located:
        yield issue(
            "TABLE_INVALID",
            f"the scenario's tables: the {spec.name} rules cannot use them together "
            f"({_reason(together)}): check that they agree with each other",
            path="ruleset.tables",
        )


def engine_setup(context: Context) -> Iterator[Issue]:
    """The engine's refusal to set up a game from this scenario (run when no error was found).

    A scenario without empires is a map still being drawn: that is said (INFO), not tried.
    """
    spec = context.spec
    if spec is None or not spec.engine:
        return
    if not context.scenario.setup.empires:  # a map without players yet (what importers make)
        yield issue(
            "SETUP_NO_PLAYERS",
            f"the scenario has no {spec.player_label}s yet, so no game can start: add them in the "
            "Tables panel (Empires) to play-test it",
            path="setup.empires",
        )
        return
    try:
        game = spec.engine_factory()(context.scenario)
        game.new_state(seed=1)
    except Exception as error:  # the engine's own refusal, whatever its type, is the finding
        yield issue(
            "ENGINE_REFUSED",
            f"the {spec.name} rules cannot start a game from this scenario: {_reason(error)} "
            f"({type(error).__name__})",
            path="setup",
        )
