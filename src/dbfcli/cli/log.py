"""``dbf log``: the journal of every write to the season."""

from __future__ import annotations

from typing import Annotated

import typer

from ..i18n import heads, problem_text, t as tr, word
from .common import CsvDialectOpt, CsvOpt, JsonOpt, command, emit, load_snapshot


def register(app: typer.Typer) -> None:
    @command(app, "log")
    def log(last: Annotated[int, typer.Option("--last", "-n", help="Show only the last N writes (0: all).")] = 0,
            csv: CsvOpt = False, csv_dialect: CsvDialectOpt = None, json_: JsonOpt = False) -> None:
        """Every write to the season: when, which command, what changed.

        Example: dbf log -n 5
        """
        snap = load_snapshot()
        entries = snap.journal()
        if last:
            entries = entries[-last:]
        doc = {"season": snap.season, "entries": [
            {"at": e["at"], "command": e["command"], "message": e.get("message", ""), "user": e.get("user"),
             "file": e["file"], "changes": [{"file": c["file"], "action": c["action"]} for c in e["changes"]]}
            for e in entries]}

        def human(out):
            out.table(tr("journal_title", season=snap.season), heads("when (UTC)", "command", "what", "files"),
                      [(e["at"][:19].replace("T", " "), e["command"], problem_text(e.get("message", "")),
                        ", ".join(f"{word('action', c['action'])} {c['file']}" for c in e["changes"])) for e in entries])

        emit(doc, human)
