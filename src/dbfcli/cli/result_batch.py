"""``dbf result submit|check FILE... | DIR``: a whole round in one command (issue 17).

The command reads the sheets the user names (:func:`dbfcli.app.sheet_batch.read_sheet_folder`),
makes one call of the application layer (:func:`dbfcli.app.sheet_batch.check_sheets` or
``submit_sheets``: every sheet judged against the season and the sheets before it, each valid
one recorded as its own journal entry in one group) and renders the outcome: a summary table,
exit 1 if any sheet was rejected. Readings: docs/readings/input.md ("A whole round in one command").
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import typer

from .usecase import render, session


def many(files: list[Path]) -> bool:
    """More than one sheet, or a folder: the batch (its JSON is ``{"ok", "sheets": [...]}``)."""
    return len(files) > 1 or any(f.is_dir() for f in files)


def run_batch(paths: list[Path], write: bool, penalty: bool, dry_run: bool, all_or_nothing: bool,
              now: dt.datetime) -> None:
    """``dbf result check|submit FILE... | DIR``: the sheets read, one call of the use case, the
    summary rendered; exit 1 if any sheet was rejected."""
    from ..app.sheet_batch import check_sheets, read_sheet_folder, submit_sheets

    batch = read_sheet_folder(paths)
    if write:
        outcome = submit_sheets(session(), batch, now, penalty=penalty, dry_run=dry_run,
                                all_or_nothing=all_or_nothing)
    else:
        outcome = check_sheets(session(), batch, now)
    render(outcome, lambda out: _human(out, outcome.plan.rows, outcome.doc))
    if outcome.plan.exit:
        raise typer.Exit(outcome.plan.exit)


def _first(doc: dict) -> str:
    """The first error (else the first warning) of a sheet, with its § or code."""
    from ..i18n import t
    from ..rules.problems import shown_ids

    for key, sev in (("errors", ""), ("warnings", t("batch:warning") + " ")):
        if doc.get(key):
            p = doc[key][0]
            ids = shown_ids(p.get("rule"), p.get("code"))
            line = " " + t("batch:line", line=p["line"]) if p.get("line") else ""
            return f"{sev}{ids.strip()}{line}: {p['message']}"
    return ""


def _human(out, rows, doc: dict) -> None:
    from ..i18n import MESSAGES, count, heads, t

    out.table(None, heads("file", "match", "status", "winner", "first problem"),
              [(j.file.name, j.doc.get("match") or "", t("batch:" + j.status), j.doc.get("winner") or "",
                _first(j.doc)) for j in rows])
    n = {j.status: 0 for j in rows}
    for j in rows:
        n[j.status] += 1
    parts = [t(("batch_1:" if n.get(s) == 1 and "batch_1:" + s in MESSAGES else "batch_n:") + s, n=n.get(s, 0))
             for s in ("valid", "recorded", "would be recorded", "already recorded", "not recorded", "rejected")
             if n.get(s) or s == "rejected"]
    out.line(t("batch_line", sheets=count(len(rows) - doc["skipped"], "sheet"), parts=", ".join(parts)))
