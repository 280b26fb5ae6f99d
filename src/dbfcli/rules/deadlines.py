"""Deadlines: what is due, from every rule that sets one, marked overdue.

Each source gives items with ``what``, ``due`` (a date -- due by the end of
that day -- or a datetime), ``rule`` and ``done``; :func:`merge` turns them
into :class:`Deadline` values sorted by due time and marks every item not
done whose time has passed as overdue. Sources here:

- §1.5.14 result sheets: 18 hours after the end of play of a drawn match
  that has no recorded result.
- §1.5.15 round fees and walkover fines, done when paid in full.
- §1.5.1.1, §2.10.5 HUM cards: a week before the match.
- §1.1.1.2 divisions: system descriptions by the season's deadline.
- §1.1.2.8 the round-robin winner's choice of semi-final opponent: 8 days.
The draw deadlines of §1.5.16 come from ``dbfcli.rules.cup.home.draw_deadlines``.

>>> d = merge([[Item("x", dt.date(2026, 1, 1), "1.5.14")]], dt.datetime(2026, 1, 2, 0, 0))
>>> d[0].overdue
True
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any, Collection, Iterable, Mapping, Protocol, Sequence

from .value import Value
from .problems import Msg

if TYPE_CHECKING:
    from .cup.fees import FeeDue
    from .cup.home import Agreement
    from .model import CupDraw, Division
    from .settings import Settings


class DeadlineLike(Protocol):
    @property
    def what(self) -> str: ...
    @property
    def due(self) -> dt.date | dt.datetime: ...
    @property
    def rule(self) -> str: ...
    @property
    def done(self) -> bool: ...


class Item(Value):
    """A deadline before it is marked (the sources' common shape)."""

    what: str
    due: dt.date | dt.datetime
    rule: str
    done: bool = False


class Deadline(Value):
    """A deadline as reported: ``overdue`` when not done and its time has passed."""

    what: str
    due: dt.date | dt.datetime
    rule: str
    overdue: bool
    done: bool

    def to_json(self) -> dict[str, Any]:
        return {"what": self.what, "due": self.due.isoformat(), "overdue": self.overdue, "rule": self.rule,
                "done": self.done}


def due_end(due: dt.date | dt.datetime) -> dt.datetime:
    """The moment a deadline passes: a datetime itself; a date at the end of the day."""
    if isinstance(due, dt.datetime):
        return due.replace(tzinfo=None)
    return dt.datetime.combine(due, dt.time.max)


def merge(sources: Iterable[Iterable[DeadlineLike]], now: dt.datetime | dt.date) -> list[Deadline]:
    """Deadlines from all ``sources``, sorted by due time, overdue marked against ``now``."""
    if not isinstance(now, dt.datetime):
        now = dt.datetime.combine(now, dt.time.min)
    now = now.replace(tzinfo=None)
    out = [Deadline(i.what, i.due, i.rule, (not i.done) and due_end(i.due) < now, bool(i.done))
           for src in sources for i in src]
    out.sort(key=lambda d: (due_end(d.due), d.what))
    return out


def open_items(deadlines: list[Deadline], now: dt.datetime | dt.date, horizon_days: int = 14) -> list[Deadline]:
    """What to report: everything not done that is overdue or due within ``horizon_days``."""
    if not isinstance(now, dt.datetime):
        now = dt.datetime.combine(now, dt.time.min)
    limit = now.replace(tzinfo=None) + dt.timedelta(days=horizon_days)
    return [d for d in deadlines if not d.done and (d.overdue or due_end(d.due) <= limit)]


def sheet_deadlines(matches: Iterable[tuple[str, dt.datetime, bool]]) -> list[Item]:
    """§1.5.14: the winner's result sheet (with the next round's fee, §1.5.15). ``matches``:
    (match id, when it is due by :func:`dbfcli.rules.sheet.scores.sheet_due`, result recorded)."""
    return [Item(Msg('result sheet for {}', mid), due, "1.5.14", done) for mid, due, done in matches]


def fee_deadlines(dues: "Iterable[FeeDue]") -> list[Item]:
    """§1.5.15: each team's round fees and walkover fines (:class:`dbfcli.rules.cup.fees.FeeDue`)
    by their dates (with the sheet of the round before, §1.5.14; after a bye, as if played on
    the official day); done only when paid in full -- a fee enclosed short is not done."""
    out = []
    for d in dues:
        if d.due is None:
            continue
        fee = d.kind == "fee"
        if d.outstanding_kr:
            line = Msg("{} round fee for round {}: {} of {} kr outstanding" if fee else
                       "{} walkover fine for round {}: {} of {} kr outstanding",
                       d.team, d.round, d.outstanding_kr, d.amount_kr)
        else:
            line = Msg("{} round fee for round {}: {} kr paid" if fee else "{} walkover fine for round {}: {} kr paid",
                       d.team, d.round, d.amount_kr)
        if d.how and d.outstanding_kr:                      # after a bye: no sheet carries it
            line = Msg.join("; ", [line, d.how])
        out.append(Item(line, d.due, "1.5.15", d.outstanding_kr == 0))
    return out


def hum_card_deadlines(cards: Iterable[tuple[str, dt.date, bool]], notice_days: int = 7) -> list[Item]:
    """§1.5.1.1, §2.10.5: a HUM pair's card reaches the opponents a week
    before the match. ``cards``: (who and which match, match date, sent)."""
    return [Item(Msg('HUM system card: {}', who), day - dt.timedelta(days=notice_days), "1.5.1.1", sent)
            for who, day, sent in cards]


def description_deadlines(deadline: dt.date | None, pairs: Iterable[tuple[str, bool]]) -> list[Item]:
    """§1.1.1.2: each division pair's system description by the season's deadline."""
    if deadline is None:
        return []
    return [Item(Msg('system description: {}', who), deadline, "1.1.1.2", sent) for who, sent in pairs]


def playoff_choice_deadline(result_date: dt.date | None, choice_days: int = 8, chosen: bool = False) -> list[Item]:
    """§1.1.2.8: the round-robin winner names its semi-final opponent within 8 days of the result
    (the deadline as `dbf playoff` has it: :func:`dbfcli.rules.divisions.playoff.choice_deadline`)."""
    from .divisions.playoff import choice_deadline

    if result_date is None:
        return []
    return [Item(Msg("1st division play-off: the round-robin winner's choice of semi-final opponent"),
                 choice_deadline(result_date, choice_days), "1.1.2.8", chosen)]


class DeadlineFacts(Value, kw_only=True):
    """What the season's files say that sets deadlines: the recorded ``draws`` (round ->
    [(match id, teams)]), the ``played_rounds`` of the field (None: unknown), the agreed
    dates (match id -> Agreement), the ``recorded`` match ids, the systems registrations
    and the division teams."""

    draws: dict[int, list[tuple[str, tuple[str, str]]]] = {}
    played_rounds: tuple[int, ...] | None = None
    agreements: "dict[str, Agreement]" = {}
    recorded: frozenset[str] = frozenset()
    registrations: tuple[Any, ...] = ()       # store.systems.Registration (§2.10)
    divisions: "tuple[Division, ...]" = ()
    fees: "tuple[FeeDue, ...]" = ()           # of every team (§1.5.15)
    sent: frozenset[int] | None = None   # rounds whose draw `dbf notify draw` sent (§1.5.16)
    playoff_known_on: dt.date | None = None   # §1.1.2.8: the round-robin result's day the TD recorded
    playoff_chosen: bool = False              # §1.1.2.8: no. 1's choice is recorded


def _waiting_label(mid: str, teams: Iterable[str], recorded: Collection[str]) -> str:
    """A match with a pending place (§1.5.16 with §1.5.6) whose awaited match is not recorded
    yet: "C3-010 (a team: the winner of C2-001, not played yet)"; else the match id."""
    from .cup.draw_pending import awaited

    waits = [w for w in map(awaited, teams) if w and w not in recorded]
    return f"{mid} (a team: the winner of {', '.join(waits)}, not played yet)" if waits else mid


def _cup_sheets_and_cards(settings: "Settings", facts: DeadlineFacts) -> tuple[
        list[tuple[str, dt.datetime, bool]], list[tuple[str, dt.date, bool]], list[str]]:
    """(the sheets (§1.5.14), the HUM cards (§1.5.1.1, §2.10.5) of each drawn match with a start,
    the notes on the rounds with matches that have none)."""
    from .cup.home import match_start
    from .sheet.scores import match_boards, sheet_due

    hum_teams: dict[str, list[Any]] = {}
    for r in facts.registrations:
        if r.hum:
            hum_teams.setdefault(r.team, []).append(r)
    sheets: list[tuple[str, dt.datetime, bool]] = []
    cards: list[tuple[str, dt.date, bool]] = []
    notes: list[str] = []
    for round_no, matches in sorted(facts.draws.items()):
        missing = []
        for mid, teams in matches:
            start = match_start(round_no, settings.cup, facts.agreements.get(mid))
            if start is None:
                missing.append(mid)
                continue
            played = mid in facts.recorded
            due_sheet = sheet_due(start, match_boards(round_no), settings.cup.sheet_deadline_hours)
            if due_sheet is not None:
                sheets.append((_waiting_label(mid, teams, facts.recorded), due_sheet, played))
            due = start.date() - dt.timedelta(days=settings.systems.hum_notice_days)
            cards += [(f"{team} pair {r.pair[0]}-{r.pair[1]} for {mid}", start.date(),
                       (r.sent is not None and r.sent <= due) or played)
                      for team in teams for r in hum_teams.get(team, [])]
        if missing:
            notes.append(Msg('cup round {}: no official match day in season.toml and no agreed date for '
                             '{}; no sheet deadlines for them', round_no, Msg.counted(len(missing), "match")))
    return sheets, cards, notes


def _description_pairs(facts: DeadlineFacts) -> list[tuple[str, bool]]:
    """§1.1.1.2: one line per division, the teams whose system descriptions are not yet sent."""
    registered = {r.team for r in facts.registrations if r.sent is not None}
    pairs: list[tuple[str, bool]] = []
    for d in facts.divisions:
        missing = [t.id for t in d.teams if t.id not in registered]
        names = ", ".join(missing[:5]) + (" ..." if len(missing) > 5 else "")
        pairs.append((Msg("{}: {} of {} teams not sent ({})", d.id, len(missing), len(d.teams), names) if missing
                      else Msg("{}: every team", d.id), not missing))
    return pairs


def season_deadlines(settings: "Settings", facts: DeadlineFacts,
                     now: dt.datetime) -> tuple[list[Sequence[DeadlineLike]], list[str]]:
    """Every deadline of the season (§1.5.16 draws, §1.5.14/§1.5.15 sheets, §1.5.1.1/§2.10.5
    HUM cards, §1.1.1.2 descriptions, §1.1.2.8 the play-off choice) and the notes on what
    could not be dated."""
    from .cup.home import draw_deadlines

    sources: list[Sequence[DeadlineLike]] = [draw_deadlines(settings, facts.draws.keys(), facts.played_rounds, facts.sent)]
    sheets, cards, notes = _cup_sheets_and_cards(settings, facts)
    sources.append(sheet_deadlines(sheets))
    sources += [hum_card_deadlines(cards, settings.systems.hum_notice_days), fee_deadlines(facts.fees)]
    sources.append(description_deadlines(settings.systems.description_deadline, _description_pairs(facts)))
    weekends = settings.division("1div").weekends
    first = next((d for d in facts.divisions if d.id == "1div"), None)
    # §1.1.2.8: the choice exists only where a 1st division plays (a cup-only season has none)
    if weekends and first is not None and first.teams and (
            settings.playoff.date is None or settings.playoff.date >= now.date()):
        from .divisions.playoff import results_known_on

        sources.append(playoff_choice_deadline(results_known_on(facts.playoff_known_on, weekends),
                                               settings.playoff.choice_days, facts.playoff_chosen))
    return sources, notes


def overdue_sheets(settings: "Settings", draws: "Mapping[int, CupDraw]", agreements: "Mapping[str, Agreement]",
                   recorded: Collection[str], when: dt.datetime) -> list[tuple[str, tuple[str, str], dt.datetime]]:
    """§1.5.14: (match, its two teams, when its sheet was due) of each drawn match not recorded
    whose sheet was due before ``when`` (``dbf notify reminders``), by
    :func:`dbfcli.rules.sheet.scores.sheet_due` as every other deadline of a sheet."""
    from .cup.home import match_start
    from .sheet.scores import match_boards, sheet_due

    overdue: list[tuple[str, tuple[str, str], dt.datetime]] = []
    for rnd, draw in sorted(draws.items()):
        for m in draw.matches:
            if m.id in recorded:
                continue
            due = sheet_due(match_start(rnd, settings.cup, agreements.get(m.id)), match_boards(rnd),
                            settings.cup.sheet_deadline_hours)
            if due is not None and due < when:
                overdue.append((m.id, m.teams, due))
    return overdue
