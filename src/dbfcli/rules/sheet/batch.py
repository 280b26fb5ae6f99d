"""Many result sheets in one command (issue 17): what a sheet breaks against the OTHER sheets
of the same batch, beside what it breaks against the season (``rules.sheet.validate``, whose §1.5.12a
and §2.11 checks see the batch's sheets accepted before this one as recorded matches).

- Two sheets for one match: the later one (in name order) is refused (``format.duplicate``);
  the first is judged as if alone.
- A team on two sheets of one round (cup or division): a team plays one match a round
  (§1.5.16 for the cup, the schedule §1.1.2.1 for a division): ``format.duplicate``.
- A division player on two sheets of one round: a player sits at one table
  (``format.duplicate``; §1.5.12a is the cup's, and for the cup ``rules.sheet.validate`` says it).

Readings: docs/readings/input.md ("A whole round in one command").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Mapping

from ..problems import Msg, Problem
from ..value import Value

if TYPE_CHECKING:
    from .validate import Sheet


class BatchEntry(Value):
    """A sheet of the batch accepted so far: its ``file``, match, round, teams and players."""

    file: str
    match: str
    round: int
    teams: tuple[str, ...]
    players: frozenset[int] = frozenset()


def entry_of(sheet: "Sheet", round_no: int) -> BatchEntry:
    """The :class:`BatchEntry` of an accepted ``sheet`` of round ``round_no``."""
    return BatchEntry(sheet.file or "", sheet.match, round_no, (sheet.home.team, sheet.away.team),
                      frozenset(p.id for s in sheet.sides for p in s.players))


def same_match(sheet: "Sheet", seen: Mapping[str, str]) -> list[Problem]:
    """A second sheet of the batch for a match (``seen``: match id -> the earlier sheet's file)."""
    first = seen.get(sheet.match)
    if first is None:
        return []
    return [Problem.error(None, Msg('{} is also the match of {}, earlier in this batch; one sheet a match',
                                    sheet.match, first), sheet.where_of("match"),
                          hint=Msg('submit the right one alone, or `dbf result amend` it later'),
                          code="format.duplicate")]


def batch_conflicts(sheet: "Sheet", round_no: int | None, accepted: Iterable[BatchEntry], *,
                    players: bool) -> list[Problem]:
    """A team (and with ``players``, a player: a division sheet) of ``sheet`` already on an
    accepted sheet of the same round in this batch."""
    if round_no is None:
        return []
    out: list[Problem] = []
    for e in accepted:
        if e.round != round_no or e.match == sheet.match:
            continue
        for side in sheet.sides:
            if side.team in e.teams:
                out.append(Problem.error(None, Msg('{} is on {} ({}) too, in the same round {}; a team '
                                                   'plays one match a round', side.team, e.match, e.file,
                                                   round_no), side.where,
                                         hint=Msg('check the match id and the teams of both sheets'),
                                         code="format.duplicate"))
            if not players:
                continue
            for p in side.players:
                if p.id in e.players:
                    out.append(Problem.error(None, Msg('player {} is on {} ({}) too, in the same round '
                                                       '{}; a player sits at one table', p.id, e.match, e.file,
                                                       round_no), p.where,
                                             hint=Msg('check the member numbers of both sheets'),
                                             code="format.duplicate"))
    return out
