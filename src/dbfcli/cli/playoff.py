"""``dbf playoff``: the 1st-division play-off (§1.1.2.4-11) and the 3rd-division
runners-up match (§1.1.4.2).

    dbf playoff 1div [--json]                    pairings, carry-over, home per section, results
    dbf playoff 1div choose TEAM [--today D]     no. 1's choice of semi-final opponent (§1.1.2.8)
    dbf playoff 1div result 1div-SF1 --half 30-20 --half 10-12 --half 40-40 --half 5-9
    dbf playoff 3div [--json]                    the runners-up match 3div-PO (also 3div-a / 3div-b)

IMPs of ``--half``/``--extra`` are in the order of the match's teams as printed.
State: ``divisions/playoff.yaml`` (see :mod:`dbfcli.store.divisions.playoff`).
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any, Optional

import typer

from ..i18n import count, heads, t as tr, word, division_name, versus
from .common import RUN, CsvDialectOpt, CsvOpt, Decimals, DryRunOpt, JsonOpt, TodayOpt, check, command, command_line, emit, fail, load_snapshot, today
from ..rules.problems import Msg

DivArg = Annotated[str, typer.Argument(help="1div, or 3div (3div-a / 3div-b) for the runners-up match.")]
SeedOpt = Annotated[Optional[int], typer.Option("--seed", help="Seed for the home lots (§1.1.2.9; default: the recorded one, else lots drawn with `dbf lot draw`).")]


def _div(value: str) -> str:
    if value == "1div":
        return "1div"
    if value in ("3div", "3div-a", "3div-b"):
        return "3div"
    fail(Msg('no play-off in {}', f'{value!r}'), rule="1.1.2.5", hint=Msg('1div (§1.1.2.5) or 3div (§1.1.4.2)'), code="unknown.division")


def state(snap, seed: int | None = None, on: dt.date | None = None, div: str = "1div") -> dict[str, Any]:
    """:func:`dbfcli.store.divisions.playoffstate.playoff_state` through the snapshot; exit 1 with the
    §1.1.2.8 problems when no pairing can be made yet."""
    out = snap.playoff_state(seed=seed, on=on, div=div)
    if out.get("blocked"):
        check(out["problems"])
    return out


def _render(division: str, out: dict) -> tuple[dict, Any]:
    from ..store.divisions.playoffstate import playoff_doc

    doc = playoff_doc(division, out)

    def human(o):
        rows = [_match_row(division, m, out) for m in out["matches"]]
        cols = (("match", "stage", "teams", "carry-over", "home section 1", "IMPs", "IMPs incl. carry-over", "winner")
                if division == "1div" else ("match", "stage", "teams", "home", "IMPs", "winner"))
        last = out["matches"][-1]   # the boards of the last match (the final's, when it is paired)
        o.table(tr("playoff_title", div=division_name(division), boards=count(last.boards, "board", en_plural=True)),
                heads(*cols), rows)
        if division == "1div":
            _first_division_notes(o, out)
    return doc, human


def _match_row(division: str, m, out: dict) -> tuple:
    """One play-off match as a table row: the 1st division's with the carry-over (§1.1.2.10),
    the runners-up match's with one section and no carry-over (§1.1.4.2)."""
    from ..rules.divisions.playoff import show_imps

    a, b = m.teams
    result, decision = out["decisions"].get(m.id, (None, None))
    lot = (tr("lot_seed", seed=m.lot.seed) if m.lot and m.lot.seed is not None else
           " (lot)" if m.lot else "")
    due = any(x.key == m.id for x in out["pending_lots"])     # the teams are fixed (rules.divisions.playoff.teams_fixed)
    home = f"{m.home_section_1}{lot}" if m.home_section_1 else tr("lot_pending") if due else tr("home_open")
    raw = None if result is None else result.imps()
    res = "" if raw is None else f"{raw[0]}-{raw[1]}"
    winner = decision.winner if decision else ""
    if division != "1div":
        return (m.id, word("stage", m.stage), versus(a, b), home, res, winner)
    co = (m.carry_over.get(a, 0), m.carry_over.get(b, 0))
    total = "" if raw is None else Decimals(f"{show_imps(raw[0] + co[0])}-{show_imps(raw[1] + co[1])}")
    return (m.id, word("stage", m.stage), versus(a, b), Decimals(f"{show_imps(co[0])}-{show_imps(co[1])}"),
            home, res, total, winner)


def _first_division_notes(o, out: dict) -> None:
    """The §1.1.2.8 choice and its deadline, the champion, the carry-over note."""
    p = out["pairing"]
    status = tr("pairing:" + p.status) if p.status in ("provisional", "chosen", "default") else p.status
    o.line(tr("playoff_choice", status=status, team=out["order"][0], opponent=p.opponent)
           + (tr("deadline_note", deadline=p.deadline) if p.deadline else ""))
    o.line(tr("playoff_days"))
    if out.get("champion"):
        o.line(tr("champion", team=out["champion"]))
    o.line(tr("carry_over_note"))


def _pair(text: str) -> tuple[int, int]:
    try:
        a, b = text.replace(":", "-").split("-")
        return int(a), int(b)
    except ValueError:
        fail(Msg('{} is not IMPs as A-B (e.g. 30-20)', f'{text!r}'), code="usage.option")


def register(app: typer.Typer) -> None:
    @command(app, "playoff", writes=lambda kw: kw.get("action") in ("choose", "result"))
    def playoff(
        div: DivArg,
        action: Annotated[Optional[str], typer.Argument(help="none: show; `choose TEAM`; `result MATCH`.")] = None,
        target: Annotated[Optional[str], typer.Argument(help="TEAM for choose, MATCH for result.", show_default=False)] = None,
        half: Annotated[list[str], typer.Option("--half", help="result: IMPs of one half of 16 boards, A-B in the match's team order; 4 times.")] = [],  # noqa: B006
        extra: Annotated[list[str], typer.Option("--extra", help="result: IMPs of a 4-board extra round (§1.1.2.11), A-B.")] = [],  # noqa: B006
        seed: SeedOpt = None,
        today_: TodayOpt = None,
        dry_run: DryRunOpt = False,
        csv: CsvOpt = False, csv_dialect: CsvDialectOpt = None, json_: JsonOpt = False,
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
            out = state(load_snapshot(), seed, today(today_), division)
            check(out["problems"])
            doc, human = _render(division, out)
            emit(doc, human)
        elif action == "choose":
            if not target:
                fail(Msg('which team? dbf playoff 1div choose TEAM'), code="usage.missing")
            _choose(division, target, today_, seed, dry_run)
        elif action == "result":
            if not target:
                fail(Msg('which match? e.g. dbf playoff 1div result 1div-SF1 --half 30-20 ...'), code="usage.missing")
            _result(division, target, half, extra, seed, today_, dry_run)
        else:
            fail(Msg('unknown action {}', f'{action!r}'), hint=Msg('choose TEAM, result MATCH, or nothing to show '
                                                        'the play-off'), code="unknown.action")


def _choose(division: str, team: str, today_: Optional[str], seed: Optional[int], dry_run: bool) -> None:
    """§1.1.2.8: record the round-robin winner's choice of semi-final opponent."""
    from ..rules.divisions.playoff import semi_final_pairing
    from ..store.divisions.playoff import PLAYOFF, playoff_data

    if division != "1div":
        fail(Msg("only the 1st division's winner chooses an opponent (§1.1.2.8)"), rule="1.1.2.8", code="usage.option")
    on = today(today_)
    snap = load_snapshot()
    with snap.store.transaction(command_line(), f"play-off: no. 1 chose {team}", dry_run, RUN.lock_timeout) as tx:
        out = state(snap, seed, on)
        stale = out["home_warnings"]      # the home lots of the pairing before the choice (issue 25.10)
        check([p for p in out["problems"] if p.rule != "1.1.2.8" and p not in stale])
        check(_chooser_known(out))
        if any(m in out["file"].results for m in ("1div-SF1", "1div-SF2")):
            from ..rules.problems import Problem

            check([Problem.error("1.1.2.8", Msg('semi-final results are recorded; the choice can no '
                                                'longer change'), code="playoff.choice-fixed")])
        settings = snap.settings()
        pairing, problems = semi_final_pairing(out["order"], team, chosen_on=on, results_known_on=out["results_known_on"],
                                               choice_days=settings.playoff.choice_days)
        check(problems)
        home_lots = check(_chosen_home_lots(out, pairing))
        pf, _ = snap.playoff()
        pf.choice, pf.chosen_on = team, on
        if seed is not None:      # a seed the TD gave is recorded; none is made up (§1.1.2.9: dbf lot draw)
            pf.seed = seed
        tx.write_yaml(PLAYOFF, playoff_data(pf), header="1st-division play-off (dbf playoff)")
    emit({"ok": True, "division": "1div", "choice": team, "chosen_on": on.isoformat(),
          "semi_finals": [list(p) for p in pairing.pairs], "warnings": [p.to_json() for p in home_lots],
          "dry_run": dry_run},
         lambda o: o.line(tr("playoff_chosen", verb=tr("verb:would record" if dry_run else "verb:recorded"),
                             team=out["order"][0], choice=team, a=pairing.pairs[0][0], b=pairing.pairs[0][1],
                             c=pairing.pairs[1][0], d=pairing.pairs[1][1])))


def _chooser_known(out: dict) -> list:
    """§1.1.2.8: the choice belongs to the team placed first "efter grundspillet": refused while
    the round robin is not complete, or while a lot that decides the top 4 is not drawn
    (``out["order_lots"]``: :func:`dbfcli.rules.divisions.playoff.open_order_lots`)."""
    from ..rules.problems import Problem

    if not out.get("complete"):
        return [Problem.error("1.1.2.8", Msg('the round robin is not complete: who is no. 1 (and may '
                                             'choose) is not known yet'),
                              hint=Msg('record the remaining 1div matches first'),
                              code="playoff.round-robin-incomplete")]
    return [Problem.error("1.1.2.8", Msg('{}: the lot among {} is not drawn: the play-off is provisional',
                                         lot.what, ', '.join(lot.teams)), hint=lot.command(),
                          code="playoff.lot-not-drawn") for lot in out["order_lots"]]


def _chosen_home_lots(out: dict, pairing) -> list:
    """§1.1.2.9: the home lots the semi-finals of the pairing just chosen need (the state read
    before the choice speaks of the old pairing, which no longer plays: issue 25.10)."""
    from ..rules.divisions.playoff import first_division_playoff, home_lot_warning, home_lots_due

    matches, _ = first_division_playoff(out["order"], out["mutual"], out["seed"], pairing, lots=out["lots"])
    return [home_lot_warning(lot) for lot in home_lots_due(matches, lambda _mid: True)]


def _final_stands(out: dict, match: str, decision) -> list:
    """§1.1.2.6: the final is played between the semi-final winners. A semi-final recorded again
    with another winner once the final is recorded would leave a final between the wrong teams:
    refused (correct the final first, or `dbf undo` it)."""
    from ..rules.problems import Problem

    if match not in ("1div-SF1", "1div-SF2") or "1div-F" not in out["file"].results or decision is None:
        return []
    before = out["decisions"].get(match, (None, None))[1]
    if before is None or before.winner == decision.winner:
        return []
    teams = out["file"].results["1div-F"][0]
    return [Problem.error("1.1.2.6", Msg('the final is recorded between {} and {}; {} again with {} '
                                         'winning would leave it between the wrong teams', teams[0], teams[1],
                                         match, decision.winner),
                          hint=Msg("undo the final's result first (dbf undo), then record the semi-final"),
                          code="playoff.final-teams")]


def _result(division: str, match: str, half: list[str], extra: list[str], seed: Optional[int],
            today_: Optional[str], dry_run: bool) -> None:
    """§1.1.2.7, §1.1.2.11, §1.1.4.2: record a play-off result."""
    from ..rules.divisions.playoff import Half, PlayoffResult, decide, home_before_result
    from ..store.divisions.playoff import PLAYOFF, playoff_data

    snap = load_snapshot()
    with snap.store.transaction(command_line(), f"play-off result {match}", dry_run, RUN.lock_timeout) as tx:
        out = state(snap, seed, today(today_), division)
        check(out["problems"])
        found = {m.id: m for m in out["matches"]}
        if match not in found:
            fail(Msg('no match {} in the {} play-off now', match, division), hint=Msg("one of: {}{}", ", ".join(found),
                                                                                          Msg("; the final appears when both semi-finals are recorded") if division == "1div" else ""),
                 code="unknown.match")
        m = found[match]
        if division == "1div" and out["pairing"].status == "provisional":
            from ..rules.problems import Problem

            check([Problem.error("1.1.2.8", Msg('the semi-finals are not fixed: {} may still choose until '
                                                '{}', out['order'][0], out['pairing'].deadline),
                                 hint=Msg('record the choice (dbf playoff 1div choose TEAM) or wait for '
                                          'the deadline'), code="playoff.choice-open")])
        check(home_before_result(m))     # §1.1.2.9/§1.1.4.2: the home lot is drawn before the match
        res = PlayoffResult(match, tuple(Half(_pair(h)) for h in half), tuple(Half(_pair(h), 4) for h in extra))
        decision, problems = decide(m, res)
        check(problems + _final_stands(out, match, decision))
        pf, _ = snap.playoff()
        pf.results[match] = (m.teams, res)
        if seed is not None:
            pf.seed = seed
        tx.write_yaml(PLAYOFF, playoff_data(pf), header="play-off (dbf playoff)")
    emit({"ok": True, "match": match, "teams": list(m.teams), "winner": decision.winner,
          "decided_by": decision.decided_by, "dry_run": dry_run},
         lambda o: o.line(tr("playoff_won", match=match, winner=decision.winner, how=decision.decided_by)
                          + ("" if not dry_run else tr("dry_run_nothing"))))
