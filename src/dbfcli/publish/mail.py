"""E-mails to the captains about a cup draw (§1.5.16: the draw is sent to the participants).

:func:`notices` turns a gathered season (:func:`dbfcli.publish.gather.load_season`) into one
:class:`Notice` per captain of a round; :func:`message` builds :class:`email.message.EmailMessage`
values (standard library). Nothing here reads the season folder or sends mail. The sheet
deadline is §1.5.14: the winner's result sheet is due 18 hours after the match
(``CupSettings.sheet_deadline_hours``), counted from the end of play: the scheduled
start plus 7.5 minutes a board (the reading `dbf result` and `dbf deadlines` apply).

>>> import datetime as dt
>>> sheet_deadline(dt.date(2027, 1, 31), "13:00", 18, boards=40)
datetime.datetime(2027, 2, 1, 12, 0)
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import format_datetime, formataddr, make_msgid

from ..i18n import round_name, t
from ..rules.text import shown
from ..rules.problems import Msg

PLACEHOLDER_DOMAIN = "example.invalid"   # RFC 2606: never delivered


@dataclass(frozen=True, slots=True)
class Notice:
    """What one captain is told: their match, opponent, home/away, venue, date, time, deadline."""

    match: str
    round: int
    team: str
    team_name: str
    opponent_name: str
    captain: int
    captain_name: str
    email: str | None
    side: str                      # "home" | "away" | "neutral" | "pending" (§1.5.16: waits for a result)
    venue: str
    date: dt.date | None
    time: str
    up: int | None
    deadline: dt.datetime | None
    opponent: str = ""                     # the opponents' team id
    opponent_captain: str = ""             # §1.5.6: the captains agree the time
    opponent_email: str | None = None
    opponent_phone: str | None = None
    venue_address: str | None = None       # the home team's street address, when the teams file has it

    @property
    def address(self) -> str:
        return self.email or placeholder(self.captain)


def placeholder(member: int) -> str:
    """The address written when ``cup/contacts.yaml`` has none for a captain (never deliverable).

    >>> placeholder(637410)
    'captain-637410@example.invalid'
    """
    return f"captain-{member}@{PLACEHOLDER_DOMAIN}"


def sheet_deadline(date: dt.date | None, time: str, hours: int = 18, boards: int = 40) -> dt.datetime | None:
    """§1.5.14: the result sheet is due ``hours`` after the end of play
    (:func:`dbfcli.rules.sheet.scores.sheet_due`, the one function of every sheet deadline)."""
    from ..rules.sheet.scores import sheet_due

    if date is None:
        return None
    try:
        hh, mm = (int(x) for x in (time or "13:00").split(":")[:2])
    except ValueError:
        hh, mm = 13, 0
    return sheet_due(dt.datetime.combine(date, dt.time(hh, mm)), boards, hours)


def _one_line(text: str) -> str:
    """A header value on one line: CR, LF and other control characters become spaces."""
    from ..rules.text import one_line

    return one_line(text)


def body_text(lines: list[str]) -> str:
    """A mail's body: its lines, each line's control characters and bidi overrides (a name, a
    note) shown as visible escapes (rules.text, issue 26)."""
    return "".join(shown(line, keep="\n\t") + "\n" for line in lines)


def notices(data, rnd: int):
    """§1.5.16: one :class:`Notice` per team of every match of cup round ``rnd`` of the gathered
    season ``data`` (:func:`dbfcli.publish.gather.load_season`), and problems: a warning for a
    team that is not a cup team (no message) and one listing the captains without an address
    in ``cup/contacts.yaml`` (their messages go to :func:`placeholder` addresses)."""
    from ..rules.cup.draw_pending import awaited
    from ..rules.problems import Problem
    from .gather import schedule_round

    sched, problems = schedule_round(data, rnd)
    out, missing = [], []
    for s in sched:
        for i, team_id in enumerate(s.teams):
            team = data.cup_teams.get(team_id)
            if team is None and awaited(team_id):
                continue     # a pending place (§1.5.16): its team is told once it is known
            if team is None:
                problems.append(Problem.warning("1.5.16", Msg('{}: team {} is not a cup team; no message',
                                                              s.id, team_id), code="notify.not-a-cup-team"))
                continue
            if data.contacts.get(team.captain) is None:
                missing.append(f"{team.captain} ({team_id})")
            out.append(_notice(data, rnd, s, team_id, team, s.teams[1 - i]))
    if missing:
        problems.append(Problem.warning(
            "1.5.16", Msg('no e-mail address in cup/contacts.yaml for {}: {} and {} more; their messages go to '
                          'captain-<id>@example.invalid', Msg.counted(len(missing), "captain"), ", ".join(missing[:8]),
                          len(missing) - 8) if len(missing) > 8 else
            Msg('no e-mail address in cup/contacts.yaml for {}: {}; their messages go to captain-<id>@example.invalid',
                Msg.counted(len(missing), "captain"), ", ".join(missing)),
            hint=Msg('add `MEMBER_ID: name@example.dk` lines under `contacts:` in cup/contacts.yaml'),
            code="notify.no-address"))
    return out, problems


def _notice(data, rnd: int, s, team_id: str, team, other: str) -> Notice:
    """The §1.5.16 notice of scheduled match ``s`` to ``team``'s captain: its side (home, away,
    neutral, pending), the opponents' captain, the venue, the sheet deadline (§1.5.14)."""
    from ..rules.sheet.scores import match_boards
    from .gather import place_name

    cap = team.player(team.captain)
    side = "pending" if s.pending else "neutral" if s.home is None else ("home" if team_id == s.home else "away")
    opp = data.cup_teams.get(other)
    opp_cap = opp.player(opp.captain) if opp else None
    host = data.cup_teams.get(s.home) if s.home else None
    hours = data.settings.cup.sheet_deadline_hours
    return Notice(s.id, rnd, team_id, team.name, data.team_name(other), team.captain,
                  cap.name if cap else str(team.captain), data.contacts.get(team.captain), side,
                  place_name(s.venue), s.date, s.time, s.up, sheet_deadline(s.date, s.time, hours, match_boards(rnd)),
                  opponent=other, opponent_captain=(opp_cap.name if opp_cap else str(opp.captain)) if opp else "",
                  opponent_email=data.contacts.get(opp.captain) if opp else None,
                  opponent_phone=opp.phone if opp else None,
                  venue_address=host.address if host else None)


def weekday(date: dt.date, lang: str) -> str:
    """The day of the week in ``lang`` (``søndag``, ``Sunday``).

    >>> weekday(dt.date(2026, 12, 13), "da"), weekday(dt.date(2026, 12, 13), "en")
    ('søndag', 'Sunday')
    """
    return t("mail_weekday", lang).split()[date.weekday()]


def _when(date: dt.date | None, time: str | None, lang: str, day: bool = True) -> str:
    """A match's day and time: ``Sunday 2027-01-31 13:00``; as Danes write it, ``søndag 31. januar
    2027 kl. 13.00`` (issue 18.5).

    >>> _when(dt.date(2027, 1, 31), "13:00", "da"), _when(dt.date(2027, 1, 31), "13:00", "en")
    ('søndag 31. januar 2027 kl. 13.00', 'Sunday 2027-01-31 13:00')
    """
    if lang == "da" and date is not None:
        from ..i18n import clock, long_date

        return long_date(date, lang, weekday=day) + (f" kl. {clock(time, lang)}" if time else "")
    parts = (weekday(date, lang) if date and day else "", date.isoformat() if date else "", time or "")
    return " ".join(x for x in parts if x)


def _deadline(when: dt.datetime, lang: str) -> str:
    """``2027-02-01 12:00``; in Danish ``1. februar 2027 kl. 12.00``."""
    return _when(when.date(), when.strftime("%H:%M"), lang, day=False) if lang == "da" else when.strftime("%Y-%m-%d %H:%M")


def local_date(now: dt.datetime | None = None) -> str:
    """The ``Date:`` header in local time with its offset (RFC 5322), e.g. ``Sun, 13 Dec 2026 13:00:00 +0100``."""
    return format_datetime((now or dt.datetime.now()).astimezone())


def eml_bytes(msg: EmailMessage) -> bytes:
    """A message as an .eml file: CRLF line ends (RFC 5322), as mail programs expect."""
    return msg.as_bytes(policy=msg.policy.clone(linesep="\r\n"))


def proof_lines(data, rnd: int, lang: str) -> list[str]:
    """Issue 30: what a captain is told of the committed draws: this round's commitment and the
    secret its draw revealed (and how to verify it), and the commitment of each later round not
    drawn yet, so captains see it before that draw."""
    out = []
    c, r = data.commitments.get(rnd), data.reveals.get(rnd)
    if c is not None and r is not None:
        out += ["", t("mail_proof_drawn", lang, commitment=c.commitment, secret=r.secret, round=f"{rnd:02d}")]
    for later, lc in sorted(data.commitments.items()):
        if later > rnd and later not in data.reveals:
            out += ["", commitment_line(lc, later, lang)]
    return out


def commitment_line(c, rnd: int, lang: str) -> str:
    """The commitment of cup round ``rnd``'s draw, in one paragraph (its beacon source too)."""
    text = t("mail_proof_committed", lang, round=round_name(rnd, lang), commitment=c.commitment, field=c.field_digest)
    return text + (" " + t("mail_proof_beacon", lang, source=_one_line(c.beacon_source)) if c.beacon_source else "")


def message(n: Notice, sender: str, lang: str, season: str, attachment: tuple[str, str] | None = None,
            now: dt.datetime | None = None, link: str | None = None, proof: list[str] = ()) -> EmailMessage:
    """One plain-text e-mail to a captain; ``attachment``: (file name, text) of the pre-filled sheet;
    ``link``: the captain's ``dbf serve`` link (issue 19); ``proof``: :func:`proof_lines` (issue 30)."""
    rname = round_name(n.round, lang)
    msg = EmailMessage()
    msg["From"] = _one_line(sender)
    msg["To"] = formataddr((_one_line(n.captain_name), _one_line(n.address)))
    msg["Subject"] = _one_line(t("mail_subject", lang, round=rname, team=n.team_name, opponent=n.opponent_name))
    msg["Date"] = local_date(now)
    msg["Message-ID"] = make_msgid(idstring=f"{season}.{n.match}.{n.team}", domain="dbf.invalid")
    msg["X-DBF-Match"] = n.match
    msg["X-DBF-Team"] = n.team
    side = {"home": t("mail_home", lang), "away": t("mail_away", lang),
            "pending": t("mail_pending", lang, match=n.opponent_name)}.get(n.side, t("mail_neutral", lang))
    when = _when(n.date, n.time, lang)
    lines = [t("mail_greeting", lang, name=n.captain_name), "",
             t("mail_body", lang, team=n.team_name, opponent=n.opponent_name, round=rname, match=n.match),
             side, "",
             f"{t('match', lang)}: {n.match}",
             f"{t('team', lang)}: {n.team_name}",
             f"{t('opponent', lang)}: {n.opponent_name}",
             f"{t('venue', lang)}: {n.venue or '-'}"]
    if n.venue_address:
        lines.append(f"{t('mail_address', lang)}: {_one_line(n.venue_address)}")
    lines.append(f"{t('date', lang)}: {when or '-'}")
    if n.up is not None and n.side != "neutral":
        lines.append(t("mail_up", lang, up=n.up))
    if n.opponent_captain:
        contact = ", ".join(_one_line(x) for x in (n.opponent_email, n.opponent_phone) if x) or t("mail_no_contact", lang)
        lines += ["", t("mail_opponent_captain", lang, name=_one_line(n.opponent_captain), contact=contact)]
    if n.deadline is not None:
        lines += ["", t("mail_sheet", lang, deadline=_deadline(n.deadline, lang))]
    if attachment is not None:
        lines += [t("mail_attached", lang, file=attachment[0])]
    if link:
        lines += [t("mail_link", lang, url=link)]
    lines += list(proof)
    lines += ["", t("mail_sign", lang)]
    msg.set_content(body_text(lines))
    if attachment is not None:
        msg.add_attachment(attachment[1].encode("utf-8"), maintype="text", subtype="yaml", filename=attachment[0])
    return msg


def plain_message(to_name: str, to_addr: str, subject: str, lines: list[str], sender: str, ident: str,
                  now: dt.datetime | None = None) -> EmailMessage:
    """A plain-text e-mail (division weekends, reminders)."""
    msg = EmailMessage()
    msg["From"] = _one_line(sender)
    msg["To"] = formataddr((_one_line(to_name), _one_line(to_addr)))
    msg["Subject"] = _one_line(subject)
    msg["Date"] = local_date(now)
    msg["Message-ID"] = make_msgid(idstring=ident, domain="dbf.invalid")
    msg.set_content(body_text(lines))
    return msg


def file_name(n: Notice) -> str:
    """``C3-007-ODE-1.eml``: one file per match and team (safe characters only).

    >>> file_name(Notice("C3-007", 3, "ODE/1", "x", "y", 1, "z", None, "home", "", None, "", None, None))
    'C3-007-ODE_1.eml'
    """
    safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in f"{n.match}-{n.team}")
    return f"{safe}.eml"


# --------------------------------------------------------------------------- dbf notify's other mails
def safe_name(text: str) -> str:
    """``text`` with every character but letters, digits, ``-`` and ``_`` as ``_`` (a file name)."""
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in text)


def _captain_name(tm) -> str:
    cap = tm.player(tm.captain)
    return cap.name if cap else str(tm.captain)


def reminder_mail(tm, contacts: dict, text: str, ident: str, lang: str, sender: str,
                  season: str) -> tuple[str, str | None, EmailMessage]:
    """``(file name, address or None, message)``: a reminder ``text`` to team ``tm``'s captain
    (``dbf notify reminders``; ``ident`` the match or ``fee-TEAM``)."""
    cap = tm.player(tm.captain)
    email = contacts.get(tm.captain)
    lines = [t("mail_greeting", lang, name=cap.name if cap else tm.captain), "", text, "", t("mail_sign", lang)]
    msg = plain_message(_captain_name(tm), email or placeholder(tm.captain),
                        t("mail_reminder_subject", lang, what=ident), lines, sender, f"{season}.reminder.{ident}.{tm.id}")
    return (f"{safe_name(f'reminder-{ident}-{tm.id}')}.eml", email, msg)


def commitment_mail(tid: str, tm, commitment, rnd: int, contacts: dict, lang: str, sender: str,
                    season: str) -> tuple[str, str | None, EmailMessage]:
    """``(file name, address or None, message)``: the commitment to the draw of cup round
    ``rnd`` (issue 30) to the captain of team ``tid``."""
    name = _captain_name(tm)
    lines = [t("mail_greeting", lang, name=name), "", commitment_line(commitment, rnd, lang), "", t("mail_sign", lang)]
    email = contacts.get(tm.captain)
    msg = plain_message(name, email or placeholder(tm.captain),
                        t("mail_commitment_subject", lang, round=round_name(rnd, lang)), lines, sender,
                        f"{season}.commitment.{rnd}.{tid}")
    return (f"commitment-{rnd:02d}-{safe_name(tid)}.eml", email, msg)


def division_mail(tm, div: str, weekend: int, rounds, teams: dict, contacts: dict, urls: dict, lang: str,
                  sender: str, season: str) -> tuple[str, str | None, EmailMessage]:
    """``(file name, address or None, message)``: team ``tm``'s matches of the division's
    weekend (``rounds``), each with its opponent captain and, when ``urls`` has it, the
    captain's link of ``dbf serve``."""
    cap = tm.player(tm.captain)
    lines = [t("mail_greeting", lang, name=cap.name if cap else tm.captain), "",
             t("mail_div_body", lang, team=tm.name, division=div, n=weekend)]
    lines += _team_matches(tm, rounds, teams, contacts, urls, lang)
    lines += ["", t("mail_sign", lang)]
    email = contacts.get(tm.captain)
    msg = plain_message(_captain_name(tm), email or placeholder(tm.captain),
                        t("mail_div_subject", lang, division=div, n=weekend, team=tm.name), lines, sender,
                        f"{season}.{div}.w{weekend}.{tm.id}")
    return (f"{div}-w{weekend}-{tm.id}.eml", email, msg)


def _team_matches(tm, rounds, teams: dict, contacts: dict, urls: dict, lang: str) -> list[str]:
    """The lines of team ``tm``'s matches of the weekend (:func:`_match_lines`), each with the
    captain's link when ``urls`` has it (``--links``)."""
    lines: list[str] = []
    for rnd in rounds:
        for m in rnd.matches:
            if tm.id in (m.home, m.away):
                lines += _match_lines(tm, m, rnd.date, teams, contacts, lang)
                if (m.id, tm.id) in urls:
                    lines.append(t("mail_div_link", lang, url=urls[(m.id, tm.id)]))
    return lines


def _match_lines(tm, m, day, teams: dict, contacts: dict, lang: str) -> list[str]:
    """The lines of a division e-mail about one match of team ``tm``: its round and the date of
    that round (§1.1.2.1: a weekend's later rounds are on the Sunday), the opponents, home or away
    (seating and placement, §2.2: a division weekend is not at the home team's venue), and the opponent
    captain's name, e-mail and phone. No time to agree: that is the cup's §1.5.6."""
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
