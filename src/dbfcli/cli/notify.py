"""``dbf notify draw|commitment|division|reminders``: e-mails to the captains (§1.5.16).

Each command parses its options, makes one call of the application layer
(:mod:`dbfcli.app.notify`: what is sent to whom, and the record that the draw was sent) and
renders the outcome; the mails are delivered here (:func:`post`: the .eml files of ``--out``,
or sent through ``--smtp``), as the use case asks.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from .common import DryRunOpt, JsonOpt, command, fail
from .usecase import render, session
from ..rules.problems import Msg

RoundOpt = Annotated[int, typer.Option("--round", help="Cup round 1-9 whose draw is sent.")]
OutOpt = Annotated[Optional[Path], typer.Option("--out", help="Folder for the .eml files (one per captain).")]
SmtpOpt = Annotated[Optional[str], typer.Option("--smtp", help="HOST:PORT of an SMTP server: send instead of writing files.")]
FromOpt = Annotated[Optional[str], typer.Option("--from", help="Sender address (else mail_from in DIR/dbf.toml, "
                                                               "else td@example.invalid).")]


def post(mails, via) -> dict:
    """Deliver ``mails`` (:class:`dbfcli.app.notify.Mail`): as .eml files (CRLF) to ``via.out``,
    or through ``via.smtp`` (messages without an address are skipped); what the document says
    of it."""
    from ..publish.mail import eml_bytes
    from .common import write_out_folder

    if via.smtp is not None:
        return _send(mails, via.smtp)
    files = [str(p) for p in write_out_folder(via.out, [(m.name, eml_bytes(m.message)) for m in mails])]
    return {"out": str(via.out), "files": files}


def _send(mails, smtp: str) -> dict:
    """The mails with an address sent through the SMTP server ``smtp`` (HOST:PORT)."""
    import smtplib

    from ..app.notify import smtp_parts

    host, port = smtp_parts(smtp)
    sent, skipped = [], []
    try:
        with smtplib.SMTP(host, int(port), timeout=30) as server:
            for m in mails:
                if m.to is None:
                    skipped.append(m.name)
                    continue
                server.send_message(m.message)
                sent.append(m.name)
    except (OSError, smtplib.SMTPException) as exc:
        fail(Msg('could not send through {}: {}', smtp, exc), hint=Msg('check the server, or write files with '
                                                               '--out'), code="io.cannot-send")
    return {"sent": len(sent), "skipped": skipped, "server": smtp}


def _shown(outcome, lang: str) -> None:
    """A ``dbf notify`` outcome on the terminal: what was written or sent (or, with --dry-run,
    would be, to whom), or that nothing was due."""
    render(outcome, lambda out: out.line(_delivered_line(outcome.plan, outcome.doc, lang)))


def _delivered_line(plan, doc: dict, lang: str) -> str:
    from ..i18n import count, t

    via = plan.via
    if not plan.delivered:
        return t("nothing_due_mail", lang)
    if plan.dry_run:
        n = count(sum(1 for m in plan.mails if m.to is not None or via.smtp is None), "message", lang, en_plural=True)
        line = (t("would_send_mail", lang, messages=n, server=via.smtp) if via.smtp
                else t("would_write_mail", lang, messages=n, out=via.out))
        return "\n".join([line + t("dry_run_nothing", lang)] + [f"  {m.name}: {m.to or '-'}" for m in plan.mails])
    if via.smtp is not None:
        return t("sent_mail", lang, messages=count(doc["sent"], "message", lang, en_plural=True), server=via.smtp)
    return t("wrote_mail", lang, messages=count(len(doc["files"]), "message", lang, en_plural=True), out=via.out)


def register(app: typer.Typer) -> None:
    notify = typer.Typer(help="E-mails to the captains (§1.5.16): `notify draw --round N`.", no_args_is_help=True)
    app.add_typer(notify, name="notify")

    @command(notify, "draw", writes=True)
    def draw(round_: RoundOpt, out: OutOpt = None, smtp: SmtpOpt = None, sender: FromOpt = None,
             no_sheet: Annotated[bool, typer.Option("--no-sheet", help="Do not attach the pre-filled sheet.")] = False,
             dry_run: DryRunOpt = False, json_: JsonOpt = False) -> None:
        """Write one e-mail (.eml) per captain of cup round N: match, opponent, home or away, venue
        (street address when the teams file has it), weekday, date and time, UP of the trip, the
        opponent captain's name, e-mail and phone to agree the time (§1.5.6), the result-sheet
        deadline (§1.5.14: 18 hours after the match) and the pre-filled sheet attached.
        With --smtp HOST:PORT the messages are sent instead (captains without an address are skipped).

        Example: dbf notify draw --round 3 --out mail/   |   dbf notify draw --round 3 --smtp localhost:25
        """
        from ..app.notify import DrawMails, Via, draw_mails
        from ..i18n import current_lang

        lang = current_lang()
        outcome = draw_mails(session(), DrawMails(round=round_, via=Via(out=out, smtp=smtp), sender=sender,
                                                  sheet=not no_sheet, lang=lang, dry_run=dry_run), post)
        _shown(outcome, lang)

    @command(notify, "commitment")
    def commitment(round_: RoundOpt, out: OutOpt = None, smtp: SmtpOpt = None, sender: FromOpt = None,
                   dry_run: DryRunOpt = False, json_: JsonOpt = False) -> None:
        """Before the draw of cup round N: one e-mail per captain of every cup team still in the
        cup with the commitment to the draw (`dbf draw commit`) and its beacon source, so the
        captains hold it before the draw; the draw's e-mail (`notify draw`) reveals the secret
        (§1.5.16).

        Example: dbf notify commitment --round 3 --out mail/
        """
        from ..app.notify import CommitmentMails, Via, commitment_mails
        from ..i18n import current_lang

        lang = current_lang()
        outcome = commitment_mails(session(), CommitmentMails(round=round_, via=Via(out=out, smtp=smtp), sender=sender,
                                                              lang=lang, dry_run=dry_run), post)
        _shown(outcome, lang)

    @command(notify, "division")
    def division(div: Annotated[str, typer.Argument(metavar="DIV", help="1div, 2div, 3div-a or 3div-b.")],
                 weekend: Annotated[int, typer.Option("--weekend", min=1, help="The division weekend (1-4).")],
                 out: OutOpt = None, smtp: SmtpOpt = None, sender: FromOpt = None,
                 links: Annotated[bool, typer.Option("--links", help="Each match with the captain's own link of "
                                                     "dbf serve, to send the result from (base_url of DIR/dbf.toml)."
                                                     )] = False,
                 dry_run: DryRunOpt = False, json_: JsonOpt = False) -> None:
        """One e-mail per captain of a division: the team's matches of the weekend (round, its date:
        a weekend's later rounds on the Sunday, §1.1.2.1; opponent; home or away), and each opponent
        captain's name, e-mail and phone; with --links, the captain's link of each match (dbf serve,
        docs/readings/division-results.md).

        Example: dbf notify division 2div --weekend 1 --links --out mail/
        """
        from ..app.notify import DivisionMails, Via, division_mails
        from ..i18n import current_lang

        lang = current_lang()
        outcome = division_mails(session(), DivisionMails(division=div, weekend=weekend, via=Via(out=out, smtp=smtp),
                                                          sender=sender, links=links, lang=lang, dry_run=dry_run), post)
        _shown(outcome, lang)

    @command(notify, "reminders")
    def reminders(out: OutOpt = None, smtp: SmtpOpt = None, sender: FromOpt = None,
                  now: Annotated[Optional[str], typer.Option("--now", help="Pretend it is this time "
                                                                            "(YYYY-MM-DDTHH:MM).")] = None,
                  dry_run: DryRunOpt = False, json_: JsonOpt = False) -> None:
        """For cron: remind the captains of a cup result sheet that is overdue (§1.5.14: the
        winning team sends it within 18 hours; both captains are told, as the winner is not known
        until it arrives) and a team of a cup fee it owes (§1.5.14/§1.5.15). Nothing due: no mail.

        Example: dbf notify reminders --smtp localhost:25
        """
        from ..app.notify import ReminderMails, Via, reminder_mails
        from ..i18n import current_lang

        lang = current_lang()
        outcome = reminder_mails(session(), ReminderMails(via=Via(out=out, smtp=smtp), sender=sender, now=now, lang=lang,
                                                          dry_run=dry_run), post)
        _shown(outcome, lang)
