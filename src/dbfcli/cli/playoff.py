"""``dbf playoff``: the 1st-division play-off (§1.1.2.4-11) and the 3rd-division
runners-up match (§1.1.4.2).

    dbf playoff 1div [--json]                    pairings, carry-over, home per section, results
    dbf playoff 1div choose TEAM [--today D]     no. 1's choice of semi-final opponent (§1.1.2.8)
    dbf playoff 1div result 1div-SF1 --half 30-20 --half 10-12 --half 40-40 --half 5-9
    dbf playoff 3div [--json]                    the runners-up match 3div-PO (also 3div-a / 3div-b)

IMPs of ``--half``/``--extra`` are in the order of the match's teams as printed.
State: ``divisions/playoff.yaml`` (see :mod:`dbfcli.store.playoff`).
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any, Optional

import typer

from .common import RUN, DryRunOpt, JsonOpt, TodayOpt, check, command, command_line, emit, fail, load_store, today

DivArg = Annotated[str, typer.Argument(help="1div, or 3div (3div-a / 3div-b) for the runners-up match.")]
SeedOpt = Annotated[Optional[int], typer.Option("--seed", help="Seed for lots (default: recorded, else the season's digits).")]


def default_seed(season: str) -> int:
    """The lot seed when none is recorded: the season's digits (``2026-27`` -> 202627)."""
    return int("".join(c for c in season if c.isdigit()) or 0)


def _div(value: str) -> str:
    if value == "1div":
        return "1div"
    if value in ("3div", "3div-a", "3div-b"):
        return "3div"
    fail(f"no play-off in {value!r}", rule="1.1.2.5", hint="1div (§1.1.2.5) or 3div (§1.1.4.2)")


def _standings(store, settings, div_id: str):
    """``(division, table, results, problems)`` as `dbf standings` ranks (season VP scale, frozen schedule)."""
    from ..store.playoff import division_table

    return division_table(store, div_id)


def state(store, seed: int | None = None, on: dt.date | None = None, div: str = "1div") -> dict[str, Any]:
    """Everything the play-off commands and the rollover need: order, matches, decisions."""
    from ..rules.playoff import (F1, FINAL, PO3, MutualResult, decide, final_order, first_division_playoff,
                                 make_match, runners_up_match, semi_final_pairing)
    from ..rules.problems import Problem
    from ..store.playoff import load_playoff
    from ..store.settings import load_settings

    settings = load_settings(store)
    pf, problems = load_playoff(store)
    seed = seed if seed is not None else (pf.seed if pf.seed is not None else default_seed(store.season))
    out: dict[str, Any] = {"seed": seed, "file": pf, "decisions": {}, "problems": problems}
    if div == "3div":
        tables = {}
        for g in ("3div-a", "3div-b"):
            _, table, _, p = _standings(store, settings, g)
            problems += p
            tables[g] = table
            if not table.complete:
                problems.append(Problem.warning("1.1.4.2", f"{g}'s round robin is not complete: the runners-up are provisional"))
        a2, b2 = tables["3div-a"].rows[1].team, tables["3div-b"].rows[1].team
        match = runners_up_match(a2, b2, seed)
        out.update(matches=(match,), complete=all(t.complete for t in tables.values()))
        _apply(out, match, decide)
        return out
    _, table, results, p = _standings(store, settings, "1div")
    problems += p
    order = tuple(r.team for r in table.rows)
    if not table.complete:
        problems.append(Problem.warning("1.1.2.5", f"1div's round robin is not complete ({table.matches_played} of "
                                                   f"{table.matches_total} matches): the play-off is provisional"))
    mutual = [MutualResult(r.home, r.away, r.imps_home, r.imps_away) for r in results]
    weekends = settings.division("1div").weekends
    known = pf.results_known_on or (weekends[-1] + dt.timedelta(days=1) if weekends else None)
    pairing, p = semi_final_pairing(order, pf.choice, chosen_on=pf.chosen_on, results_known_on=known,
                                    today=on, choice_days=settings.playoff.choice_days)
    problems += p
    if pairing is None:
        check(problems)
    matches, p = first_division_playoff(order, mutual, seed, pairing)
    problems += p
    out.update(order=order, pairing=pairing, mutual=mutual, complete=table.complete, results_known_on=known)
    semis = [_apply(out, m, decide) for m in matches]
    if all(semis):
        final, p = make_match(F1, FINAL, (semis[0].winner, semis[1].winner), order, mutual, seed)
        problems += p
        matches = matches + (final,)
        fin = _apply(out, final, decide)
        out["final_order"] = final_order(order, semis, fin)
        out["champion"] = fin.winner if fin else None
    out["matches"] = matches
    return out


def _apply(out: dict, match, decide):
    """The recorded result of ``match`` (if any), checked against the current pairing."""
    from ..rules.problems import Problem

    rec = out["file"].results.get(match.id)
    if rec is None:
        return None
    teams, result = rec
    if set(teams) != set(match.teams):
        out["problems"].append(Problem.error(None, f"the recorded result of {match.id} is for {' v '.join(teams)}, "
                                                   f"but the match is {' v '.join(match.teams)}"))
        return None
    if teams != match.teams:
        from dataclasses import replace

        from ..rules.playoff import Half
        flip = lambda hs: tuple(Half((h.imps[1], h.imps[0]), h.boards, h.section) for h in hs)  # noqa: E731
        result = replace(result, halves=flip(result.halves), extra_rounds=flip(result.extra_rounds))
    decision, p = decide(match, result)
    out["problems"] += p
    out["decisions"][match.id] = (result, decision)
    return decision


def _match_json(m, out: dict) -> dict:
    from ..rules.playoff import show_imps

    doc = m.to_json()
    result, decision = out["decisions"].get(m.id, (None, None))
    doc["home_section_2"] = m.home_section_2 if m.sections == 2 else None
    if result is not None:
        doc["result"] = {"halves": [list(h.imps) for h in result.halves],
                         "extra_rounds": [list(h.imps) for h in result.extra_rounds]}
    if decision is not None:
        doc["winner"] = decision.winner
        doc["decided_by"] = decision.decided_by
        doc["totals"] = {t: show_imps(v) for t, v in decision.totals.items()}
        doc["extra_round_line_up"] = [{"round": n, "away": a, "note": note} for n, a, note in decision.extra_rounds]
    return doc


def _render(division: str, out: dict) -> tuple[dict, Any]:
    from ..rules.playoff import show_imps

    doc: dict[str, Any] = {"division": division, "seed": out["seed"],
                           "matches": [_match_json(m, out) for m in out["matches"]]}
    if division == "1div":
        p = out["pairing"]
        doc["pairing"] = {"status": p.status, "opponent_of_no_1": p.opponent,
                          "deadline": p.deadline.isoformat() if p.deadline else None}
        doc["champion"] = out.get("champion")

    def human(o):
        rows = []
        for m in out["matches"]:
            a, b = m.teams
            result, decision = out["decisions"].get(m.id, (None, None))
            res = "" if result is None else f"{sum(h.imps[0] for h in result.halves)}-{sum(h.imps[1] for h in result.halves)}"
            lot = f" (lot, seed {m.lot.seed})" if m.lot else ""
            rows.append((m.id, m.stage, f"{a} v {b}", f"{show_imps(m.carry_over.get(a, 0))}-{show_imps(m.carry_over.get(b, 0))}",
                         f"{m.home_section_1}{lot}", res, decision.winner if decision else ""))
        o.table(f"Play-off {division} ({m.boards} boards each)", ["match", "stage", "teams", "carry-over", "home section 1",
                                                                   "IMPs", "winner"], rows)
        if division == "1div":
            p = out["pairing"]
            o.line(f"§1.1.2.8 semi-final choice: {p.status}; {out['order'][0]} plays {p.opponent}"
                   + (f" (deadline {p.deadline})" if p.deadline else ""))
            o.line("§1.1.2.6 semi-finals Saturday, final Sunday, no match for 3rd place")
            if out.get("champion"):
                o.line(f"§1.1.2.4 Danish open teams champion: {out['champion']}")
        o.line("carry-over shown to one decimal, rounded half up; decisions use exact values (§1.1.2.10)")
    return doc, human


def _pair(text: str) -> tuple[int, int]:
    try:
        a, b = text.replace(":", "-").split("-")
        return int(a), int(b)
    except ValueError:
        fail(f"{text!r} is not IMPs as A-B (e.g. 30-20)")


def register(app: typer.Typer) -> None:
    @command(app, "playoff")
    def playoff(
        div: DivArg,
        action: Annotated[Optional[str], typer.Argument(help="none: show; `choose TEAM`; `result MATCH`.")] = None,
        target: Annotated[Optional[str], typer.Argument(help="TEAM for choose, MATCH for result.", show_default=False)] = None,
        half: Annotated[list[str], typer.Option("--half", help="result: IMPs of one half of 16 boards, A-B in the match's team order; 4 times.")] = [],  # noqa: B006
        extra: Annotated[list[str], typer.Option("--extra", help="result: IMPs of a 4-board extra round (§1.1.2.11), A-B.")] = [],  # noqa: B006
        seed: SeedOpt = None,
        today_: TodayOpt = None,
        dry_run: DryRunOpt = False,
        json_: JsonOpt = False,
    ) -> None:
        """Play-off pairings, carry-over (§1.1.2.10), home per section (§1.1.2.9) and results.

        `dbf playoff 1div` shows the semi-finals (and the final once both are played);
        `dbf playoff 3div` the runners-up match (§1.1.4.2).
        `dbf playoff 1div choose TEAM` records no. 1's choice of opponent (§1.1.2.8; refused after the deadline).
        `dbf playoff DIV result MATCH --half A-B x4 [--extra A-B ...]` records a result (§1.1.2.7, §1.1.2.11);
        IMPs in the order of the match's teams as shown.

        Example: dbf playoff 1div result 1div-SF1 --half 30-20 --half 10-12 --half 40-40 --half 5-9
        """
        division = _div(div)
        if action is None:
            store = load_store()
            out = state(store, seed, today(today_), division)
            check(out["problems"])
            doc, human = _render(division, out)
            emit(doc, human)
        elif action == "choose":
            if not target:
                fail("which team? dbf playoff 1div choose TEAM")
            _choose(division, target, today_, seed, dry_run)
        elif action == "result":
            if not target:
                fail("which match? e.g. dbf playoff 1div result 1div-SF1 --half 30-20 ...")
            _result(division, target, half, extra, seed, today_, dry_run)
        else:
            fail(f"unknown action {action!r}", hint="choose TEAM, result MATCH, or nothing to show the play-off")


def _choose(division: str, team: str, today_: Optional[str], seed: Optional[int], dry_run: bool) -> None:
    """§1.1.2.8: record the round-robin winner's choice of semi-final opponent."""
    from ..rules.playoff import semi_final_pairing
    from ..store.playoff import PLAYOFF, load_playoff, playoff_data
    from ..store.settings import load_settings

    if division != "1div":
        fail("only the 1st division's winner chooses an opponent (§1.1.2.8)", rule="1.1.2.8")
    on = today(today_)
    store = load_store()
    with store.transaction(command_line(), f"play-off: no. 1 chose {team}", dry_run, RUN.lock_timeout) as tx:
        out = state(store, seed, on)
        check([p for p in out["problems"] if p.rule != "1.1.2.8"])
        if any(m in out["file"].results for m in ("1div-SF1", "1div-SF2")):
            from ..rules.problems import Problem

            check([Problem.error("1.1.2.8", "semi-final results are recorded; the choice can no longer change")])
        settings = load_settings(store)
        pairing, problems = semi_final_pairing(out["order"], team, chosen_on=on, results_known_on=out["results_known_on"],
                                               choice_days=settings.playoff.choice_days)
        check(problems)
        pf, _ = load_playoff(store)
        pf.choice, pf.chosen_on, pf.seed = team, on, out["seed"]
        tx.write_yaml(PLAYOFF, playoff_data(pf), header="1st-division play-off (dbf playoff)")
    emit({"ok": True, "division": "1div", "choice": team, "chosen_on": on.isoformat(),
          "semi_finals": [list(p) for p in pairing.pairs], "dry_run": dry_run},
         lambda o: o.line(f"{'would record' if dry_run else 'recorded'}: {out['order'][0]} plays {team} "
                          f"(semi-finals {pairing.pairs[0][0]} v {pairing.pairs[0][1]}, "
                          f"{pairing.pairs[1][0]} v {pairing.pairs[1][1]})"))


def _result(division: str, match: str, half: list[str], extra: list[str], seed: Optional[int],
            today_: Optional[str], dry_run: bool) -> None:
    """§1.1.2.7, §1.1.2.11, §1.1.4.2: record a play-off result."""
    from ..rules.playoff import Half, PlayoffResult, decide
    from ..store.playoff import PLAYOFF, load_playoff, playoff_data

    store = load_store()
    with store.transaction(command_line(), f"play-off result {match}", dry_run, RUN.lock_timeout) as tx:
        out = state(store, seed, today(today_), division)
        check(out["problems"])
        found = {m.id: m for m in out["matches"]}
        if match not in found:
            fail(f"no match {match} in the {division} play-off now", hint="one of: " + ", ".join(found) +
                 ("; the final appears when both semi-finals are recorded" if division == "1div" else ""))
        m = found[match]
        if division == "1div" and out["pairing"].status == "provisional":
            from ..rules.problems import Problem

            check([Problem.error("1.1.2.8", f"the semi-finals are not fixed: {out['order'][0]} may still choose until "
                                            f"{out['pairing'].deadline}",
                                 hint="record the choice (dbf playoff 1div choose TEAM) or wait for the deadline")])
        res = PlayoffResult(match, tuple(Half(_pair(h)) for h in half), tuple(Half(_pair(h), 4) for h in extra))
        decision, problems = decide(m, res)
        check(problems)
        pf, _ = load_playoff(store)
        pf.results[match] = (m.teams, res)
        pf.seed = out["seed"]
        tx.write_yaml(PLAYOFF, playoff_data(pf), header="play-off (dbf playoff)")
    emit({"ok": True, "match": match, "teams": list(m.teams), "winner": decision.winner,
          "decided_by": decision.decided_by, "dry_run": dry_run},
         lambda o: o.line(f"{match}: {decision.winner} wins ({decision.decided_by})"
                          + ("" if not dry_run else "; dry run, nothing written")))
