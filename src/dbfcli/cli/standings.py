"""``dbf standings DIV``: the division table from the recorded matches: IMPs, VP, rank,
tie-breaks and the marks of §1.1.2.5, §1.1.3.2-3, §1.1.4.2-3."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from .common import check, command, CsvDialectOpt, CsvOpt, fail, JsonOpt, load_snapshot, UsageProblem
from .invocation import RUN
from .output import emit, num, write_csv
from ..rules.problems import Msg

DivArg = Annotated[str, typer.Argument(help="Division: 1div, 2div, 3div-a or 3div-b.")]


def register(app: typer.Typer) -> None:
    @command(app, "standings")
    def standings_(div: DivArg,
                   after_round: Annotated[Optional[int], typer.Option("--round", help="The table after round N (later rounds left out).")] = None,
                   json_: JsonOpt = False, csv: CsvOpt = False, csv_dialect: CsvDialectOpt = None) -> None:
        """DIV's table: played, won/drawn/lost, IMPs, VP, rank and marks (play-off, promoted,
        runner-up play-off, relegated), from the matches recorded so far.

        VP per match on the season's scale (`vp_scale`, default the WBF 20-VP continuous
        scale) with the match's own boards. Ties: VP, mini-league VP among the tied teams,
        IMP quotient, IMP difference, then lots (docs/readings/divisions-standings.md).

        Example: dbf standings 1div --round 6 --json
        """
        from ..rules.model import DIVISIONS
        from ..rules.divisions.standings import standings
        from ..rules.divisions.vp import format_vp

        if div not in DIVISIONS:
            fail(Msg('unknown division {}', f'{div!r}'), hint=Msg("one of: {}", ", ".join(DIVISIONS)), code="unknown.division")
        snap = load_snapshot()
        settings = snap.settings()
        division, scale = _division_and_scale(snap, settings, div)
        results, problems = _results(snap, settings, division, div, after_round)
        lots, lot_problems = snap.lots()
        check([x for x in lot_problems if x.rule is None])      # a malformed lots file: exit 2
        table, more = standings(division, results, scale, lots)
        problems += more
        names = {t.id: t.name for t in division.teams}
        doc = {"division": div, "season": snap.season, "vp_scale": scale.name, "after_round": after_round,
               "rounds_played": table.rounds_played, "matches_played": table.matches_played,
               "matches_total": table.matches_total, "complete": table.complete,
               "rows": [_row_doc(r, names) for r in table.rows]}
        warnings = check(problems, doc)
        doc["warnings"] = [p.to_json() for p in warnings]
        if csv and not (json_ or RUN.json):
            _write_standings_csv(table, names)
            return

        def human(out) -> None:
            from ..i18n import count, division_name, t, word

            state = t("state_final") if table.complete else t(
                "state_after", rounds=count(table.rounds_played, "round"), played=table.matches_played, total=table.matches_total)
            out.table(t("standings_title", div=division_name(div), season=snap.season, state=state, scale=scale.name),
                      ["#", t("team"), t("name"), t("col_played"), t("col_won"), t("col_drawn"), t("col_lost"),
                       t("imps_plus"), t("imps_minus"), t("vp"), "", t("tie_break")],
                      [(f"{r.rank}{'=' if r.lots else ''}", r.team, names[r.team], r.played, r.won, r.drawn, r.lost,
                        r.imps_for, r.imps_against, num(format_vp(r.vp)), ", ".join(t(m.name) for m in r.marks),
                        word("tiebreak", r.tie_break)) for r in table.rows],
                      justify=["right", "left", "left", "right", "right", "right", "right", "right", "right", "right",
                               "left", "left"])

        emit(doc, human)


def _division_and_scale(snap, settings, div: str):
    """The division's teams and the season's VP scale; exit 2 when either cannot be used."""
    division, problems = snap.division(div)
    check(problems)
    if division is None or not division.teams:
        fail(Msg('no teams entered in {}', div), hint=Msg('run `dbf division enter {} FILE`', div), code="state.not-entered")
    scale, scale_problems = snap.vp_scale(settings.vp_scale)
    if scale is None:
        check(scale_problems or [])
        fail(Msg('vp_scale {} cannot be used', f'{settings.vp_scale!r}'), code="format.vp-table")
    return division, scale


def _results(snap, settings, division, div: str, after_round: int | None):
    """The division's recorded matches (up to ``--round``) and their problems against the
    (frozen) schedule; exit 2 on a malformed match file or a round out of range."""
    from ..rules.divisions.standings import check_against_schedule

    results, problems = snap.div_results(div)
    if any(p.is_error and p.rule is None for p in problems):  # malformed files: exit 2
        raise UsageProblem(problems)
    schedule = snap.season_schedule(division, settings.division(div))   # the frozen one when stored
    problems += check_against_schedule(results, schedule)
    if after_round is not None:
        if not 1 <= after_round <= len(schedule):
            fail(Msg('--round {}: {} has rounds 1-{}', after_round, div, len(schedule)), code="usage.option")
        results = [r for r in results if r.round <= after_round]
    return results, problems


def _row_doc(r, names: dict) -> dict:
    """One row of the table in the ``--json`` document."""
    from ..rules.divisions.vp import vp_number

    q = r.imp_quotient
    return {"rank": r.rank, "team": r.team, "name": names[r.team], "played": r.played, "won": r.won,
            "drawn": r.drawn, "lost": r.lost, "imps_for": r.imps_for, "imps_against": r.imps_against,
            "imp_quotient": None if q is None else round(float(q), 4), "vp": vp_number(r.vp),
            "marks": [m.name for m in r.marks], "mark_rules": [m.rule for m in r.marks],
            "tie_break": r.tie_break, "lots": r.lots, "lot_drawn": r.lot_drawn}


def _write_standings_csv(table, names: dict) -> None:
    """``--csv``: one row per team."""
    from ..rules.divisions.vp import format_vp

    write_csv(["rank", "team", "name", "played", "won", "drawn", "lost", "imps_for", "imps_against", "vp",
               "marks"],
              [(r.rank, r.team, names[r.team], r.played, r.won, r.drawn, r.lost, r.imps_for, r.imps_against,
                num(format_vp(r.vp)), " ".join(m.name for m in r.marks)) for r in table.rows])
