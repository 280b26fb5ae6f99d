"""One result sheet's outcome on the terminal (``dbf result check|submit|amend``, ``accept``,
``import --submit``): the call of the application layer (:mod:`dbfcli.app.sheets`) and the
rendering of its :class:`~dbfcli.app.outcome.Outcome`, shared by the result commands."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from ..i18n import heads, t as tr
from .common import fail
from .invocation import RUN
from .output import emit, num
from .usecase import session as _session
from ..rules.problems import Msg


def now_of(value: str | None) -> dt.datetime:
    """``--now`` (when the sheet was received), default now."""
    if value:
        from ..rules.dates import datetime_of

        when = datetime_of(value)
        if when is None:
            fail(Msg('--now {} is not a date and time (YYYY-MM-DDTHH:MM) in the years 1900-2999', f'{value!r}'), code="usage.option")
        return when
    return dt.datetime.now().replace(microsecond=0)


def _human(doc: dict, verb_key: str):
    def show(out):
        if doc.get("winner"):
            imps = doc.get("imps") or ["?", "?"]
            out.line(tr("result_winner", match=doc["match"], verb=tr(verb_key), winner=doc["winner"], a=imps[0], b=imps[1]))
        else:
            out.line(tr("result_plain", match=doc["match"], verb=tr(verb_key)))
        if doc.get("gp"):
            out.table(tr("gp_short_title"), heads("player", "GP"), [(p, num(f"{g:.2f}")) for p, g in sorted(doc["gp"].items())],
                      justify=["left", "right"])
        if doc.get("up"):
            out.line(tr("up_credited_line", list=", ".join(f"{t} {u}" for t, u in doc["up"].items())))
    return show


#: how each outcome of a sheet is shown (Outcome.show -> the verb of the line)
VERBS = {"valid": "verb:sheet_valid", "would": "verb:would be recorded", "recorded": "verb:recorded_p",
         "amended": "verb:amended"}


def render(outcome) -> None:
    """A sheet's :class:`dbfcli.app.outcome.Outcome` on stdout (``--json``: its document) and
    stderr (the warnings found on the way); a refusal exits with its code."""
    from .common import print_problems, report

    if outcome.refused:
        report(outcome.problems, outcome.doc)
    if outcome.notes and not RUN.json:
        print_problems(outcome.notes)
    doc = outcome.doc
    if outcome.show == "already":
        emit(doc, lambda out: out.line(tr("already_recorded", match=doc["match"])))
    elif outcome.show in VERBS:
        emit(doc, _human(doc, VERBS[outcome.show]))


def record_sheet(file: Path, now: str | None, penalty: bool, dry_run: bool, amend: bool, extra=None) -> None:
    """``dbf result submit|amend FILE``: one sheet decided and written
    (:func:`dbfcli.app.sheets.submit_sheet`; ``extra``: its :class:`~dbfcli.app.sheets.Extra`)."""
    from ..app.sheets import read_sheet_file, submit_sheet

    text = read_sheet_file(file)
    render(submit_sheet(_session(), text, now_of(now), penalty=penalty, dry_run=dry_run, amend=amend, extra=extra))
