"""``dbf notify draw``: the draw of a cup round to every captain, as e-mails (§1.5.16).

Addresses come from ``cup/contacts.yaml`` (``contacts: {member_id: address}``), which the
TD keeps: the teams file has no e-mail addresses. A captain without one gets a message
to ``captain-<id>@example.invalid`` (never deliverable) and a warning.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from .common import DryRunOpt, JsonOpt, check, command, emit, fail, load_snapshot
from ..rules.problems import Msg

RoundOpt = Annotated[int, typer.Option("--round", help="Cup round 1-9 whose draw is sent.")]
OutOpt = Annotated[Optional[Path], typer.Option("--out", help="Folder for the .eml files (one per captain).")]
SmtpOpt = Annotated[Optional[str], typer.Option("--smtp", help="HOST:PORT of an SMTP server: send instead of writing files.")]
FromOpt = Annotated[Optional[str], typer.Option("--from", help="Sender address (else mail_from in DIR/dbf.toml, "
                                                               "else td@example.invalid).")]
DEFAULT_SENDER = "td@example.invalid"


def sender_of(store, option: str | None) -> str:
    """``--from``, else ``mail_from`` in ``DIR/dbf.toml``, else :data:`DEFAULT_SENDER`."""
    from ..store.season import read_dbf_toml

    if option:
        return option
    value = read_dbf_toml(store.root).get("mail_from")
    return value if isinstance(value, str) and value.strip() else DEFAULT_SENDER


def _smtp_parts(smtp: str | None) -> tuple[str, str]:
    if smtp is None:
        return "", ""
    host, _, port = smtp.rpartition(":")
    if not host or not port.isdigit():
        fail(Msg('--smtp {} is not HOST:PORT', f'{smtp!r}'), hint=Msg('--smtp localhost:25'), code="usage.option")
    return host, port


def deliver(msgs, out: Path | None, smtp: str | None, doc: dict, lang: str, dry_run: bool = False) -> str:
    """Write ``msgs`` [(file name, address or None, EmailMessage)] as .eml files (CRLF) to ``out``,
    or send them through ``smtp`` (messages without an address are skipped); fills ``doc``.
    ``dry_run``: say what would be written or sent, to whom; write and send nothing."""
    from ..i18n import count, t
    from ..publish.mail import eml_bytes

    if dry_run:
        return _planned(msgs, out, smtp, doc, lang)
    if smtp is not None:
        import smtplib

        host, port = _smtp_parts(smtp)
        sent, skipped = [], []
        try:
            with smtplib.SMTP(host, int(port), timeout=30) as server:
                for name, address, msg in msgs:
                    if address is None:
                        skipped.append(name)
                        continue
                    server.send_message(msg)
                    sent.append(name)
        except (OSError, smtplib.SMTPException) as exc:
            fail(Msg('could not send through {}: {}', smtp, exc), hint=Msg('check the server, or write files with '
                                                                   '--out'), code="io.cannot-send")
        doc.update({"sent": len(sent), "skipped": skipped, "server": smtp})
        return t("sent_mail", lang, messages=count(len(sent), "message", lang, en_plural=True), server=smtp)
    assert out is not None
    from .common import write_out_folder

    files = [str(p) for p in write_out_folder(out, [(name, eml_bytes(msg)) for name, _, msg in msgs])]
    doc.update({"out": str(out), "files": files})
    return t("wrote_mail", lang, messages=count(len(files), "message", lang, en_plural=True), out=out)


def _planned(msgs, out: Path | None, smtp: str | None, doc: dict, lang: str) -> str:
    """A dry run of :func:`deliver`: what would be written or sent, to whom; nothing is."""
    from ..i18n import count, t

    doc.update({"dry_run": True, "planned": [{"file": name, "to": address} for name, address, _ in msgs]})
    n = count(sum(1 for _, a, _ in msgs if a is not None or smtp is None), "message", lang, en_plural=True)
    line = t("would_send_mail", lang, messages=n, server=smtp) if smtp else t("would_write_mail", lang, messages=n, out=out)
    return "\n".join([line + t("dry_run_nothing", lang)] + [f"  {name}: {address or '-'}" for name, address, _ in msgs])


def _mark_sent(store, round_no: int, messages: int, how: str) -> None:
    """§1.5.16 (issue 14): the draw of ``round_no`` was sent; `dbf deadlines` calls "send the
    draw" done only then (cup/notices/draw-NN.yaml, journaled)."""
    import datetime as dt

    from ..store.cup.draws import notice_data, notice_file
    from .common import RUN, command_line

    with store.transaction(command_line(), f"draw of cup round {round_no} sent to the captains (§1.5.16)", False,
                           RUN.lock_timeout) as tx:
        tx.write_yaml(notice_file(round_no), notice_data(round_no, messages, how, dt.datetime.now().replace(microsecond=0)),
                      header="the draw was sent to the captains (dbf notify draw; §1.5.16)")


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
        from ..i18n import current_lang
        from ..publish.gather import load_season
        from ..publish.mail import file_name, message, notices

        if out is None and smtp is None:
            fail(Msg('give --out DIR (write .eml files) or --smtp HOST:PORT (send)'), hint="dbf notify draw --round 3 --out mail/",
                 code="usage.missing")
        _smtp_parts(smtp)   # a usage error before any reading or warning
        lang = current_lang()
        snap = load_snapshot()
        store = snap.store
        data = load_season(snap)
        if round_ not in data.draws:
            fail(Msg('cup round {} has not been drawn', round_), rule="1.5.16", hint=f"dbf draw cup --round {round_}", code="state.not-drawn")
        items, problems = notices(data, round_)
        warnings = check(problems)
        sheets: dict[str, str] = {}
        if not no_sheet:
            from ..store.cup.blanks import blank_yaml
            from ..app.blanks import blank_sheets

            sheets = {f["match"]: blank_yaml(f) for f in blank_sheets(snap, [], round_)}
        frm = sender_of(store, sender)
        from .serve import captain_links, configured_base_url   # issue 19: the captain's link, when served

        base = configured_base_url(store)
        urls = {(r["match"], r["team"]): r["url"] for r in captain_links(snap, round_, base)} if base else {}
        from ..publish.mail import proof_lines

        proof = proof_lines(data, round_, lang)   # issue 30: the commitments, the secret revealed
        msgs = [(file_name(n), n.email, message(n, frm, lang, data.season,
                                                (f"{n.match}.yaml", sheets[n.match]) if n.match in sheets else None,
                                                link=urls.get((n.match, n.team)), proof=proof))
                for n in items]
        doc: dict = {"ok": True, "round": round_, "messages": len(msgs), "from": frm}
        human = deliver(msgs, out, smtp, doc, lang, dry_run)
        doc["warnings"] = [p.to_json() for p in warnings]
        if not dry_run:
            _mark_sent(store, round_, len(msgs), f"smtp {smtp}" if smtp else "files")
        emit(doc, lambda o: o.line(human))

    @command(notify, "commitment")
    def commitment(round_: RoundOpt, out: OutOpt = None, smtp: SmtpOpt = None, sender: FromOpt = None,
                   dry_run: DryRunOpt = False, json_: JsonOpt = False) -> None:
        """Before the draw of cup round N: one e-mail per captain of every cup team still in the
        cup with the commitment to the draw (`dbf draw commit`) and its beacon source, so the
        captains hold it before the draw; the draw's e-mail (`notify draw`) reveals the secret
        (§1.5.16).

        Example: dbf notify commitment --round 3 --out mail/
        """
        from ..i18n import current_lang
        from ..publish.gather import load_season

        if out is None and smtp is None:
            fail(Msg('give --out DIR (write .eml files) or --smtp HOST:PORT (send)'), code="usage.missing")
        _smtp_parts(smtp)
        lang = current_lang()
        snap = load_snapshot()
        data = load_season(snap)
        if round_ not in data.commitments:
            fail(Msg('the draw of cup round {} has no commitment', round_), hint=f"dbf draw commit --round {round_}",
                 code="state.not-committed")
        msgs, missing = _commitment_mails(data, round_, sender_of(snap.store, sender), lang)
        doc: dict = {"ok": True, "round": round_, "commitment": data.commitments[round_].commitment,
                     "messages": len(msgs)}
        human = deliver(msgs, out, smtp, doc, lang, dry_run)
        doc["warnings"] = _no_address_warnings(missing)
        emit(doc, lambda o: o.line(human))

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
        from ..i18n import current_lang, t
        from ..publish.gather import load_contacts
        from ..publish.mail import placeholder, plain_message
        from ..rules.model import DIVISIONS

        if out is None and smtp is None:
            fail(Msg('give --out DIR (write .eml files) or --smtp HOST:PORT (send)'), code="usage.missing")
        _smtp_parts(smtp)
        if div not in DIVISIONS:
            fail(Msg('unknown division {}', f'{div!r}'), hint=Msg('one of 1div, 2div, 3div-a, 3div-b'), code="unknown.division")
        lang = current_lang()
        snap = load_snapshot()
        store = snap.store
        division_, problems = snap.division(div)
        check(problems)
        if division_ is None:
            fail(Msg('no teams entered in {}', div), hint=f"dbf division enter {div} FILE", code="state.not-entered")
        wanted, _ = _weekend_rounds(snap, division_, div, weekend)
        urls = _division_urls(snap, div, wanted) if links else {}
        contacts = load_contacts(snap)
        teams = {tm.id: tm for tm in division_.teams}
        frm = sender_of(store, sender)
        msgs = []
        missing = []
        for tm in division_.teams:
            cap = tm.player(tm.captain)
            lines = [t("mail_greeting", lang, name=cap.name if cap else tm.captain), "",
                     t("mail_div_body", lang, team=tm.name, division=div, n=weekend)]
            lines += _team_matches(tm, wanted, teams, contacts, urls, lang)
            lines += ["", t("mail_sign", lang)]
            email = contacts.get(tm.captain)
            if email is None:
                missing.append(str(tm.captain))
            msg = plain_message(cap.name if cap else str(tm.captain), email or placeholder(tm.captain),
                                t("mail_div_subject", lang, division=div, n=weekend, team=tm.name), lines, frm,
                                f"{store.season}.{div}.w{weekend}.{tm.id}")
            msgs.append((f"{div}-w{weekend}-{tm.id}.eml", email, msg))
        doc: dict = {"ok": True, "division": div, "weekend": weekend, "messages": len(msgs), "from": frm}
        human = deliver(msgs, out, smtp, doc, lang, dry_run)
        doc["warnings"] = _no_address_warnings(missing)
        emit(doc, lambda o: o.line(human))

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
        from ..i18n import current_lang, t
        from ..publish.gather import load_contacts
        from ..publish.mail import placeholder, plain_message
        from .deadlines import parse_now

        if out is None and smtp is None:
            fail(Msg('give --out DIR (write .eml files) or --smtp HOST:PORT (send)'), code="usage.missing")
        _smtp_parts(smtp)
        lang = current_lang()
        when = parse_now(now)
        snap = load_snapshot()
        store = snap.store
        teams, overdue, owed = _reminder_items(snap, when)
        contacts = load_contacts(snap)
        frm = sender_of(store, sender)
        msgs = []
        items = []
        for mid, team_ids, deadline in overdue:
            for tid in team_ids:
                tm = teams.get(tid)
                if tm is None:
                    continue
                text = t("mail_reminder_sheet", lang, match=mid, deadline=deadline.strftime("%Y-%m-%d %H:%M"))
                msgs.append(_reminder(tm, contacts, text, mid, lang, frm, store.season, placeholder, plain_message))
                items.append({"kind": "sheet", "match": mid, "team": tid, "due": deadline.isoformat(timespec="minutes")})
        for tid, kr in owed:
            tm = teams[tid]
            text = t("mail_reminder_fee", lang, team=tm.name, kr=kr)
            msgs.append(_reminder(tm, contacts, text, f"fee-{tid}", lang, frm, store.season, placeholder, plain_message))
            items.append({"kind": "fee", "team": tid, "owed_kr": kr})
        doc: dict = {"ok": True, "reminders": items, "messages": len(msgs), "from": frm, "warnings": []}
        human = deliver(msgs, out, smtp, doc, lang, dry_run) if msgs else t("nothing_due_mail", lang)
        emit(doc, lambda o: o.line(human))


def _reminder(tm, contacts, text, ident, lang, frm, season, placeholder, plain_message):
    from ..i18n import t

    cap = tm.player(tm.captain)
    email = contacts.get(tm.captain)
    lines = [t("mail_greeting", lang, name=cap.name if cap else tm.captain), "", text, "", t("mail_sign", lang)]
    msg = plain_message(cap.name if cap else str(tm.captain), email or placeholder(tm.captain),
                        t("mail_reminder_subject", lang, what=ident), lines, frm, f"{season}.reminder.{ident}.{tm.id}")
    safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in f"reminder-{ident}-{tm.id}")
    return (f"{safe}.eml", email, msg)


def _commitment_mails(data, round_: int, frm: str, lang: str):
    """``(messages, captains without an address)``: the commitment of round ``round_`` to the
    captain of each cup team that has lost no recorded match (issue 30)."""
    from ..i18n import round_name, t
    from ..publish.mail import commitment_line, placeholder, plain_message

    out_ = {r.loser for r in data.results.values() if r.loser}
    msgs, missing = [], []
    for tid, tm in sorted(data.cup_teams.items()):
        if tid in out_:
            continue
        cap = tm.player(tm.captain)
        name = cap.name if cap else str(tm.captain)
        lines = [t("mail_greeting", lang, name=name), "", commitment_line(data.commitments[round_], round_, lang),
                 "", t("mail_sign", lang)]
        email = data.contacts.get(tm.captain)
        if email is None:
            missing.append(str(tm.captain))
        msg = plain_message(name, email or placeholder(tm.captain),
                            t("mail_commitment_subject", lang, round=round_name(round_, lang)), lines, frm,
                            f"{data.season}.commitment.{round_}.{tid}")
        msgs.append((f"commitment-{round_:02d}-{''.join(c if c.isalnum() or c in '-_' else '_' for c in tid)}.eml",
                     email, msg))
    return msgs, missing


def _weekend_rounds(snap, division_, div: str, weekend: int):
    """(the rounds of the division's weekend, its date): §1.1.2.1, the rounds of each weekend;
    exit 2 for a weekend the division does not have."""
    from ..rules.divisions.roundrobin import rounds_per_weekend

    dsettings = snap.settings().division(div)
    rounds = snap.season_schedule(division_, dsettings)
    per = rounds_per_weekend(len(rounds), dsettings)
    if not 1 <= weekend <= len(per):
        fail(Msg('{} has weekends 1-{}, not {}', div, len(per), weekend), rule="1.1.2.1", code="usage.option")
    first = sum(per[:weekend - 1]) + 1
    wanted = [r for r in rounds if first <= r.number < first + per[weekend - 1]]
    return wanted, next((r.date for r in wanted if r.date is not None), None)


def _team_matches(tm, rounds, teams: dict, contacts: dict, urls: dict, lang: str) -> list[str]:
    """The lines of team ``tm``'s matches of the weekend (:func:`_match_lines`), each with the
    captain's link when ``urls`` has it (``--links``)."""
    from ..i18n import t

    lines: list[str] = []
    for rnd in rounds:
        for m in rnd.matches:
            if tm.id in (m.home, m.away):
                lines += _match_lines(tm, m, rnd.date, teams, contacts, lang)
                if (m.id, tm.id) in urls:
                    lines.append(t("mail_div_link", lang, url=urls[(m.id, tm.id)]))
    return lines


def _division_urls(snap, div: str, rounds) -> dict:
    """``(match, team) -> link`` of ``dbf serve`` for the matches of ``rounds`` (base_url of
    DIR/dbf.toml, else the local default); exit 2 before the season's links are made."""
    from .serve import base_url, captain_links

    base = base_url(snap.store, None)
    out = {}
    for rnd in rounds:
        rows = captain_links(snap, rnd.number, base, division=div)
        if not rows and any(m.away for m in rnd.matches):
            fail(Msg("the captains' links are not made yet (no secret in the season)"), code="usage.missing",
                 hint=f"dbf serve links --division {div} --round {rnd.number}")
        out.update({(r["match"], r["team"]): r["url"] for r in rows})
    return out


def _match_lines(tm, m, day, teams: dict, contacts: dict, lang: str) -> list[str]:
    """The lines of a division e-mail about one match of team ``tm``: its round and the date of
    that round (§1.1.2.1: a weekend's later rounds are on the Sunday), the opponents, home or away
    (seating and placement, §2.2: a division weekend is not at the home team's venue), and the opponent
    captain's name, e-mail and phone. No time to agree: that is the cup's §1.5.6."""
    from ..i18n import t
    from ..publish.mail import weekday

    other = teams.get(m.away if m.home == tm.id else m.home)
    side = t("mail_div_home", lang) if m.home == tm.id else t("mail_away", lang)
    when = f"{weekday(day, lang)} {day.isoformat()}" if day is not None else t("mail_div_no_date", lang)
    lines = ["", t("mail_div_match", lang, round=m.round, when=when, match=m.id),
             f"{tm.name} - {other.name if other else '?'}. {side}"]
    if other is not None:
        ocap = other.player(other.captain)
        contact = ", ".join(x for x in (contacts.get(other.captain), other.phone) if x) \
            or t("mail_no_contact", lang)
        lines.append(t("mail_div_opponent_captain", lang, name=ocap.name if ocap else other.captain,
                       contact=contact))
    return lines


def _no_address_warnings(missing: list[str]) -> list[dict]:
    """The warning naming the captains without an e-mail address in cup/contacts.yaml."""
    from ..rules.problems import Problem

    return ([Problem.warning("1.5.16", "no e-mail address in cup/contacts.yaml for captain(s) "
                             + ", ".join(missing) + "; their messages go to captain-<id>@example.invalid",
                             hint=Msg('add `MEMBER_ID: name@example.dk` lines under `contacts:` in '
                                      'cup/contacts.yaml'), code="notify.no-address").to_json()] if missing else [])


def _overdue_sheets(settings, draws, agreements, recorded: set, when) -> list:
    from ..rules.deadlines import overdue_sheets

    return overdue_sheets(settings, draws, agreements, recorded, when)


def _reminder_items(snap, when):
    """(cup teams by id, [(match, its two teams, sheet deadline)] overdue and unrecorded,
    [(team, kr)] owed): the sheet deadlines of `dbf deadlines` (§1.5.14) and the fee ledger of
    `dbf fees` (§1.5.15)."""
    from ..rules.cup.fees import Payment, ledgers

    settings = snap.settings()
    teams_, problems = snap.cup_teams()
    records, more = snap.cup_records()
    draws, _, more2 = snap.draws()
    additions, more3 = snap.additions()
    refunds, more4 = snap.travel_claims()
    check(problems + more + more2 + more3 + more4)
    teams = {t.id: t for t in teams_}
    agreements, _, _ = snap.schedule()
    overdue = _overdue_sheets(settings, draws, agreements, {r.match.match for r in records}, when)
    joins = [j for r in records for j in r.joins]
    payments = [Payment(t, r.match.round + 1, kr, f"enclosed with the sheet of {r.match.match}")
                for r in records for t, kr in r.fee_paid.items()]
    all_ = ledgers(teams, settings.cup.fee_per_player_round_kr, draws, [r.match for r in records], additions, joins,
                   payments, refunds=refunds)
    owed = [(t, l.balance_kr) for t, l in sorted(all_.items()) if l.balance_kr > 0]
    return teams, overdue, owed
