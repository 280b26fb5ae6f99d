"""``dbf deadlines``: what is due or overdue, from every rule that sets a deadline; for cron."""

from __future__ import annotations

import datetime as dt
import re
from typing import Annotated, Optional

import typer

from .common import RUN, JsonOpt, command, emit, fail, load_store

_ROUND_FILE = re.compile(r"round-(\d+)\.yaml$")


def parse_now(value: str | None) -> dt.datetime:
    """``--today``: a date (start of that day) or a date and time; else now (local time)."""
    if not value:
        return dt.datetime.now().replace(microsecond=0)
    try:
        return dt.datetime.fromisoformat(value).replace(tzinfo=None)
    except ValueError:
        fail(f"--today {value!r} is not a date (YYYY-MM-DD) or date and time (YYYY-MM-DDTHH:MM)")


def _draws(store) -> dict[int, list[tuple[str, tuple[str, ...]]]]:
    """Recorded draws: round -> [(match id, teams)] (tolerant of the draw file's extra keys)."""
    out: dict[int, list[tuple[str, tuple[str, ...]]]] = {}
    for rel in store.list("cup/draws"):
        m = _ROUND_FILE.search(rel)
        doc = store.read_yaml(rel, required=False)
        data = doc.data if doc is not None and isinstance(doc.data, dict) else {}
        round_no = data.get("round") or (int(m.group(1)) if m else None)
        if not isinstance(round_no, int):
            continue
        matches = []
        for row in data.get("matches") or []:
            if isinstance(row, dict) and row.get("id"):
                matches.append((str(row["id"]), tuple(str(t) for t in row.get("teams") or ())))
        out[round_no] = matches
    return out


def _start(settings, round_no: int, agreed=None) -> dt.datetime | None:
    """§1.5.6: the agreed date and time of the match (cup/schedule.yaml, ``dbf schedule cup
    set``) where recorded, else the official match day at the default start time (13:00)."""
    from ..rules.home import official_day

    day = (agreed.date if agreed is not None and agreed.date else None) or official_day(round_no, settings.cup)
    if day is None:
        return None
    time = (agreed.time if agreed is not None and agreed.time else None) or settings.cup.start_time
    hh, mm = (int(x) for x in time.split(":"))
    return dt.datetime.combine(day, dt.time(hh, mm))


def played_rounds(store, settings) -> tuple[tuple[int, ...] | None, str | None]:
    """§1.5.2/§1.5.3: the rounds this cup's field plays (``CupPlan.played_rounds``; a small
    field skips rounds without a match, and those get no draw); (None, note) when the plan
    cannot be made (no teams, or a field that cannot be drawn)."""
    from ..rules.bracket import plan_cup
    from ..store.cupdraw import load_draws
    from ..store.teams import load_cup_teams
    from .common import RuleBroken, UsageProblem

    teams, _ = load_cup_teams(store)
    if not teams:
        return None, None
    try:
        from .draw import cup_field

        _, entry, clubs, pool_of = cup_field(store, settings)
        _, recorded_pools, _ = load_draws(store)
    except (RuleBroken, UsageProblem):
        return None, "draw deadlines (§1.5.16): the cup's rounds cannot be planned; every round is listed"
    for r in (1, 2):   # the draw keeps the pools recorded with rounds 1-2
        pool_of = {**pool_of, **recorded_pools.get(r, {})}
    plan, _ = plan_cup(entry, pool_of, clubs)
    if plan is None:
        return None, "draw deadlines (§1.5.16): the cup's rounds cannot be planned; every round is listed"
    return plan.played_rounds, None


def collect(store, settings, now: dt.datetime) -> tuple[list[list], list[str]]:
    """Every source of deadlines; ``notes`` say which sources are missing."""
    from ..rules import deadlines as dl
    from ..rules.sheet_scores import end_of_play, match_boards
    from ..store.systems import load_registry
    from ..store.teams import load_divisions

    from ..rules.home import draw_deadlines
    from ..store.cupdraw import load_schedule

    sources: list[list] = []
    notes: list[str] = []
    draws = _draws(store)
    rounds, note = played_rounds(store, settings)
    if note:
        notes.append(note)
    sources.append(draw_deadlines(settings, draws.keys(), rounds))
    agreements, _, _ = load_schedule(store)
    regs, _ = load_registry(store)
    hum_teams: dict[str, list] = {}
    for r in regs:
        if r.hum:
            hum_teams.setdefault(r.team, []).append(r)
    sheets, cards = [], []
    for round_no, matches in sorted(draws.items()):
        missing = []
        for mid, teams in matches:
            start = _start(settings, round_no, agreements.get(mid))
            if start is None:
                missing.append(mid)
                continue
            played = store.exists(f"cup/matches/{mid}.yaml")
            sheets.append((mid, end_of_play(start, match_boards(round_no)) or start, played))
            for team in teams:
                for r in hum_teams.get(team, []):
                    due = start.date() - dt.timedelta(days=settings.systems.hum_notice_days)
                    sent = r.sent is not None and r.sent <= due
                    cards.append((f"{team} pair {r.pair[0]}-{r.pair[1]} for {mid}", start.date(), sent or played))
        if missing:
            notes.append(f"cup round {round_no}: no official match day in season.toml and no agreed date for "
                         f"{len(missing)} match(es); no sheet deadlines for them")
    sources.append(dl.sheet_deadlines(sheets, settings.cup.sheet_deadline_hours))
    sources.append(dl.hum_card_deadlines(cards, settings.systems.hum_notice_days))
    divisions, _ = load_divisions(store)
    registered = {r.team for r in regs if r.sent is not None}
    pairs = []
    for d in divisions.values():   # one line per division: the teams not yet registered
        missing = [t.id for t in d.teams if t.id not in registered]
        names = ", ".join(missing[:5]) + (" ..." if len(missing) > 5 else "")
        pairs.append((f"{d.id}: {len(missing)} of {len(d.teams)} teams not sent ({names})" if missing
                      else f"{d.id}: every team", not missing))
    sources.append(dl.description_deadlines(settings.systems.description_deadline, pairs))
    weekends = settings.division("1div").weekends
    if weekends and (settings.playoff.date is None or settings.playoff.date >= now.date()):
        sources.append(dl.playoff_choice_deadline(weekends[-1] + dt.timedelta(days=1), settings.playoff.choice_days))
    return sources, notes


def register(app: typer.Typer) -> None:
    @command(app, "deadlines")
    def deadlines(
        today: Annotated[Optional[str], typer.Option("--today", help="Pretend it is this date or date-time.")] = None,
        fail_on_overdue: Annotated[bool, typer.Option("--fail-on-overdue", help="Exit 1 when anything is overdue.")] = False,
        quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print nothing when nothing is due.")] = False,
        all_: Annotated[bool, typer.Option("--all", help="Every deadline, done and far ahead too.")] = False,
        days: Annotated[int, typer.Option("--days", help="Show what is due within this many days.")] = 14,
        json_: JsonOpt = False,
    ) -> None:
        """What is due or overdue: draws of the rounds the field plays (§1.5.16), result
        sheets and fees 18 hours after the end of play (agreed or official start + 7.5 min a board; §1.5.14, §1.5.15),
        HUM cards (§1.5.1.1, §2.10.5), division system descriptions (§1.1.1.2), the
        play-off choice (§1.1.2.8). Made for cron: plain text, --quiet, --fail-on-overdue.

        Example: dbf deadlines --fail-on-overdue --quiet
        """
        from ..rules.deadlines import merge, open_items
        from ..store.settings import load_settings

        now = parse_now(today)
        store = load_store()
        settings = load_settings(store)
        sources, notes = collect(store, settings, now)
        every = merge(sources, now)
        shown = every if all_ else open_items(every, now, days)
        overdue = [d for d in shown if d.overdue]
        if RUN.json or not (quiet and not shown):
            failing = fail_on_overdue and bool(overdue)
            doc = {"ok": not failing, "today": now.isoformat(), "deadlines": [d.to_json() for d in shown],
                   "notes": notes}
            if failing:
                doc["errors"] = [{"rule": d.rule, "message": f"overdue since {_fmt(d.due)}: {d.what}",
                                  "severity": "error"} for d in overdue]

            def human(out):
                if not shown:
                    out.line(f"nothing due within {days} days of {now:%Y-%m-%d %H:%M}")
                else:
                    out.table(f"Deadlines {store.season} at {now:%Y-%m-%d %H:%M}", ["due", "what", "§", "status"],
                              [(_fmt(d.due), d.what, d.rule,
                                "OVERDUE" if d.overdue else "done" if d.done else "due") for d in shown])
                for n in notes:
                    out.line(f"note: {n}")

            emit(doc, human)
        if fail_on_overdue and overdue:
            raise typer.Exit(1)


def _fmt(due) -> str:
    return due.strftime("%Y-%m-%d %H:%M") if isinstance(due, dt.datetime) else due.isoformat()
