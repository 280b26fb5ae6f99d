"""Exports for the federation as a use case: :func:`usebio_export` (``dbf export usebio``): a cup
round or a division as USEBIO 1.3 XML (teams, players with their DBF member numbers, matches and
IMPs, the round's GP as master points, §1.5.10; a division's places and VP, §1.1), built by
:mod:`dbfcli.publish.usebio`. The XML is bytes the face writes or prints."""

from __future__ import annotations

from typing import Any

from ..rules.problems import Msg
from ..rules.value import MutableValue, Value
from .outcome import Outcome, fail, not_drawn, not_entered, outcome_of
from .session import Session


class UsebioRequest(Value, kw_only=True):
    """``dbf export usebio (--round N | --division DIV)``: exactly one of them; ``out`` the file
    the face writes (shown in the document)."""

    round: int | None = None
    division: str | None = None
    out: str | None = None


class UsebioFile(MutableValue, kw_only=True):
    """The XML (UTF-8 bytes)."""

    xml: bytes


def usebio_export(session: Session, request: UsebioRequest) -> Outcome:
    """Refused (exit 2) without exactly one of round and division, for an unknown division, a
    round not drawn (§1.5.16) or a division with no teams; both are checked before the season is
    read. ``doc``: the summary ``--json`` prints; ``plan``: :class:`UsebioFile`."""
    return outcome_of(_usebio, session, request)


def _usebio(session: Session, request: UsebioRequest) -> Outcome:
    from ..publish import usebio as ub
    from ..publish.gather import load_season, schedule_round
    from ..rules.model import DIVISIONS

    if (request.round is None) == (request.division is None):
        fail(Msg('give exactly one of --round N and --division DIV'), hint="dbf export usebio --round 3",
             code="usage.conflict" if request.round is not None else "usage.missing")
    if request.division is not None and request.division not in DIVISIONS:
        fail(Msg('unknown division {}', f'{request.division!r}'), hint=Msg("one of {}", ", ".join(DIVISIONS)),
             code="unknown.division")
    data = load_season(session.snap)
    round_, division = request.round, request.division
    if round_ is not None:
        if round_ not in data.draws:
            not_drawn(round_)
        schedule, _ = schedule_round(data, round_)
        xml, summary = ub.cup_round(data, round_, schedule)
    else:
        if division not in data.divisions or not data.divisions[division].teams:
            not_entered(division)
        xml, summary = ub.division(data, division)
    doc: dict[str, Any] = {"ok": True, "format": "USEBIO 1.3", "out": request.out, **summary}
    return Outcome(doc=doc, plan=UsebioFile(xml=xml))
