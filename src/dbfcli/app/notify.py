"""E-mails to the captains as use cases (§1.5.16: the draw is sent to the participants):
:func:`draw_mails` (``dbf notify draw``), :func:`commitment_mails` (``dbf notify commitment``,
issue 30), :func:`division_mails` (``dbf notify division``, §1.1.2.1) and
:func:`reminder_mails` (``dbf notify reminders``: §1.5.14 sheets overdue, §1.5.15 fees owed).

What is sent to whom is decided here: each message is a :class:`Mail` of the plan
(:class:`Mailing`). The face delivers them (writes the .eml files of ``--out``, or sends them
through ``--smtp``) by the :data:`Post` it passes; with ``dry_run`` nothing is delivered and the
document says what would be. The draw's mails and the record that they were sent
(``cup/notices/draw-NN.yaml``: `dbf deadlines` calls "send the draw" done only then) are one
transaction: delivery that fails records nothing.

Addresses come from ``cup/contacts.yaml`` (``contacts: {member_id: address}``), which the TD
keeps: the teams file has no e-mail addresses. A captain without one gets a message to
``captain-<id>@example.invalid`` (never deliverable) and a warning.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Sequence

from ..rules.problems import Msg, Problem
from ..rules.value import MutableValue, Value
from .outcome import Outcome, fail, not_drawn, not_entered, outcome_noting, refuse
from .session import Session

DEFAULT_SENDER = "td@example.invalid"


class Via(Value, kw_only=True):
    """How the mails go: ``out``, the folder for the .eml files (one per captain), or ``smtp``,
    ``HOST:PORT`` of the server they are sent through (messages without an address are skipped)."""

    out: Path | None = None
    smtp: str | None = None


class Mail(Value, kw_only=True):
    """One message: its file ``name`` (``C3-007-ODE-1.eml``), ``to`` the captain's address
    (``None``: none in cup/contacts.yaml, the message goes to the placeholder), the
    ``message`` (an :class:`email.message.EmailMessage`)."""

    name: str
    to: str | None
    message: Any


#: The face's delivery: the mails, how; returns what the document says of it (``sent``,
#: ``skipped``, ``server``; or ``out``, ``files``); raises a refusal (``io.*``) when it cannot.
Post = Callable[[Sequence[Mail], Via], dict[str, Any]]


class Mailing(MutableValue, kw_only=True):
    """The plan of a ``dbf notify`` use case: the ``mails``, ``via``, ``dry_run``, and whether
    they were handed to the face's :data:`Post` (``delivered``; ``False`` also when nothing
    was due, ``dbf notify reminders``)."""

    mails: list[Mail]
    via: Via
    dry_run: bool = False
    delivered: bool = False


class MailRequest(Value, kw_only=True):
    """What every ``dbf notify`` request has: ``via`` where the mails go, ``sender`` (``--from``;
    else ``mail_from`` of DIR/dbf.toml), ``lang`` of the mails, ``dry_run``."""

    via: Via
    sender: str | None = None
    lang: str = "en"
    dry_run: bool = False


class DrawMails(MailRequest, kw_only=True):
    """``dbf notify draw --round N``: ``sheet`` the pre-filled sheet attached."""

    round: int
    sheet: bool = True


class CommitmentMails(MailRequest, kw_only=True):
    """``dbf notify commitment --round N``: the commitment to the draw, before it (issue 30)."""

    round: int


class DivisionMails(MailRequest, kw_only=True):
    """``dbf notify division DIV --weekend N``: ``links`` each match with the captain's link of
    ``dbf serve``."""

    division: str
    weekend: int
    links: bool = False


class ReminderMails(MailRequest, kw_only=True):
    """``dbf notify reminders``: ``now`` the moment seen from (``--now``, YYYY-MM-DDTHH:MM;
    default: now)."""

    now: str | None = None


# --------------------------------------------------------------------------- shared
def checked_via(via: Via, hint: str | None = None) -> None:
    """Exit 2 unless the mails go somewhere: ``--out DIR`` or ``--smtp HOST:PORT`` (a usage
    error, before anything of the season is read)."""
    if via.out is None and via.smtp is None:
        fail(Msg('give --out DIR (write .eml files) or --smtp HOST:PORT (send)'), hint=hint, code="usage.missing")
    smtp_parts(via.smtp)


def smtp_parts(smtp: str | None) -> tuple[str, str]:
    """``(host, port)`` of ``--smtp HOST:PORT`` (exit 2 for anything else)."""
    if smtp is None:
        return "", ""
    host, _, port = smtp.rpartition(":")
    if not host or not port.isdigit():
        fail(Msg('--smtp {} is not HOST:PORT', f'{smtp!r}'), hint=Msg('--smtp localhost:25'), code="usage.option")
    return host, port


def sender_of(store: Any, option: str | None) -> str:
    """``--from``, else ``mail_from`` in ``DIR/dbf.toml``, else :data:`DEFAULT_SENDER`."""
    from ..store.season import read_dbf_toml

    if option:
        return option
    value = read_dbf_toml(store.root).get("mail_from")
    return value if isinstance(value, str) and value.strip() else DEFAULT_SENDER


def _mails(rows: Sequence[tuple[str, str | None, Any]]) -> list[Mail]:
    return [Mail(name=name, to=to, message=msg) for name, to, msg in rows]


def _handed(mails: list[Mail], via: Via, dry_run: bool, post: Post) -> dict[str, Any]:
    """What the document says of the delivery: with ``dry_run`` the mails planned, to whom
    (nothing is written or sent); else what the face's ``post`` did."""
    if dry_run:
        return {"dry_run": True, "planned": [{"file": m.name, "to": m.to} for m in mails]}
    return post(mails, via)


def _no_address_warnings(missing: list[str]) -> list[dict[str, Any]]:
    """§1.5.16: the warning naming the captains without an e-mail address in cup/contacts.yaml."""
    return ([Problem.warning("1.5.16", Msg("no e-mail address in cup/contacts.yaml for captain(s) {}; their "
                                           "messages go to captain-<id>@example.invalid", ", ".join(missing)),
                             hint=Msg('add `MEMBER_ID: name@example.dk` lines under `contacts:` in '
                                      'cup/contacts.yaml'), code="notify.no-address").to_json()] if missing else [])


def _missing(mails: list[Mail], captains: list[Any]) -> list[str]:
    """The captains (member numbers, as text) whose mail has no address."""
    return [str(c) for m, c in zip(mails, captains) if m.to is None]


# --------------------------------------------------------------------------- the draw, §1.5.16
def draw_mails(session: Session, request: DrawMails, post: Post) -> Outcome:
    """``dbf notify draw --round N`` (§1.5.16): one e-mail per captain of cup round N (match,
    opponent, home or away, venue, date and time, UP, the opponent captain's contact to agree
    the time, §1.5.6; the §1.5.14 sheet deadline; the pre-filled sheet; the captain's link when
    ``base_url`` is set; the draw's commitment and secret, issue 30). Refused (exit 2) before the
    round is drawn. Delivered and recorded as sent in one transaction. ``plan``: :class:`Mailing`."""
    return outcome_noting(_draw_mails, session, request, post)


def _draw_mails(session: Session, request: DrawMails, post: Post, notes: list[Problem]) -> Outcome:
    from ..publish.gather import load_season
    from ..publish.mail import file_name, message, notices, proof_lines

    checked_via(request.via, hint="dbf notify draw --round 3 --out mail/")
    round_, lang = request.round, request.lang
    snap = session.snap
    data = load_season(snap)
    if round_ not in data.draws:
        not_drawn(round_, "1.5.16")
    items, problems = notices(data, round_)
    notes += refuse(problems)
    sheets = _sheets(snap, round_) if request.sheet else {}
    frm = sender_of(snap.store, request.sender)
    urls = _cup_urls(snap, round_)
    proof = proof_lines(data, round_, lang)   # issue 30: the commitments, the secret revealed
    mails = _mails([(file_name(n), n.email, message(n, frm, lang, data.season,
                                                    (f"{n.match}.yaml", sheets[n.match]) if n.match in sheets else None,
                                                    link=urls.get((n.match, n.team)), proof=proof))
                    for n in items])
    doc: dict[str, Any] = {"ok": True, "round": round_, "messages": len(mails), "from": frm}
    if request.dry_run:
        doc.update(_handed(mails, request.via, True, post))
    else:
        doc.update(_deliver_draw(session, round_, mails, request.via, post))
    doc["warnings"] = [p.to_json() for p in notes]
    return Outcome(doc=doc, notes=list(notes), written=not request.dry_run, show="mails",
                   plan=Mailing(mails=mails, via=request.via, dry_run=request.dry_run, delivered=True))


def _deliver_draw(session: Session, round_no: int, mails: list[Mail], via: Via, post: Post) -> dict[str, Any]:
    """The mails delivered and ``cup/notices/draw-NN.yaml`` written, one transaction (§1.5.16,
    issue 14: `dbf deadlines` calls "send the draw" done only then; journaled)."""
    import datetime as dt

    from ..store.cup.draws import notice_data, notice_file

    how = f"smtp {via.smtp}" if via.smtp else "files"
    with session.store.transaction(session.actor, Msg("draw of cup round {} sent to the captains (§1.5.16)", round_no),
                                   False, session.lock_timeout) as tx:
        done = post(mails, via)
        tx.write_yaml(notice_file(round_no),
                      notice_data(round_no, len(mails), how, dt.datetime.now().replace(microsecond=0)),
                      header="the draw was sent to the captains (dbf notify draw; §1.5.16)")
    return done


def _sheets(snap: Any, round_no: int) -> dict[str, str]:
    """match -> the pre-filled sheet's YAML (:func:`dbfcli.app.blanks.blank_sheets`)."""
    from ..store.cup.blanks import blank_yaml
    from .blanks import blank_sheets

    return {f["match"]: blank_yaml(f) for f in blank_sheets(snap, [], round_no)}


def _cup_urls(snap: Any, round_no: int) -> dict[tuple[str, str], str]:
    """(match, team) -> the captain's link (issue 19), when ``base_url`` of DIR/dbf.toml is set."""
    from .links import captain_links, configured_base_url

    base = configured_base_url(snap.store)
    return {(r["match"], r["team"]): r["url"] for r in captain_links(snap, round_no, base)} if base else {}


# --------------------------------------------------------------------------- the commitment, issue 30
def commitment_mails(session: Session, request: CommitmentMails, post: Post) -> Outcome:
    """``dbf notify commitment --round N`` (§1.5.16, issue 30): before the draw, the commitment
    (``dbf draw commit``) and its beacon source to the captain of every cup team still in the
    cup, so they hold it before the draw. Refused (exit 2) without a commitment. ``plan``:
    :class:`Mailing`; a captain without an address: a warning of the document."""
    return outcome_noting(_commitment_mails, session, request, post)


def _commitment_mails(session: Session, request: CommitmentMails, post: Post, notes: list[Problem]) -> Outcome:
    from ..publish.gather import load_season
    from ..publish.mail import commitment_mail

    checked_via(request.via)
    round_, lang = request.round, request.lang
    snap = session.snap
    data = load_season(snap)
    if round_ not in data.commitments:
        fail(Msg('the draw of cup round {} has no commitment', round_), hint=f"dbf draw commit --round {round_}",
             code="state.not-committed")
    frm = sender_of(snap.store, request.sender)
    teams = still_in(data.cup_teams, data.results)
    mails = _mails([commitment_mail(tid, tm, data.commitments[round_], round_, data.contacts, lang, frm, data.season)
                    for tid, tm in teams])
    doc: dict[str, Any] = {"ok": True, "round": round_, "commitment": data.commitments[round_].commitment,
                           "messages": len(mails)}
    doc.update(_handed(mails, request.via, request.dry_run, post))
    doc["warnings"] = _no_address_warnings(_missing(mails, [tm.captain for _, tm in teams]))
    return Outcome(doc=doc, notes=list(notes), show="mails",
                   plan=Mailing(mails=mails, via=request.via, dry_run=request.dry_run, delivered=True))


def still_in(cup_teams: dict[str, Any], results: dict[str, Any]) -> list[tuple[str, Any]]:
    """The cup teams, by id, that have lost no recorded match: the cup is a knock-out, a team
    that lost a match is out (§1.5.12: "knocked out in an earlier round")."""
    out = {r.loser for r in results.values() if r.loser}
    return [(tid, tm) for tid, tm in sorted(cup_teams.items()) if tid not in out]


# --------------------------------------------------------------------------- a division's weekend, §1.1.2.1
def division_mails(session: Session, request: DivisionMails, post: Post) -> Outcome:
    """``dbf notify division DIV --weekend N`` (§1.1.2.1): one e-mail per captain of the
    division, the team's matches of the weekend (round, its date, opponent, home or away) and
    each opponent captain's contact; with ``links`` the captain's link of each match. Refused
    (exit 2) for an unknown division, one without teams, a weekend it does not have, or links
    before the season's secret. ``plan``: :class:`Mailing`."""
    return outcome_noting(_division_mails, session, request, post)


def _division_mails(session: Session, request: DivisionMails, post: Post, notes: list[Problem]) -> Outcome:
    from ..publish.gather import load_contacts
    from ..publish.mail import division_mail
    from ..rules.model import DIVISIONS

    checked_via(request.via)
    div, weekend, lang = request.division, request.weekend, request.lang
    if div not in DIVISIONS:
        fail(Msg('unknown division {}', f'{div!r}'), hint=Msg('one of 1div, 2div, 3div-a, 3div-b'), code="unknown.division")
    snap = session.snap
    division, problems = snap.division(div)
    notes += refuse(problems)
    if division is None:
        not_entered(div)
    wanted = _weekend_rounds(snap, division, div, weekend)
    urls = _division_urls(snap, div, wanted) if request.links else {}
    contacts = load_contacts(snap)
    teams = {tm.id: tm for tm in division.teams}
    frm = sender_of(snap.store, request.sender)
    mails = _mails([division_mail(tm, div, weekend, wanted, teams, contacts, urls, lang, frm, snap.store.season)
                    for tm in division.teams])
    doc: dict[str, Any] = {"ok": True, "division": div, "weekend": weekend, "messages": len(mails), "from": frm}
    doc.update(_handed(mails, request.via, request.dry_run, post))
    doc["warnings"] = _no_address_warnings(_missing(mails, [tm.captain for tm in division.teams]))
    return Outcome(doc=doc, notes=list(notes), show="mails",
                   plan=Mailing(mails=mails, via=request.via, dry_run=request.dry_run, delivered=True))


def _weekend_rounds(snap: Any, division: Any, div: str, weekend: int) -> list[Any]:
    """The rounds of the division's weekend (§1.1.2.1, :func:`dbfcli.rules.divisions.roundrobin.
    weekend_rounds`); exit 2 for a weekend the division does not have."""
    from ..rules.divisions.roundrobin import rounds_per_weekend, weekend_rounds

    dsettings = snap.settings().division(div)
    rounds = snap.season_schedule(division, dsettings)
    per = rounds_per_weekend(len(rounds), dsettings)
    numbers = weekend_rounds(per, weekend)
    if numbers is None:
        fail(Msg('{} has weekends 1-{}, not {}', div, len(per), weekend), rule="1.1.2.1", code="usage.option")
    return [r for r in rounds if r.number in numbers]


def _division_urls(snap: Any, div: str, rounds: list[Any]) -> dict[tuple[str, str], str]:
    """``(match, team) -> link`` of ``dbf serve`` for the matches of ``rounds`` (base_url of
    DIR/dbf.toml, else the local default); exit 2 before the season's links are made."""
    from .links import base_url, captain_links

    base = base_url(snap.store, None)
    out = {}
    for rnd in rounds:
        rows = captain_links(snap, rnd.number, base, division=div)
        if not rows and any(m.away for m in rnd.matches):
            fail(Msg("the captains' links are not made yet (no secret in the season)"), code="usage.missing",
                 hint=f"dbf serve links --division {div} --round {rnd.number}")
        out.update({(r["match"], r["team"]): r["url"] for r in rows})
    return out


# --------------------------------------------------------------------------- reminders, §1.5.14, §1.5.15
def reminder_mails(session: Session, request: ReminderMails, post: Post) -> Outcome:
    """``dbf notify reminders`` (for cron): a reminder to both captains of a cup match whose
    result sheet is overdue and unrecorded (§1.5.14: the winning team sends it within 18 hours;
    the winner is not known until it arrives) and to each team that owes a cup fee
    (§1.5.14/§1.5.15). Nothing due: no mail (``plan.delivered`` false). ``doc``: the reminders."""
    return outcome_noting(_reminder_mails, session, request, post)


def _reminder_mails(session: Session, request: ReminderMails, post: Post, notes: list[Problem]) -> Outcome:
    from ..i18n import t
    from ..publish.gather import load_contacts
    from ..publish.mail import reminder_mail
    from .when import moment_of

    checked_via(request.via)
    lang = request.lang
    when = moment_of(request.now)
    snap = session.snap
    season = snap.store.season
    teams, overdue, owed = _reminder_items(snap, when, notes)
    contacts = load_contacts(snap)
    frm = sender_of(snap.store, request.sender)
    rows, items = [], []
    for mid, team_ids, deadline in overdue:
        for tid in team_ids:   # §1.5.14: both captains, the winner not known until the sheet arrives
            tm = teams.get(tid)
            if tm is None:
                continue
            text = t("mail_reminder_sheet", lang, match=mid, deadline=deadline.strftime("%Y-%m-%d %H:%M"))
            rows.append(reminder_mail(tm, contacts, text, mid, lang, frm, season))
            items.append({"kind": "sheet", "match": mid, "team": tid, "due": deadline.isoformat(timespec="minutes")})
    for tid, kr in owed:
        tm = teams[tid]
        rows.append(reminder_mail(tm, contacts, t("mail_reminder_fee", lang, team=tm.name, kr=kr), f"fee-{tid}",
                                  lang, frm, season))
        items.append({"kind": "fee", "team": tid, "owed_kr": kr})
    mails = _mails(rows)
    doc: dict[str, Any] = {"ok": True, "reminders": items, "messages": len(mails), "from": frm, "warnings": []}
    if mails:
        doc.update(_handed(mails, request.via, request.dry_run, post))
    return Outcome(doc=doc, notes=list(notes), show="mails",
                   plan=Mailing(mails=mails, via=request.via, dry_run=request.dry_run, delivered=bool(mails)))


def _reminder_items(snap: Any, when: Any, notes: list[Problem]) -> tuple[dict[str, Any], list[Any], list[tuple[str, int]]]:
    """(cup teams by id, [(match, its two teams, sheet deadline)] overdue and unrecorded,
    [(team, kr)] owed): the sheet deadlines of `dbf deadlines` (§1.5.14) and the fee ledger of
    `dbf fees` (§1.5.15: :meth:`Snapshot.fee_state` on the day seen from, so a payment recorded
    by `dbf fees pay` settles what a team owes here as there)."""
    from ..rules.deadlines import overdue_sheets

    settings = snap.settings()
    teams_, problems = snap.cup_teams()
    records, more = snap.cup_records()
    draws, _, more2 = snap.draws()
    seen = problems + more + more2
    notes += refuse(seen)
    state = snap.fee_state(settings, when.date())
    notes += refuse([p for p in state.problems if p not in seen])
    teams = {t.id: t for t in teams_}
    agreements, _, _ = snap.schedule()
    overdue = overdue_sheets(settings, draws, agreements, {r.match.match for r in records}, when)
    owed = [(t, led.balance_kr) for t, led in sorted(state.ledgers.items()) if led.balance_kr > 0]
    return teams, overdue, owed


__all__ = ["CommitmentMails", "DEFAULT_SENDER", "DivisionMails", "DrawMails", "Mail", "Mailing", "Post",
           "ReminderMails", "Via", "checked_via", "commitment_mails", "division_mails", "draw_mails",
           "reminder_mails", "sender_of", "smtp_parts", "still_in"]
