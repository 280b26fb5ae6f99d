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

from typing import Annotated, Optional

import typer

from ..i18n import count, heads, t as tr, word, division_name, versus
from .common import command, CsvDialectOpt, CsvOpt, DryRunOpt, fail, JsonOpt, TodayOpt
from .output import Decimals
from .usecase import render, session
from ..rules.problems import Msg

DivArg = Annotated[str, typer.Argument(help="1div, or 3div (3div-a / 3div-b) for the runners-up match.")]
SeedOpt = Annotated[Optional[int], typer.Option("--seed", help="Seed for the home lots (§1.1.2.9; default: the recorded one, else lots drawn with `dbf lot draw`).")]


def _show_playoff(o, view) -> None:
    """The play-off (:class:`dbfcli.app.playoff.PlayoffView`) as a table; the 1st division's notes."""
    division, out = view.division, view.state
    rows = [_match_row(division, m, out) for m in out["matches"]]
    cols = (("match", "stage", "teams", "carry-over", "home section 1", "IMPs", "IMPs incl. carry-over", "winner")
            if division == "1div" else ("match", "stage", "teams", "home", "IMPs", "winner"))
    last = out["matches"][-1]   # the boards of the last match (the final's, when it is paired)
    o.table(tr("playoff_title", div=division_name(division), boards=count(last.boards, "board", en_plural=True)),
            heads(*cols), rows)
    if division == "1div":
        _first_division_notes(o, out)


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
        from ..app.playoff import (ChoiceRequest, PlayoffRequest, ResultRequest, choose_opponent, playoff_division,
                                   playoff_view, record_result)

        if action is None:
            outcome = playoff_view(session(), PlayoffRequest(division=div, seed=seed, today=today_))
            render(outcome, lambda o: _show_playoff(o, outcome.plan))
        elif action == "choose":
            outcome = choose_opponent(session(), ChoiceRequest(division=div, team=target, seed=seed, today=today_,
                                                              dry_run=dry_run))
            render(outcome, lambda o: _show_choice(o, outcome.plan, dry_run))
        elif action == "result":
            outcome = record_result(session(), ResultRequest(division=div, match=target, halves=tuple(half),
                                                             extra=tuple(extra), seed=seed, today=today_,
                                                             dry_run=dry_run))
            render(outcome, lambda o: o.line(tr("playoff_won", match=target, winner=outcome.plan.winner,
                                                how=outcome.plan.decided_by)
                                             + ("" if not dry_run else tr("dry_run_nothing"))))
        else:
            playoff_division(div)
            fail(Msg('unknown action {}', f'{action!r}'), hint=Msg('choose TEAM, result MATCH, or nothing to show '
                                                        'the play-off'), code="unknown.action")


def _show_choice(o, choice, dry_run: bool) -> None:
    """No. 1's choice recorded (§1.1.2.8): the two semi-finals."""
    (a, b), (c, d) = choice.pairing.pairs
    o.line(tr("playoff_chosen", verb=tr("verb:would record" if dry_run else "verb:recorded"), team=choice.chooser,
              choice=choice.team, a=a, b=b, c=c, d=d))
