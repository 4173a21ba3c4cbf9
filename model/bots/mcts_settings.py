"""The house defaults of the MCTS AI level (model/bots/mcts.py), read from resources/bots/mcts.json.

The file holds one value per tuning number (see :class:`MctsSettings` for what each means), an
optional ``rulesets`` table of overrides keyed by ruleset id, for a ruleset whose actions are much
bigger or smaller than the others' (a rollout ``depth`` counts actions), and an ``about`` text for
its readers. A ruleset's entry may hold a ``seats`` table of further overrides keyed by the number
of seats of the game (as text: ``"2"``), for a ruleset whose scenarios of few seats and of many
want different searches (a duel decides less by luck than a seven-seat melee). A bot built with explicit
values keeps them whatever the file says.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from model.resources import resource_path

SETTINGS_PARTS = ("bots", "mcts.json")
"""Where the house defaults are, under the shipped resources (``model.resources``)."""


def settings_file() -> Path:
    """The shipped settings file (in the bundle when Mappa runs packaged)."""
    return resource_path(*SETTINGS_PARTS)


class MctsSettingsError(ValueError):
    """The settings file, or a value given to the bot, that cannot be used; names which and why."""


class MctsSettings(BaseModel):
    """The tuning numbers of one MCTS search."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    samples: int = Field(ge=1)
    """Determinizations per decision: each is one round in which every candidate still in the race
    is played out once, from the same hidden cards and the same future dice (paired samples)."""
    candidates: int = Field(ge=1)
    """Root moves compared: the rollout policy's own choice, its choices in other determinizations,
    then other legal moves at random."""
    explore: int = Field(default=0, ge=0)
    """When the rollout policy ranks its moves (``model.bots.base.RankingBot``), the root compares
    its ``candidates`` best and this many other legal moves drawn at random; a policy that does
    not rank fills ``candidates`` with its choices in other determinizations and random moves."""
    depth: int = Field(ge=0)
    """Actions played by the rollout policy after the tree before the position is scored."""
    seat_depth: int = Field(default=0, ge=0)
    """When above 0, a rollout plays at most this many actions per seat of the game
    (``Game.players()``) instead of ``depth``: every seat acts in a round, so a 7-seat game needs
    more than twice the actions of a 3-seat one to see as far ahead."""
    rounds: int = Field(default=0, ge=0)
    """A rollout also stops once the game's round (``State.cursor()``) is this many past the
    decision's, so that the position is judged at a round's end, where the rules settle what the
    round's actions did (0: only ``depth`` stops it)."""
    confidence: float = Field(ge=0.0)
    """How many standard errors a move's paired gain over the policy's choice must exceed before
    it is played instead (and how far below the best a move must fall to leave the race)."""
    extend: int = Field(default=0, ge=0)
    """At most this many rounds after ``samples``, played only while the decision is contested: a
    candidate still in the race gains on the policy's choice, none yet by ``confidence`` standard
    errors. The budget goes to the close calls; a decision where every other move lost ground
    takes no more (0: ``samples`` rounds at most)."""
    verify: int = Field(default=0, ge=0)
    """Fresh paired rounds a move that won the race plays against the policy's choice before it is
    played: the race picks the luckiest of several moves on the same samples, so its margin is
    biased upwards; the move is played only if it also gains by ``confidence`` standard errors on
    these new samples alone (0: no such check)."""
    widening: float = Field(ge=0.0)
    """Progressive widening below the root: a node holds about ``widening * visits ** 0.5``
    children (at least one, the policy's choice, so 0 makes every playout a plain rollout)."""
    exploration: float = Field(ge=0.0)
    """The UCB1 exploration constant below the root."""
    margin: float = Field(default=0.0, ge=0.0, le=1.0)
    """The weight of the deciding seat's lead over the best of the others (``mcts.lead_margin``)
    in a playout's reward, beside the lead and place (0: lead and place alone). With two seats
    the place says only who leads, so without it a move that gains ground on the leader scores
    the same as one that loses it."""
    field: float = Field(default=0.0, ge=0.0, le=1.0)
    """The weight of the deciding seat's lead over the mean of the others (``mcts.lead_over_field``)
    in a playout's reward, taken out of the lead and place as ``margin`` is (``margin + field`` at
    most 1). With many seats the lowest and highest scores that bound the place, and the best of
    the others that bounds the margin, are each one noisy seat; the mean of six others barely
    moves, so the reward follows what a move did for the seat itself."""

    @model_validator(mode="after")
    def _shares_fit(self) -> MctsSettings:
        """The margin and field shares are taken out of one reward, so together at most all of it."""
        if self.margin + self.field > 1.0:
            raise ValueError(f"margin ({self.margin}) and field ({self.field}) add up to more than 1")
        return self


_FIELDS = tuple(MctsSettings.model_fields)


@lru_cache(maxsize=4)
def _file(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise MctsSettingsError(f"cannot read the MCTS settings {path.name}: {error}") from error
    if not isinstance(data, dict):
        raise MctsSettingsError(f"the MCTS settings {path.name} must be a JSON object")
    return data


def load_settings(
    ruleset: str,
    overrides: dict[str, Any] | None = None,
    path: Path | None = None,
    seats: int | None = None,
) -> MctsSettings:
    """Return the settings for a search in ``ruleset``: the file's defaults, then its overrides for
    that ruleset, then that ruleset's overrides for a game of ``seats`` seats (when given), then
    ``overrides`` (values given to the bot; None entries are ignored); ``path`` replaces the
    shipped file."""
    path = settings_file() if path is None else path
    data = _file(path)
    values = {key: data[key] for key in _FIELDS if key in data}
    per_ruleset = data.get("rulesets", {})
    if not isinstance(per_ruleset, dict):
        raise MctsSettingsError(f"'rulesets' of {path.name} must map ruleset ids to settings")
    own = dict(per_ruleset.get(ruleset, {}))
    per_seats = own.pop("seats", {})
    if not isinstance(per_seats, dict):
        raise MctsSettingsError(
            f"'seats' of {ruleset!r} in {path.name} must map numbers of seats to settings"
        )
    values.update(own)
    if seats is not None:
        values.update(per_seats.get(str(seats), {}))
    values.update({key: value for key, value in (overrides or {}).items() if value is not None})
    try:
        return MctsSettings(**values)
    except ValidationError as error:
        games = "" if seats is None else f" ({seats} seats)"
        raise MctsSettingsError(f"MCTS settings for {ruleset!r}{games} in {path.name}: {error}") from error
