"""The play-off as it stands (§1.1.2.5-11, §1.1.4.2): standings, pairing, carry-over,
recorded results and decisions, read from the season. Shared by `dbf playoff`, the
rollover and `dbf publish`."""

from __future__ import annotations

import datetime as dt
from typing import Any
from ...rules.problems import Msg


def default_seed(season: str) -> int:
    """The season's digits (``2026-27`` -> 202627): the lot seed dbf used before lots were
    recorded (kept for reading old files; no lot is drawn from it any more, §1.1.3.2)."""
    return int("".join(c for c in season if c.isdigit()) or 0)


def _pending_home(out: dict, fixed) -> None:
    """A pending lot (``out["pending_lots"]``) and a warning for each match whose teams are
    fixed (``fixed(match_id)``, :func:`dbfcli.rules.divisions.playoff.teams_fixed`) and whose home is still
    to be drawn (§1.1.2.9; §1.1.4.2 for the runners-up match). A match not paired for good asks for
    no lot: mid-season, before no. 1's choice, in a freshly rolled season (issue 25.11)."""
    from ...rules.divisions.playoff import home_lot_warning, home_lots_due

    for lot in home_lots_due(out.get("matches", ()), fixed):
        out["pending_lots"].append(lot)
        out["home_warnings"].append(home_lot_warning(lot))
    out["problems"] += out["home_warnings"]


def _pending_order(out: dict, div: str, table, places: int) -> None:
    """A warning for each pending lot of the final table that decides who plays the play-off
    (one of the first ``places``, :func:`dbfcli.rules.divisions.playoff.open_order_lots`), kept as values
    in ``out["order_lots"]``."""
    from ...rules.divisions.playoff import open_order_lots
    from ...rules.problems import Problem
    from ...rules.divisions.standings import pending_lots

    if not table.complete:
        return
    lots = open_order_lots(pending_lots(div, table.rows), tuple(r.team for r in table.rows), places)
    out["order_lots"] += lots
    for lot in lots:
        out["problems"].append(Problem.warning(lot.rule, Msg('{}: the lot among {} is not drawn: the '
                                                             'play-off is provisional', lot.what,
                                                             ', '.join(lot.teams)), hint=lot.command(),
                                               code="playoff.lot-not-drawn"))


def division_orders(store) -> tuple[dict[str, tuple[str, ...]], list]:
    """Final order of each division by its round robin (§1.1.2.1, §1.1.3.1, §1.1.4.1), ranked
    as `dbf standings` ranks, and problems: an error for a division whose round robin is not
    complete, and an error for each pending lot that decides a place (§1.1.3.2: the rollover is
    refused until `dbf lot` records it). The rollover then orders 1div by the play-off when it is
    finished (our reading)."""
    from ...rules.problems import Problem
    from ...rules.divisions.standings import pending_lots
    from .playoff import division_table
    from ..settings import load_settings

    load_settings(store)   # a broken season.toml stops here, before any division is read
    orders, problems = {}, []
    for div in ("1div", "2div", "3div-a", "3div-b"):
        _, table, _, p = division_table(store, div)
        problems += p
        if not table.complete:
            from ...rules.model import all_play_all_rule

            rule = all_play_all_rule(div)
            problems.append(Problem.error(rule, Msg("{}'s round robin is not complete ({} of {} matches "
                                                    'recorded)', div, table.matches_played,
                                                    table.matches_total),
                                          hint=Msg('record every division match before the rollover'),
                                          code="playoff.round-robin-incomplete"))
        else:
            for lot in pending_lots(div, table.rows):
                problems.append(Problem.error(lot.rule, Msg('{} are decided by a lot among {} that is not '
                                                            'drawn yet', lot.what, ', '.join(lot.teams)), hint=lot.command(),
                                              code="playoff.lot-not-drawn"))
        orders[div] = tuple(r.team for r in table.rows)
    return orders, problems


def playoff_state(store, seed: int | None = None, on: dt.date | None = None, div: str = "1div") -> dict[str, Any]:
    """Everything the play-off commands, the rollover and the website need: order, matches,
    decisions (§1.1.2.5-11, §1.1.4.2). ``blocked`` (with the §1.1.2.8 problems) when no
    semi-final pairing can be made yet."""
    from .lots import load_lots
    from .playoff import load_playoff
    from ..settings import load_settings

    settings = load_settings(store)
    pf, problems = load_playoff(store)
    seed = seed if seed is not None else pf.seed      # None: a lot is drawn with `dbf lot draw`
    lots = load_lots(store)[0]
    out: dict[str, Any] = {"seed": seed, "file": pf, "decisions": {}, "problems": problems, "pending_lots": [],
                           "order_lots": [], "home_warnings": [], "lots": lots}
    if div == "3div":
        return _third_division_state(store, out)
    return _first_division_state(store, out, settings, pf, on)


def _third_division_state(store, out: dict[str, Any]) -> dict[str, Any]:
    """§1.1.4.2: the match of the two 3rd-division groups' runners-up (provisional while a group's
    round robin is not complete)."""
    from ...rules.divisions.playoff import decide, runners_up_match, teams_fixed
    from ...rules.problems import Problem
    from .playoff import division_table

    problems = out["problems"]
    tables = {}
    for g in ("3div-a", "3div-b"):
        _, table, _, p = division_table(store, g)
        problems += p
        tables[g] = table
        if not table.complete:
            problems.append(Problem.warning("1.1.4.2", Msg("{}'s round robin is not complete: the "
                                                           'runners-up are provisional', g),
                                            code="playoff.round-robin-incomplete"))
        _pending_order(out, g, table, 2)
    a2, b2 = tables["3div-a"].rows[1].team, tables["3div-b"].rows[1].team
    match = runners_up_match(a2, b2, out["seed"], out["lots"])
    out.update(matches=(match,), complete=all(t.complete for t in tables.values()))
    _apply(out, match, decide)
    _pending_home(out, lambda mid: teams_fixed(mid, complete=out["complete"], open_lots=out["order_lots"]))
    return out


def _first_division_state(store, out: dict[str, Any], settings, pf, on: dt.date | None) -> dict[str, Any]:
    """§1.1.2.5-11: the 1st division's top 4 after the round robin, the semi-final pairing
    (§1.1.2.8, ``blocked`` without one), the semi-finals and, once both are decided, the final."""
    from ...rules.divisions.playoff import (MutualResult, first_division_playoff, results_known_on, semi_final_pairing,
                                 teams_fixed)
    from ...rules.problems import Problem
    from .playoff import division_table

    problems, seed, lots = out["problems"], out["seed"], out["lots"]
    _, table, results, p = division_table(store, "1div")
    problems += p
    order = tuple(r.team for r in table.rows)
    if not table.complete:
        problems.append(Problem.warning("1.1.2.5", Msg("1div's round robin is not complete ({} of {} "
                                                       'matches): the play-off is provisional',
                                                       table.matches_played, table.matches_total),
                                        code="playoff.round-robin-incomplete"))
    _pending_order(out, "1div", table, 4)
    mutual = [MutualResult(r.home, r.away, r.imps_home, r.imps_away) for r in results]
    weekends = settings.division("1div").weekends
    known = results_known_on(pf.results_known_on, weekends)
    pairing, p = semi_final_pairing(order, pf.choice, chosen_on=pf.chosen_on, results_known_on=known,
                                    today=on, choice_days=settings.playoff.choice_days)
    problems += p
    if pairing is None:
        out.update(blocked=True, matches=())
        return out
    matches, p = first_division_playoff(order, mutual, seed, pairing, provisional=not table.complete, lots=lots)
    problems += p
    out.update(order=order, pairing=pairing, mutual=mutual, complete=table.complete, results_known_on=known)
    out["matches"] = matches + _final(out, matches, order, mutual, not table.complete)
    _pending_home(out, lambda mid: teams_fixed(mid, complete=table.complete, open_lots=out["order_lots"],
                                               status=pairing.status))
    return out


def _final(out: dict[str, Any], semis_drawn: tuple, order: tuple, mutual: list, provisional: bool) -> tuple:
    """§1.1.2.6: the final between the semi-final winners, once both semi-finals are decided
    (its decision and the final order in ``out``); () before."""
    from ...rules.divisions.playoff import F1, FINAL, decide, final_order, make_match

    semis = [_apply(out, m, decide) for m in semis_drawn]
    if not all(semis):
        return ()
    final, p = make_match(F1, FINAL, (semis[0].winner, semis[1].winner), order, mutual, out["seed"],
                          provisional=provisional, lots=out["lots"])
    out["problems"] += p
    fin = _apply(out, final, decide)
    out["final_order"] = final_order(order, semis, fin)
    out["champion"] = fin.winner if fin else None
    return (final,)


def _apply(out: dict, match, decide):
    """The recorded result of ``match`` (if any), checked against the current pairing."""
    from ...rules.problems import Problem

    rec = out["file"].results.get(match.id)
    if rec is None:
        return None
    teams, result = rec
    if set(teams) != set(match.teams):
        out["problems"].append(Problem.error(None, Msg('the recorded result of {} is for {}, but the '
                                                       'match is {}', match.id, ' v '.join(teams),
                                                       ' v '.join(match.teams)), code="state.inconsistent"))
        return None
    if teams != match.teams:
        from ...rules.value import replace

        from ...rules.divisions.playoff import Half
        flip = lambda hs: tuple(Half((h.imps[1], h.imps[0]), h.boards, h.section) for h in hs)  # noqa: E731
        result = replace(result, halves=flip(result.halves), extra_rounds=flip(result.extra_rounds))
    decision, p = decide(match, result)
    out["problems"] += p
    out["decisions"][match.id] = (result, decision)
    return decision


def match_json(m, out: dict) -> dict:
    from ...rules.divisions.playoff import exact, show_imps

    doc = m.to_json()
    result, decision = out["decisions"].get(m.id, (None, None))
    doc["home_section_2"] = m.home_section_2 if m.sections == 2 else None
    doc["lot_pending"] = any(lot.key == m.id for lot in out.get("pending_lots", ()))   # due: the teams are fixed
    if result is not None:
        doc["result"] = {"halves": [list(h.imps) for h in result.halves],
                         "extra_rounds": [list(h.imps) for h in result.extra_rounds]}
    if decision is not None:
        doc["winner"] = decision.winner
        doc["decided_by"] = decision.decided_by
        # exact, as the carry-over is (§1.1.2.10: "7/3"); the 1-decimal display beside it (issue 25.14)
        doc["totals"] = {t: exact(v) for t, v in decision.totals.items()}
        doc["totals_shown"] = {t: show_imps(v) for t, v in decision.totals.items()}
        doc["extra_round_line_up"] = [{"round": n, "away": a, "note": note} for n, a, note in decision.extra_rounds]
    return doc


def playoff_doc(division: str, out: dict) -> dict[str, Any]:
    """The JSON document of `dbf playoff DIV` (docs/interface.md `playoff` shape and more)."""
    doc: dict[str, Any] = {"division": division, "seed": out["seed"],
                           "matches": [match_json(m, out) for m in out["matches"]]}
    if division == "1div":
        p = out["pairing"]
        doc["pairing"] = {"status": p.status, "opponent_of_no_1": p.opponent,
                          "deadline": p.deadline.isoformat() if p.deadline else None}
        doc["champion"] = out.get("champion")
    return doc
