"""What later checks need of recorded matches (§1.5.11, §1.5.12): players added,
who played for whom, who joined a team. Light on purpose: the ledgers (`dbf up`,
`dbf gp`, `dbf fees`) import it without the whole sheet checker."""

from __future__ import annotations

import datetime as dt
from typing import Iterable

from ..model import Player
from ..problems import Where
from ..value import Located, Value


class Addition(Located):
    """§1.5.11: the TD was told before the match that ``player`` joins ``team``
    from cup round ``round`` (``cup/additions.yaml``)."""

    team: str
    player: Player
    round: int
    announced_on: dt.date | None = None
    where: Where | None = None


class Appearance(Value):
    """A player on a recorded match: for ``team``, ``substitute`` as classified
    when it was recorded, and whether the opponent allowed it (§2.11)."""

    player: int
    team: str
    substitute: bool = False
    boards: int = 0
    opponent_allowed: bool = False


class RecordedMatch(Value):
    """Another recorded match of the season: the facts later sheets need
    (who is out, who played for whom, §1.5.12)."""

    match: str
    round: int
    home: str
    away: str
    winner: str | None
    loser: str | None
    kind: str = "result"            # result | walkover
    appearances: tuple[Appearance, ...] = ()

    def opponent(self, team: str) -> str | None:
        if team == self.home:
            return self.away
        if team == self.away:
            return self.home
        return None


class Join(Value):
    """§1.5.12: a substitute who played a second time for ``team`` joins it;
    round fees are due from ``first_round`` (the round of the first time)."""

    player: int
    team: str
    first_round: int
    joined_round: int


class Withdrawal(Located):
    """§1.5.11 with §1.5.12 (reading, docs/readings/sheets.md): the TD takes ``player``, who
    has not played for ``team``, off its players from cup round ``round`` on
    (``dbf cup withdraw-player``, ``cup/withdrawals.yaml``), so that a substitute may join a
    full team without making it more than 6."""

    team: str
    player: int
    round: int
    on: dt.date | None = None
    note: str = ""
    where: Where | None = None


def withdrawn_from(withdrawals: Iterable[Withdrawal], team: str, round_no: int | None = None) -> set[int]:
    """Member numbers withdrawn from ``team`` by round ``round_no`` (None: at any round)."""
    return {w.player for w in withdrawals if w.team == team and (round_no is None or w.round <= round_no)}
