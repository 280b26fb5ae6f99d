"""System cards over time: deadlines, fines, changes, HUM in the cup.

- §1.1.1.2 divisions: descriptions due by a deadline; 100 kr per commenced
  week late; not circulated 2 weeks before the first session -> DBS-Acol;
  protests until 1 week before; changes only towards easier defence (a)
  and sent a month before, minor changes approved at the table (b).
- §2.10.4 the supplement to the team card: 1 page, 2 for a HUM system.
- §1.5.1.1, §1.5.1.2, §2.10.5 HUM in the cup: only against a division
  team or a HUM team, the card sent at least a week before the match.
- §1.5.13 a team (not both) with a HUM pair is always the away team.

>>> late_fine(dt.date(2026, 9, 1), dt.date(2026, 9, 9))
200
>>> hum_forces_away(True, False), hum_forces_away(True, True)
(True, False)
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from ..problems import Msg, Problem

if TYPE_CHECKING:  # the card model is needed only to judge a change of card
    from .cards import Card

DBS_ACOL = "DBS-Acol"


def one_month_before(day: dt.date) -> dt.date:
    """The same day of the previous month, clamped to its last day (§1.1.1.2a "a month").

    >>> one_month_before(dt.date(2027, 3, 31))
    datetime.date(2027, 2, 28)
    """
    import calendar   # only when a card change is dated (~0.5 ms of start-up otherwise)

    year, month = (day.year, day.month - 1) if day.month > 1 else (day.year - 1, 12)
    return dt.date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def late_fine(deadline: dt.date, sent: dt.date, per_week_kr: int = 100) -> int:
    """§1.1.1.2: 100 kr per commenced week the deadline is overrun (0 on time).

    >>> late_fine(dt.date(2026, 9, 1), dt.date(2026, 9, 2)), late_fine(dt.date(2026, 9, 1), dt.date(2026, 9, 1))
    (100, 0)
    """
    days = (sent - deadline).days
    return 0 if days <= 0 else -(-days // 7) * per_week_kr


def description_problems(deadline: dt.date | None, sent: dt.date | None, first_session: dt.date,
                         today: dt.date, pair: str = "the pair", per_week_kr: int = 100) -> list[Problem]:
    """§1.1.1.2 divisions: a pair's system description against the deadline.

    Late: a fine of ``per_week_kr`` per commenced week, paid before the pair
    may play, and the pair circulates its descriptions itself. Not sent 2
    weeks before the first session: the pair must play DBS-Acol."""
    out: list[Problem] = []
    acol_by = first_session - dt.timedelta(days=14)
    if deadline is not None:
        upto = sent if sent is not None else today
        fine = late_fine(deadline, upto, per_week_kr)
        if fine:
            state = Msg('sent {}', sent) if sent else Msg('not sent by {}', today)
            out.append(Problem.error("1.1.1.2", Msg('{}: system description due {}, {}: fine {} kr ({} kr '
                                                    'per commenced week), to be paid before the pair may '
                                                    'play; the pair circulates its description to every '
                                                    'opposing team itself', pair, deadline, state, fine,
                                                    per_week_kr), code="system.description-late"))
    if (sent is None and today > acol_by) or (sent is not None and sent > acol_by):
        out.append(Problem.error("1.1.1.2", Msg('{}: no system description circulated by {} (2 weeks '
                                                'before the first session {}): the pair must play {}', pair,
                                                acol_by, first_session, DBS_ACOL),
                                 hint=Msg('the TD hands out the DBS-Acol card'), code="system.description-late"))
    return out


def protest_problems(protest_date: dt.date, first_session: dt.date) -> list[Problem]:
    """§1.1.1.2: a captain may protest about quality/readability of received
    descriptions until 1 week before the first session."""
    last = first_session - dt.timedelta(days=7)
    if protest_date <= last:
        return []
    return [Problem.error("1.1.1.2", Msg('protest of {} is too late: protests about system descriptions '
                                         'are accepted until {} (1 week before the first session {})',
                                         protest_date, last, first_session), code="system.protest-late")]


def change_problems(old: Card, new: Card, sent: dt.date, play_date: dt.date) -> list[Problem]:
    """§1.1.1.2a: a change of the sent system is allowed only when it makes
    defending easier -- a HUM system may become natural, Åbent forsvar may be
    removed but never added -- and the new description is sent to every
    relevant captain and the TD at least a month before play.

    Errors for a change that adds HUM or Åbent forsvar, or comes too late; a
    warning (§1.1.1.2b) for any other change, which the TD or the opponents
    judge ("easier to defend" is not computable from the card)."""
    from .cards import classify

    out: list[Problem] = []
    old_cls, _ = classify(old)
    new_cls, bad = classify(new)
    out += bad
    old_keys = {(r.rule, r.bid) for r in old_cls.reasons}
    if new_cls.hum and not old_cls.hum:
        out.append(Problem.error("1.1.1.2a", Msg('the change makes the system HUM (§2.10.11); a change '
                                                 'must make defending easier'), code="system.change"))
    for r in new_cls.reasons:
        if (r.rule, r.bid) in old_keys:
            continue
        if r.rule.startswith("2.10.17"):
            out.append(Problem.error("1.1.1.2a", Msg('the change adds Åbent forsvar: {} (§{}); Åbent '
                                                     'forsvar may be removed, never added', r.bid, r.rule),
                                     code="system.change"))
        elif old_cls.hum:
            out.append(Problem.error("1.1.1.2a", Msg('the change adds a HUM opening: {} (§{})', r.bid, r.rule),
                                     code="system.change"))
    last = one_month_before(play_date)
    if sent > last:
        out.append(Problem.error("1.1.1.2a", Msg('the new description was sent {}; it must reach the '
                                                 'captains and the TD by {}, a month before play on {}', sent,
                                                 last, play_date), code="system.change-late"))
    if not any(p.is_error for p in out) and _differs(old, new):
        removed = old_keys - {(r.rule, r.bid) for r in new_cls.reasons}
        if not removed:
            out.append(Problem.warning("1.1.1.2b", Msg('the change neither removes HUM nor Åbent forsvar: '
                                                       'allowed only if it makes defending easier '
                                                       '(§1.1.1.2a) or if approved at the table '
                                                       '(§1.1.1.2b)'), code="system.change"))
    return out


def _differs(old: Card, new: Card) -> bool:
    def key(c: Card) -> tuple[list[str], list[str]]:
        return sorted(map(repr, c.openings)), sorted(map(repr, c.overcalls))
    return key(old) != key(new)


def supplement_problems(pages: int | None, hum: bool) -> list[Problem]:
    """§2.10.4: the team card may be supplemented by at most 1 readable A4
    page, 2 if the system is HUM."""
    if pages is None:
        return []
    limit = 2 if hum else 1
    if 0 <= pages <= limit:
        return []
    kind = Msg('HUM system') if hum else Msg('system that is not HUM')
    return [Problem.error("2.10.4", Msg('supplement of {} pages; a {} may add at most {} A4 pages to the team system card'
                                        if limit > 1 else 'supplement of {} pages; a {} may add at most {} A4 page to '
                                        'the team system card', pages, kind, limit),
                          code="system.supplement-pages")]


def hum_allowed_in_cup(pair_card_is_hum: bool, opponent_is_division_team: bool, opponent_plays_hum: bool,
                       card_sent_date: dt.date | None, match_date: dt.date, notice_days: int = 7,
                       copies: int | None = None, required_copies: int = 4) -> list[Problem]:
    """§1.5.1.2, §1.5.1.1, §2.10.5: may a pair play its HUM system in this cup match?

    Only against a team seeded as a division team or one that itself plays
    HUM (§1.5.1.2), and only if the card reached the opponents at least
    ``notice_days`` before the match (§1.5.1.1, §1.5.13, §2.10.5: late ->
    HUM not allowed in that match). ``copies`` (when recorded) must be at
    least 4 (§2.10.5). An empty list: allowed (or not HUM at all).

    >>> hum_allowed_in_cup(True, True, False, dt.date(2026, 11, 7), dt.date(2026, 11, 14))
    []
    >>> [p.rule for p in hum_allowed_in_cup(True, False, False, None, dt.date(2026, 11, 14))]
    ['1.5.1.2', '2.10.5']
    """
    if not pair_card_is_hum:
        return []
    out: list[Problem] = []
    if not (opponent_is_division_team or opponent_plays_hum):
        out.append(Problem.error("1.5.1.2", Msg('HUM systems are not allowed in the cup unless the '
                                                'opponents are seeded as a division team or play a HUM '
                                                'system themselves'), code="system.hum-not-allowed"))
    due = match_date - dt.timedelta(days=notice_days)
    if card_sent_date is None or card_sent_date > due:
        state = Msg('not sent') if card_sent_date is None else Msg('sent {}', card_sent_date)
        out.append(Problem.error("2.10.5", Msg('HUM card {}; it must reach the opponents by {}, {} '
                                               'before the match on {} (§1.5.1.1): the HUM system may not '
                                               'be used in this match', state, due, Msg.counted(notice_days, "day"),
                                               match_date),
                                 code="system.hum-card-late"))
    if copies is not None and copies < required_copies:
        out.append(Problem.error("2.10.5", Msg('{} of the HUM card sent; at least {} are required',
                                               Msg.counted(copies, "copy"), required_copies), code="system.hum-card-copies"))
    return out


def hum_forces_away(team_has_hum: bool, opponent_has_hum: bool) -> bool:
    """§1.5.13: a team with a HUM pair is always the away team -- unless both
    teams have one (then §1.5.5 decides as usual)."""
    return team_has_hum and not opponent_has_hum
