"""``dbf up``, ``dbf gp``, ``dbf fees``: the cup's ledgers, read from the
recorded matches (``cup/matches/*.yaml``): UP credited (§1.5.4), guldpoint
(§1.5.10, §1.5.14) and fees and fines (§1.5.11, §1.5.12, §1.5.15)."""

from __future__ import annotations

from typing import Annotated

import typer

from ..i18n import heads, t as tr, word
from .common import CsvDialectOpt, CsvOpt, JsonOpt, check, command, emit, fail, load_store, Num, write_csv


def _load(store):
    from ..store.cupresults import load_cup_records
    from ..store.teams import load_cup_teams

    teams, problems = load_cup_teams(store)
    records, more = load_cup_records(store)
    check(problems + more)
    return {t.id: t for t in teams}, sorted(records, key=lambda r: (r.match.round, r.match.match))


def register(app: typer.Typer) -> None:
    @command(app, "up")
    def up(team: Annotated[str | None, typer.Argument(help="Only this team.")] = None,
           csv: CsvOpt = False, csv_dialect: CsvDialectOpt = None, json_: JsonOpt = False) -> None:
        """The cup's UP ledger (§1.5.4): UP credited per team, each from a recorded sheet.

        Example: dbf up KBH-3 --json
        """
        from ..store.cupresults import load_up_credits
        from ..store.teams import load_cup_team_names

        store = load_store()
        teams, _, problems = load_cup_team_names(store)
        credits, more = load_up_credits(store)
        check(problems + more)
        if team is not None and team not in teams:
            fail(f"unknown cup team {team!r}", hint="dbf cup teams", code="unknown.team")
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
        from ..rules.gp import format_gp

        from ..store.cupresults import load_gp_shares
        from ..store.teams import load_cup_team_names

        store = load_store()
        _, names, problems = load_cup_team_names(store)
        shares, more = load_gp_shares(store)
        check(problems + more)
        totals: dict[int, int] = {}
        rows = []
        for _rel, round_no, match, gp_rows in shares:
            for pid, h, team_id in sorted(gp_rows):
                if player is not None and pid != player:
                    continue
                totals[pid] = totals.get(pid, 0) + h
                rows.append({"round": round_no, "match": match, "player": pid, "team": team_id, "gp": format_gp(h)})
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

    @command(app, "fees")
    def fees(team: Annotated[str | None, typer.Argument(help="Only this team.")] = None,
             csv: CsvOpt = False, csv_dialect: CsvDialectOpt = None, json_: JsonOpt = False) -> None:
        """The cup's fee ledger (§1.5.15): round fees per player, additions (§1.5.11),
        joined substitutes (§1.5.12), walkover fines; what is owed, paid and due; and
        the travel refunds DBF owes each team (recorded claims, §1.5.17, §1.5.4).

        Example: dbf fees ODE-1 --json
        """
        from ..rules.fees import Payment, ledgers
        from ..store.cupdraw import load_draws
        from ..store.cupresults import load_additions, load_travel_claims, load_withdrawals
        from ..store.settings import load_settings

        store = load_store()
        teams, records = _load(store)
        if team is not None and team not in teams:
            fail(f"unknown cup team {team!r}", hint="dbf cup teams", code="unknown.team")
        draws, _, problems = load_draws(store)
        additions, more = load_additions(store)
        refunds, more2 = load_travel_claims(store)
        withdrawals, more3 = load_withdrawals(store)
        check(problems + more + more2 + more3)
        settings = load_settings(store)
        joins = [j for r in records for j in r.joins]
        payments = [Payment(t, r.match.round + 1, kr, f"enclosed with the sheet of {r.match.match}")
                    for r in records for t, kr in r.fee_paid.items()]
        fee = settings.cup.fee_per_player_round_kr
        all_ = ledgers(teams, fee, draws, [r.match for r in records], additions, joins, payments,
                       refunds=refunds, withdrawals=withdrawals)
        chosen = {t: l for t, l in all_.items() if team is None or t == team}
        doc = {"fee_per_player_round_kr": fee, "teams": {t: l.to_json() for t, l in chosen.items()},
               "totals": {"owed_kr": sum(l.owed_kr for l in chosen.values()),
                          "paid_kr": sum(l.paid_kr for l in chosen.values()),
                          "fines_kr": sum(l.fines_kr for l in chosen.values()),
                          "balance_kr": sum(l.balance_kr for l in chosen.values()),
                          "refunds_kr": sum(l.refunds_kr for l in chosen.values()),
                          "net_kr": sum(l.net_kr for l in chosen.values())},
               "refunds": [{"team": f.team, "round": f.round, "match": f.match, "persons": f.persons,
                            "amount_kr": f.amount_kr} for f in refunds if f.team in chosen]}

        def human(out):
            if team is not None:
                out.table(tr("team_fees_title", team=team), heads("round", "kind", "players", "kr", "note"),
                          [(r.round, word("fee", r.kind), r.players, r.amount_kr, r.note) for r in chosen[team].rows],
                          justify=["right", "left", "right", "right", "left"])
            out.table(tr("fees_title", fee=fee),
                      heads("team", "owed", "paid", "fines", "balance", "refunds", "net"),
                      [(t, l.owed_kr, l.paid_kr, l.fines_kr, l.balance_kr, l.refunds_kr, l.net_kr)
                       for t, l in sorted(chosen.items())],
                      justify=["left", "right", "right", "right", "right", "right", "right"],
                      caption=tr("fees_caption"))

        emit(doc, human)
