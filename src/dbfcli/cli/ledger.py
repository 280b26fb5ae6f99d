"""``dbf up``, ``dbf gp``, ``dbf fees``: the cup's ledgers, read from the
recorded matches (``cup/matches/*.yaml``): UP credited (§1.5.4), guldpoint
(§1.5.10, §1.5.14) and fees and fines (§1.5.11, §1.5.12, §1.5.15)."""

from __future__ import annotations

from typing import Annotated

import typer

from ..i18n import heads, problem_text, t as tr, word
from .common import command, CsvDialectOpt, CsvOpt, DryRunOpt, fail, JsonOpt, print_problems, TodayOpt
from .invocation import RUN
from .output import Num, write_csv
from .usecase import render, session
from ..rules.problems import Msg


def register(app: typer.Typer) -> None:
    @command(app, "up")
    def up(team: Annotated[str | None, typer.Argument(help="Only this team.")] = None,
           csv: CsvOpt = False, csv_dialect: CsvDialectOpt = None, json_: JsonOpt = False) -> None:
        """The cup's UP ledger (§1.5.4): UP credited per team, each from a recorded sheet.

        Example: dbf up KBH-3 --json
        """
        from ..app.ledger import UpRequest, up_ledger

        outcome = up_ledger(session(), UpRequest(team=team))
        rows, totals = outcome.plan.rows if outcome.plan else [], outcome.plan.totals if outcome.plan else {}

        def human(out):
            out.table(tr("up_credited"), heads("round", "match", "team", "UP"),
                      [(x["round"], x["match"], x["team"], x["up"]) for x in rows], justify=["right", "left", "left", "right"])
            out.table(tr("up_total"), heads("team", "UP"), sorted(totals.items(), key=lambda kv: (-kv[1], kv[0])),
                      justify=["left", "right"], csv=False)

        render(outcome, human)

    @command(app, "gp")
    def gp(player: Annotated[int | None, typer.Argument(help="Only this member number.")] = None,
           csv: CsvOpt = False, csv_dialect: CsvDialectOpt = None, json_: JsonOpt = False) -> None:
        """Guldpoint awarded in this season's cup (§1.5.10; §1.5.14 penalties applied).

        Example: dbf gp --csv > gp.csv
        """
        from ..app.ledger import GpRequest, gp_ledger

        # the shares match by match are in the JSON only (about 19,000 on 4,096 teams)
        outcome = gp_ledger(session(), GpRequest(player=player, shares=RUN.json))
        plan = outcome.plan
        if csv and not outcome.refused:   # the CSV, even with --json
            if outcome.notes and not RUN.json:
                print_problems(outcome.notes)
            write_csv(["player", "name", "gp"],
                      [(p, plan.names.get(p, ""), Num(h, 2)) for p, h in sorted(plan.totals.items())])
            return

        def human(out):
            totals, names = plan.totals, plan.names
            out.table(tr("gp_title"), heads("player", "name", "GP"),
                      [(p, names.get(p, ""), Num(h, 2)) for p, h in sorted(totals.items(), key=lambda kv: (-kv[1], kv[0]))],
                      justify=["left", "left", "right"], caption=tr("gp_caption", gp=Num(sum(totals.values()), 2)))

        render(outcome, human)

    @command(app, "fees", writes=lambda kw: kw.get("team") == "pay")
    def fees(team: Annotated[str | None, typer.Argument(help="Only this team; or `pay TEAM AMOUNT`.")] = None,
             pay_team: Annotated[str | None, typer.Argument(help="pay: the team that paid.", show_default=False)] = None,
             amount: Annotated[str | None, typer.Argument(help="pay: whole kroner received.", show_default=False)] = None,
             on: Annotated[str | None, typer.Option("--on", help="pay: the day it was received (YYYY-MM-DD).")] = None,
             note: Annotated[str, typer.Option("--note", help="pay: a note (e.g. the bank reference).")] = "",
             round_: Annotated[int | None, typer.Option("--round", min=1, max=9,
                                                         help="pay: the round it is for (default: the team's last).")] = None,
             today_: TodayOpt = None, dry_run: DryRunOpt = False,
             csv: CsvOpt = False, csv_dialect: CsvDialectOpt = None, json_: JsonOpt = False) -> None:
        """The cup's fee ledger (§1.5.15): round fees per player, additions (§1.5.11),
        joined substitutes (§1.5.12), walkover fines; what is owed, paid, outstanding and
        overdue (past its §1.5.15 date: with the sheet of the round before, 18 hours after
        the end of play, §1.5.14; after a bye, as if played on the official day); and the
        travel refunds DBF owes each team (recorded claims, §1.5.17, §1.5.4).

        `dbf fees pay TEAM AMOUNT --on DATE [--note TEXT]` records money received (whole
        kroner; cup/payments.yaml, journaled); it settles the team's oldest charges first.

        Example: dbf fees pay ODE-1 300 --on 2027-01-12 --note "bank 4471"
        """
        if team == "pay":
            _pay(pay_team, amount, on, note, round_, dry_run)
            return
        if pay_team is not None or amount is not None:
            fail(Msg('unexpected argument {}', f'{pay_team or amount!r}'), hint="dbf fees [TEAM] | dbf fees pay TEAM AMOUNT --on DATE",
                 code="usage.command-line")
        _show(team, today_)


def _show(team: str | None, today_: str | None) -> None:
    """``dbf fees [TEAM]``: one call of :func:`dbfcli.app.ledger.fee_ledger`, rendered."""
    from ..app.ledger import FeesRequest, fee_ledger

    outcome = fee_ledger(session(), FeesRequest(team=team, today=today_))
    render(outcome, lambda out: _show_fees(out, outcome.plan, outcome.doc, team))


def _show_fees(out, plan, doc: dict, team: str | None) -> None:
    """The ledgers (:class:`dbfcli.app.ledger.FeeLedger`) on the terminal: a team's charges, the
    table of every chosen team, and how a fee after a bye is paid (§1.5.15)."""
    chosen, state = plan.chosen, plan.state
    if team is not None:
        out.table(tr("team_fees_title", team=team), heads("round", "kind", "players", "kr", "note"),
                  [(r.round, word("fee", r.kind), r.players, r.amount_kr, problem_text(r.note)) for r in chosen[team].rows],
                  justify=["right", "left", "right", "right", "left"])
    out.table(tr("fees_title", fee=plan.fee),
              heads("team", "owed", "paid", "fines", "balance", "overdue", "refunds", "net"),
              [(t, l.owed_kr, l.paid_kr, l.fines_kr, l.balance_kr, doc["teams"][t]["overdue_kr"], l.refunds_kr,
                l.net_kr)
               for t, l in sorted(chosen.items())],
              justify=["left", "right", "right", "right", "right", "right", "right", "right"],
              caption=tr("fees_caption"))
    for d in state.dues[team] if team is not None else ():   # §1.5.15: after a bye no sheet carries it
        if d.how and d.outstanding_kr:
            out.line(tr("fee_how_line", round=d.round, kr=d.outstanding_kr, how=problem_text(d.how),
                        due=f"{d.due:%Y-%m-%d %H:%M}" if d.due else "?"))


def _pay(team: str | None, amount: str | None, on: str | None, note: str, round_: int | None, dry_run: bool) -> None:
    """``dbf fees pay TEAM AMOUNT --on DATE``: one call of :func:`dbfcli.app.fees.pay`, rendered."""
    from ..app.fees import Payment, pay

    outcome = pay(session(), Payment(team=team, amount=amount, on=on, note=note, round=round_, dry_run=dry_run))
    doc = outcome.doc
    render(outcome, lambda out: out.line(tr("paid_line", verb=tr("verb:would record" if dry_run else "verb:recorded"),
                                            team=doc["team"], kr=doc["amount_kr"], on=doc["on"])))
