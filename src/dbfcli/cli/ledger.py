"""``dbf up``, ``dbf gp``, ``dbf fees``: the cup's ledgers, read from the
recorded matches (``cup/matches/*.yaml``): UP credited (§1.5.4), guldpoint
(§1.5.10, §1.5.14) and fees and fines (§1.5.11, §1.5.12, §1.5.15)."""

from __future__ import annotations

from typing import Annotated

import typer

from ..i18n import heads, problem_text, t as tr, word
from .common import (RUN, CsvDialectOpt, CsvOpt, DryRunOpt, JsonOpt, TodayOpt, check, command, emit, fail,
                     load_snapshot, Num, write_csv)
from ..rules.problems import Msg


def register(app: typer.Typer) -> None:
    @command(app, "up")
    def up(team: Annotated[str | None, typer.Argument(help="Only this team.")] = None,
           csv: CsvOpt = False, csv_dialect: CsvDialectOpt = None, json_: JsonOpt = False) -> None:
        """The cup's UP ledger (§1.5.4): UP credited per team, each from a recorded sheet.

        Example: dbf up KBH-3 --json
        """
        snap = load_snapshot()
        teams, _, problems = snap.cup_team_names()
        credits, more = snap.up_credits()
        check(problems + more)
        if team is not None and team not in teams:
            fail(Msg('unknown cup team {}', f'{team!r}'), hint="dbf cup teams", code="unknown.team")
        totals = {t: 0 for t in teams} if team is None else {team: 0}
        rows = []
        for rel, round_no, match, up in credits:
            for tid, value in up.items():
                if team is None or tid == team:
                    totals[tid] = totals.get(tid, 0) + value
                    rows.append({"round": round_no, "match": match, "team": tid, "up": value, "file": rel})
        doc = {"teams": totals, "rounds": rows}

        def human(out):
            out.table(tr("up_credited"), heads("round", "match", "team", "UP"),
                      [(x["round"], x["match"], x["team"], x["up"]) for x in rows], justify=["right", "left", "left", "right"])
            out.table(tr("up_total"), heads("team", "UP"), sorted(totals.items(), key=lambda kv: (-kv[1], kv[0])),
                      justify=["left", "right"], csv=False)

        emit(doc, human)

    @command(app, "gp")
    def gp(player: Annotated[int | None, typer.Argument(help="Only this member number.")] = None,
           csv: CsvOpt = False, csv_dialect: CsvDialectOpt = None, json_: JsonOpt = False) -> None:
        """Guldpoint awarded in this season's cup (§1.5.10; §1.5.14 penalties applied).

        Example: dbf gp --csv > gp.csv
        """
        from ..rules.cup.gp import format_gp

        snap = load_snapshot()
        _, names, problems = snap.cup_team_names()
        shares, more = snap.gp_shares()
        additions, more2 = snap.additions()
        named, more3 = snap.sheet_names()
        check(problems + more + more2 + more3)
        # the roster's names first; added players (§1.5.11) and substitutes named on a sheet (§1.5.12)
        names = {**named, **{a.player.id: a.player.name for a in additions if a.player.name}, **names}
        totals: dict[int, int] = {}
        rows = []
        listed = RUN.json     # the shares match by match are in the JSON only (about 19,000 on 4,096 teams)
        for _rel, round_no, match, gp_rows in shares:
            for pid, h, team_id in sorted(gp_rows):
                if player is not None and pid != player:
                    continue
                totals[pid] = totals.get(pid, 0) + h
                if listed:
                    rows.append({"round": round_no, "match": match, "player": pid, "name": names.get(pid, ""),
                                 "team": team_id, "gp": format_gp(h)})
        if player is not None and player not in totals:
            totals[player] = 0
        doc = {"players": {str(p): round(h / 100, 2) for p, h in sorted(totals.items())},
               "total": round(sum(totals.values()) / 100, 2), "matches": rows}
        if csv:
            write_csv(["player", "name", "gp"], [(p, names.get(p, ""), Num(h, 2)) for p, h in sorted(totals.items())])
            return

        def human(out):
            out.table(tr("gp_title"), heads("player", "name", "GP"),
                      [(p, names.get(p, ""), Num(h, 2)) for p, h in sorted(totals.items(), key=lambda kv: (-kv[1], kv[0]))],
                      justify=["left", "left", "right"], caption=tr("gp_caption", gp=Num(sum(totals.values()), 2)))

        emit(doc, human)

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
    """``dbf fees [TEAM]``: the ledgers with outstanding and overdue (§1.5.15)."""
    import datetime as dt

    from .common import today

    snap = load_snapshot()
    day = today(today_)
    now = dt.datetime.combine(day, dt.time.min) if today_ else dt.datetime.now()
    settings = snap.settings()
    state = snap.fee_state(settings, day)
    check(list(state.problems))
    if team is not None and team not in state.ledgers:
        fail(Msg('unknown cup team {}', f'{team!r}'), hint="dbf cup teams", code="unknown.team")
    fee = settings.cup.fee_per_player_round_kr
    chosen = {t: l for t, l in state.ledgers.items() if team is None or t == team}
    doc = _fees_doc(state, chosen, fee, day, now)

    def human(out):
        if team is not None:
            out.table(tr("team_fees_title", team=team), heads("round", "kind", "players", "kr", "note"),
                      [(r.round, word("fee", r.kind), r.players, r.amount_kr, problem_text(r.note)) for r in chosen[team].rows],
                      justify=["right", "left", "right", "right", "left"])
        out.table(tr("fees_title", fee=fee),
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

    emit(doc, human)


def _fees_doc(state, chosen: dict, fee: int, day, now) -> dict:
    """The ``--json`` document of ``dbf fees``: each chosen team's ledger with what is outstanding
    and overdue (§1.5.15), the totals, the travel refunds (§1.5.17)."""
    dues = {t: state.dues[t] for t in chosen}
    left = {t: sum(d.outstanding_kr for d in ds) for t, ds in dues.items()}
    late = {t: sum(d.outstanding_kr for d in ds if d.overdue(now)) for t, ds in dues.items()}
    teams_doc = {}
    for t, led in chosen.items():
        teams_doc[t] = {**led.to_json(), "outstanding_kr": left[t], "overdue_kr": late[t],
                        "charges": [d.to_json(now) for d in dues[t]]}
    return {"fee_per_player_round_kr": fee, "today": day.isoformat(), "teams": teams_doc,
            "totals": {k: sum(v[k] for v in teams_doc.values())
                       for k in ("owed_kr", "paid_kr", "fines_kr", "balance_kr", "outstanding_kr", "overdue_kr",
                                 "refunds_kr", "net_kr")},
            "refunds": [{"team": f.team, "round": f.round, "match": f.match, "persons": f.persons,
                         "amount_kr": f.amount_kr} for f in state.refunds if f.team in chosen]}


def _pay(team: str | None, amount: str | None, on: str | None, note: str, round_: int | None, dry_run: bool) -> None:
    """``dbf fees pay TEAM AMOUNT --on DATE``: one call of :func:`dbfcli.app.fees.pay`, rendered."""
    from ..app.fees import Payment, pay
    from .usecase import render, session

    outcome = pay(session(), Payment(team=team, amount=amount, on=on, note=note, round=round_, dry_run=dry_run))
    doc = outcome.doc
    render(outcome, lambda out: out.line(tr("paid_line", verb=tr("verb:would record" if dry_run else "verb:recorded"),
                                            team=doc["team"], kr=doc["amount_kr"], on=doc["on"])))
