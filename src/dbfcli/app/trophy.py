"""``dbf trophy`` as a use case (§1.5.1): :func:`trophy` reads the finals of the history file
(``DIR/trophy.yaml``, or the one the TD names) and those recorded in every season folder (the
captain of the team that won round 9), and decides who holds the challenge trophy, who is
closest to winning it outright (3 finals in a row or 5 in all) and every outright win so far
(``rules/cup/trophy.py``). It spans seasons: no season is opened and none is locked; nothing is
written."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..rules.problems import Msg
from ..rules.value import MutableValue, Value
from .outcome import Outcome, UsageProblem, fail, outcome_of, refuse
from .session import Session


class TrophyRequest(Value, kw_only=True):
    """``dbf [--dir DIR] trophy [--history FILE]``: ``dir`` the tournaments folder (None:
    ``$DBF_DIR``, else ``./tournaments``), ``history`` the finals file (None: ``DIR/trophy.yaml``,
    which may be missing; a file named must be there)."""

    dir: str | None = None
    history: Path | None = None


class Trophy(MutableValue, kw_only=True):
    """``status`` (``rules.cup.trophy.TrophyStatus``: the trophy's number, holder, standings,
    outright wins), the finals by season (``finals``: the history's and the recorded ones),
    ``latest`` the outright win of the last final (``Outright``, or None)."""

    status: Any
    finals: list[Any]
    latest: Any = None


def trophy(session: Session, request: TrophyRequest) -> Outcome:
    """``dbf trophy`` (§1.5.1): refused (exit 2) for a history file named that is not there
    (``io.missing-file``) or a malformed one (``format.trophy``); exit 1 for finals that break
    §1.5.1 (two finals of one season). ``doc``: as ``--json`` prints it; ``plan``: :class:`Trophy`."""
    return outcome_of(_trophy, session, request)


def _trophy(session: Session, request: TrophyRequest) -> Outcome:
    from ..rules.cup.trophy import merge_finals, new_outright, trophy_status
    from ..store.cup.trophy import HISTORY, read_history, recorded_finals
    from ..store.season import resolve_dir

    root = resolve_dir(request.dir)
    path = request.history if request.history is not None else root / HISTORY
    imported, bad = read_history(path)
    if imported is None:
        if request.history is not None:
            fail(Msg('no trophy history {}', path),
                 hint=Msg('a YAML file: finals: [{{season: 2025-26, captain: 100234, name: ...}}]'),
                 code="io.missing-file")
        imported = []
    if bad:
        raise UsageProblem(bad)
    recorded, problems = recorded_finals(root)
    finals, more = merge_finals(imported, recorded)
    status, more2 = trophy_status(finals)
    notes = refuse(problems + more + more2)
    ordered = sorted(finals, key=lambda f: f.season)
    latest = new_outright(ordered[:-1], ordered[-1]) if ordered else None
    doc = {**status.to_json(), "finals": len(finals), "history": [f.to_json() for f in ordered],
           "announcement": latest.to_json() if latest else None}
    return Outcome(doc=doc, notes=notes, plan=Trophy(status=status, finals=ordered, latest=latest))
