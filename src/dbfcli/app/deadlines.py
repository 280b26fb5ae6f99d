"""What is due as a use case: :func:`deadlines_view` (``dbf deadlines``): the draws of the rounds
the field plays (§1.5.16), the result sheets and fees (§1.5.14, §1.5.15, each by
:func:`dbfcli.rules.sheet.scores.sheet_due`), the HUM cards (§1.5.1.1, §2.10.5), the division
system descriptions (§1.1.1.2) and the play-off choice (§1.1.2.8), each marked done, due or
overdue at the moment asked about. It reads and writes nothing else."""

from __future__ import annotations

import datetime as dt
from typing import Any

from ..rules.problems import Msg, Problem
from ..rules.value import MutableValue, Value
from .outcome import Outcome, outcome_noting
from .session import Session
from .when import moment_of


class DeadlinesRequest(Value, kw_only=True):
    """``dbf deadlines``: ``today`` the date or moment to see the season on (default now);
    ``every`` every deadline, done and far ahead too (``--all``), else what is open within
    ``days``; ``fail_on_overdue`` the document says ``ok: false`` with each overdue item."""

    today: str | None = None
    every: bool = False
    days: int = 14
    fail_on_overdue: bool = False


class DeadlinesView(MutableValue, kw_only=True):
    """``shown`` the deadlines asked for (:class:`dbfcli.rules.deadlines.Deadline`), ``overdue``
    those of them past due, ``overdue_problems`` each as a problem of its § (§1.5.14, §1.5.16,
    ...; code ``deadline.overdue``), ``notes`` what could not be dated, ``now``, ``season``."""

    shown: list[Any]
    overdue: list[Any]
    overdue_problems: list[Problem]
    notes: list[str]
    now: dt.datetime
    season: str


def deadlines_view(session: Session, request: DeadlinesRequest) -> Outcome:
    """``dbf deadlines``: ``doc`` the deadlines as ``--json`` prints them; ``plan``
    :class:`DeadlinesView`; the warnings about the cup's field and what waits for the TD
    (§1.5.14, §1.5.16) are ``notes`` (printed, never fatal). ``--today`` that is no date: exit 2."""
    return outcome_noting(_deadlines_view, session, request)


def _deadlines_view(session: Session, request: DeadlinesRequest, notes: list[Problem]) -> Outcome:
    from ..rules.cup.waiting import waiting_notes
    from ..rules.deadlines import merge, open_items

    now = moment_of(request.today)
    snap = session.snap
    settings = snap.settings()
    sources, undated, warnings = snap.deadline_sources(settings, now)
    warnings = list(warnings) + waiting_notes(snap.pending_items())   # what waits for the TD (issue 26)
    notes += warnings
    every = merge(sources, now)
    shown = every if request.every else open_items(every, now, request.days)
    overdue = [d for d in shown if d.overdue]
    problems = overdue_problems(overdue)
    failing = request.fail_on_overdue and bool(overdue)
    doc: dict[str, Any] = {"ok": not failing, "today": now.isoformat(), "deadlines": [d.to_json() for d in shown],
                           "notes": undated, "warnings": [p.to_json() for p in warnings]}
    if failing:
        doc["errors"] = [p.to_json() for p in problems]
    return Outcome(doc=doc, notes=list(notes), plan=DeadlinesView(shown=shown, overdue=overdue, overdue_problems=problems,
                                               notes=list(undated), now=now, season=snap.season))


def overdue_problems(overdue: list[Any]) -> list[Problem]:
    """Each overdue deadline as a problem of its own § (``deadline.overdue``): what makes
    ``dbf deadlines --fail-on-overdue`` exit 1 (a cron job's signal)."""
    return [Problem.error(d.rule, Msg('overdue since {}: {}', when(d.due), d.what), code="deadline.overdue")
            for d in overdue]


def when(due: dt.date | dt.datetime) -> str:
    """A deadline's due date (or moment) as the table and the problems show it."""
    return due.strftime("%Y-%m-%d %H:%M") if isinstance(due, dt.datetime) else due.isoformat()
