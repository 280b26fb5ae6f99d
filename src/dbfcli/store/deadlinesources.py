"""Every source of a deadline, read from the season, for `dbf deadlines` (§1.5.16, §1.5.14,
§1.5.15, §1.5.1.1, §2.10.5, §1.1.1.2, §1.1.2.8): recorded draws, agreed dates, recorded
sheets, HUM registrations, division teams. The deadlines themselves are computed by
:mod:`dbfcli.rules.deadlines` and :func:`dbfcli.rules.home.draw_deadlines`."""

from __future__ import annotations

import datetime as dt

from .season import SeasonStore


def collect(store: SeasonStore, settings, now: dt.datetime) -> tuple[list[list], list[str], list]:
    """Every source of deadlines; ``notes`` say which sources are missing; third: warnings
    about the cup's field (:func:`dbfcli.store.cupfield.played_rounds`)."""
    from ..rules import deadlines as dl
    from ..rules.home import draw_deadlines, match_start
    from ..rules.sheet_scores import end_of_play, match_boards
    from .cupdraw import load_schedule, recorded_draws
    from .cupfield import played_rounds
    from .systems import load_registry
    from .teams import load_divisions

    sources: list[list] = []
    notes: list[str] = []
    draws = recorded_draws(store)
    rounds, note, warnings = played_rounds(store, settings)
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
            start = match_start(round_no, settings.cup, agreements.get(mid))
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
    return sources, notes, warnings
