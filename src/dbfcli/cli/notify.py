"""``dbf notify draw``: the draw of a cup round to every captain, as e-mails (§1.5.16).

Addresses come from ``cup/contacts.yaml`` (``contacts: {member_id: address}``), which the
TD keeps: the teams file has no e-mail addresses. A captain without one gets a message
to ``captain-<id>@example.invalid`` (never deliverable) and a warning.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from .common import JsonOpt, check, command, emit, fail, load_store

RoundOpt = Annotated[int, typer.Option("--round", help="Cup round 1-9 whose draw is sent.")]
OutOpt = Annotated[Optional[Path], typer.Option("--out", help="Folder for the .eml files (one per captain).")]
SmtpOpt = Annotated[Optional[str], typer.Option("--smtp", help="HOST:PORT of an SMTP server: send instead of writing files.")]
FromOpt = Annotated[str, typer.Option("--from", help="Sender address.")]


def register(app: typer.Typer) -> None:
    notify = typer.Typer(help="E-mails to the captains (§1.5.16): `notify draw --round N`.", no_args_is_help=True)
    app.add_typer(notify, name="notify")

    @command(notify, "draw")
    def draw(round_: RoundOpt, out: OutOpt = None, smtp: SmtpOpt = None, sender: FromOpt = "td@example.invalid",
             json_: JsonOpt = False) -> None:
        """Write one e-mail (.eml) per captain of cup round N: match, opponent, home or away, venue,
        date and time, UP, and the result-sheet deadline (§1.5.14: 18 hours after the match).
        With --smtp HOST:PORT the messages are sent instead (captains without an address are skipped).

        Example: dbf notify draw --round 3 --out mail/   |   dbf notify draw --round 3 --smtp localhost:25
        """
        from ..i18n import count, current_lang, t
        from ..publish.gather import load_season
        from ..publish.mail import file_name, message, notices

        if out is None and smtp is None:
            fail("give --out DIR (write .eml files) or --smtp HOST:PORT (send)", hint="dbf notify draw --round 3 --out mail/", code="usage.missing")
        if smtp is not None:   # a usage error before any reading or warning
            host, _, port = smtp.rpartition(":")
            if not host or not port.isdigit():
                fail(f"--smtp {smtp!r} is not HOST:PORT", hint="--smtp localhost:25", code="usage.option")
        lang = current_lang()
        data = load_season(load_store())
        if round_ not in data.draws:
            fail(f"cup round {round_} has not been drawn", rule="1.5.16", hint=f"dbf draw cup --round {round_}", code="state.not-drawn")
        items, problems = notices(data, round_)
        warnings = check(problems)
        msgs = [(n, message(n, sender, lang, data.season)) for n in items]
        doc: dict = {"ok": True, "round": round_, "messages": len(msgs)}
        if smtp is not None:
            import smtplib

            sent, skipped = [], []
            try:
                with smtplib.SMTP(host, int(port), timeout=30) as server:
                    for n, msg in msgs:
                        if n.email is None:
                            skipped.append(n.team)
                            continue
                        server.send_message(msg)
                        sent.append(n.team)
            except (OSError, smtplib.SMTPException) as exc:
                fail(f"could not send through {smtp}: {exc}", hint="check the server, or write files with --out", code="io.cannot-send")
            doc.update({"sent": len(sent), "skipped": skipped, "server": smtp})
            human = t("sent_mail", lang, messages=count(len(sent), "message", lang, en_plural=True), server=smtp)
        else:
            assert out is not None
            files = []
            try:
                out.mkdir(parents=True, exist_ok=True)
                for n, msg in msgs:
                    path = out / file_name(n)
                    path.write_bytes(bytes(msg))
                    files.append(str(path))
            except OSError as exc:
                fail(f"cannot write the messages to --out {out}: {exc.strerror or exc}",
                     hint="--out names a folder (created when missing), not a file", code="io.cannot-write")
            doc.update({"out": str(out), "files": files})
            human = t("wrote_mail", lang, messages=count(len(files), "message", lang, en_plural=True), out=out)
        doc["warnings"] = [p.to_json() for p in warnings]
        emit(doc, lambda o: o.line(human))
