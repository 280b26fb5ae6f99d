"""Every source of a deadline, read from the season, for `dbf deadlines` (§1.5.16, §1.5.14,
§1.5.15, §1.5.1.1, §2.10.5, §1.1.1.2, §1.1.2.8): recorded draws, agreed dates, recorded
sheets, HUM registrations, division teams. The deadlines themselves are computed by
:mod:`dbfcli.rules.deadlines` and :func:`dbfcli.rules.cup.home.draw_deadlines`."""

from __future__ import annotations

import datetime as dt



def collect(snap, settings, now: dt.datetime) -> tuple[list[list], list[str], list]:
    """Every source of deadlines, from the season's snapshot ``snap`` (a
    :class:`dbfcli.store.snapshot.Snapshot`; the fee ledgers through it); ``notes`` say
    which sources are missing; third: warnings about the cup's field
    (:func:`dbfcli.store.cup.field.played_rounds`). What is due when is decided by
    :func:`dbfcli.rules.deadlines.season_deadlines`."""
    from ..rules.deadlines import DeadlineFacts, season_deadlines
    from .cup.draws import draw_sent_rounds, load_schedule, recorded_draws
    from .cup.field import played_rounds
    from .systems import load_registry
    from .teams import load_divisions

    store = snap.store
    draws = recorded_draws(store)
    rounds, note, warnings = played_rounds(store, settings)
    if rounds is None and note is None:   # no cup teams: no cup round is played, so none is drawn (issue 15.12)
        rounds = ()
    agreements, _, _ = load_schedule(store)
    regs, _ = load_registry(store)
    divisions, _ = load_divisions(store)
    recorded = frozenset(mid for matches in draws.values() for mid, _ in matches
                         if store.exists(f"cup/matches/{mid}.yaml"))
    fees = snap.fee_state(settings, now.date())
    dues = tuple(d for ds in fees.dues.values() for d in ds)
    pf, _ = snap.playoff()       # §1.1.2.8: the day the round-robin result was known, the choice made
    facts = DeadlineFacts(draws=draws, played_rounds=rounds, agreements=agreements, recorded=recorded,
                          registrations=tuple(regs), divisions=tuple(divisions.values()), fees=dues,
                          sent=draw_sent_rounds(store), playoff_known_on=pf.results_known_on,
                          playoff_chosen=pf.choice is not None)
    sources, notes = season_deadlines(settings, facts, now)
    return sources, ([note] if note else []) + notes, warnings
