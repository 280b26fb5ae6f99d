"""The whole division season of the example through the real commands (issue 5, "Done when"):
`dbf schedule DIV --freeze`, division sheets recorded with `dbf result submit` (match ids from
the schedule, docs/sheets.md), `dbf standings 2div` mid-season and at the end, `dbf playoff 1div`
(§1.1.2.5-11) and the 3rd-division runners-up match (§1.1.4.2), the east qualification
(§1.1.5.2) feeding `dbf season rollover --to 2027-28` (§1.1.2.2, §1.1.3.3, §1.1.4.3), and
`dbf check` of both seasons.

fsync cost: every `dbf result submit` is an atomic, journalled write (~0.1 s), so the whole of
2div and one 1div round go through `result submit`; the other divisions' matches are written in
the documented record form (divisions/matches/<id>.yaml, store/divisions/results.py)."""

from __future__ import annotations

import yaml

from dbftest import run_dbf
from test_result import sheet_text

SEASON = "2026-27"
DIVS = ("1div", "2div", "3div-a", "3div-b")
HALVES = ["--half", "30-20", "--half", "10-12", "--half", "40-40", "--half", "5-9"]


def _teams(example, div):
    doc = yaml.safe_load((example / SEASON / "divisions" / f"{div}.yaml").read_text(encoding="utf-8"))
    return {t["id"]: t for t in doc["teams"]}, [t["id"] for t in doc["teams"]]


def _imps(order, home, away):
    """The better seed wins by 3 IMPs per place between them: the final order is the entry order."""
    diff = (order.index(away) - order.index(home)) * 3
    return 40 + max(diff, 0), 40 + max(-diff, 0)


def _submit(example, tmp_path, div, rounds, boards):
    teams, order = _teams(example, div)
    for rnd in rounds:
        for m in rnd["matches"]:
            if m["away"] is None:
                continue
            f = tmp_path / f"{m['id']}.yaml"
            f.write_text(sheet_text(m["id"], teams[m["home"]], teams[m["away"]], 1, boards=boards,
                                    imps=_imps(order, m["home"], m["away"]), played_on=rnd["date"],
                                    submitted_at=f"{rnd['date']}T22:00"), encoding="utf-8")
            r = run_dbf("result", "submit", f, "--json")
            assert r.exit_code == 0, r.stdout + r.stderr


def _record(example, div, rounds, boards):
    """The remaining matches in the record form `dbf result submit` writes (schema 1)."""
    _, order = _teams(example, div)
    folder = example / SEASON / "divisions" / "matches"
    folder.mkdir(parents=True, exist_ok=True)
    for rnd in rounds:
        for m in rnd["matches"]:
            if m["away"] is None or (folder / f"{m['id']}.yaml").exists():
                continue
            doc = {"schema": 1, "match": m["id"], "division": div, "round": rnd["round"], "home": m["home"],
                   "away": m["away"], "boards": boards, "imps": list(_imps(order, m["home"], m["away"]))}
            (folder / f"{m['id']}.yaml").write_text(yaml.safe_dump(doc), encoding="utf-8")


def _east_teams_file(path):
    """§1.1.5.2: 1 Bornholm, 2 Copenhagen, 3 Kreds II, and Kreds II's direct team."""
    field = [("BOR-Q", "3700", "bornholm"), ("CPH-Q1", "2100", "copenhagen"), ("CPH-Q2", "2300", "copenhagen"),
             ("K2-Q1", "4000", "kreds2"), ("K2-Q2", "4300", "kreds2"), ("K2-Q3", "4700", "kreds2")]
    west = [("K4-Q1", "8000"), ("K4-Q2", "7100"), ("K4-Q3", "9000"), ("K4-Q4", "6700")]

    def team(tid, pc, pid, region=None):
        players = [{"id": pid + k, "name": f"Spiller {pid + k}", "club": 9100} for k in range(1, 5)]
        t = {"id": tid, "name": f"Hold {tid}", "captain": pid + 1, "club": 9100, "postcode": pc, "players": players}
        return dict(t, region=region) if region else t

    east = {"teams": [team(t, pc, 700000 + 10 * i, r) for i, (t, pc, r) in enumerate(field)],
            "direct": [team("K2-D", "4200", 700100, "kreds2")]}
    (path / "east.yaml").write_text(yaml.safe_dump(east, sort_keys=False), encoding="utf-8")
    (path / "west.yaml").write_text(yaml.safe_dump({"teams": [team(t, pc, 710000 + 10 * i) for i, (t, pc) in
                                                              enumerate(west)]}, sort_keys=False), encoding="utf-8")
    return path / "east.yaml", path / "west.yaml"


def test_issue_5_division_season_end_to_end(example, tmp_path):
    schedules = {}
    for div in DIVS:                                           # §1.1.2.1, §1.1.2.3: freeze the schedule
        r = run_dbf("schedule", div, "--freeze", "--json")
        assert r.exit_code == 0 and r.json["frozen"], r.stderr
        schedules[div] = r.json
        assert (example / SEASON / "divisions" / f"schedule-{div}.yaml").exists()
    first = run_dbf("schedule", "1div", "--json").json
    assert first["rounds"] == schedules["1div"]["rounds"] and len(first["rounds"]) == 11

    boards = {div: schedules[div]["boards"] for div in DIVS}
    _submit(example, tmp_path, "1div", schedules["1div"]["rounds"][:1], boards["1div"])
    _submit(example, tmp_path, "2div", schedules["2div"]["rounds"][:6], boards["2div"])

    mid = run_dbf("standings", "2div", "--json")             # mid-season: 6 of 11 rounds
    assert mid.exit_code == 0, mid.stderr
    assert mid.json["rounds_played"] == 6 and mid.json["matches_played"] == 36 and not mid.json["complete"]
    assert sum(row["played"] for row in mid.json["rows"]) == 72

    _submit(example, tmp_path, "2div", schedules["2div"]["rounds"][6:], boards["2div"])
    for div in DIVS:
        _record(example, div, schedules[div]["rounds"], boards[div])
    end = run_dbf("standings", "2div", "--json")
    _, order2 = _teams(example, "2div")
    assert end.exit_code == 0 and end.json["complete"] and [r["team"] for r in end.json["rows"]] == order2
    assert [r["marks"] for r in end.json["rows"]][:2] == [["promoted"], ["promoted"]]      # §1.1.3.2

    _, order1 = _teams(example, "1div")                        # §1.1.2.5, §1.1.2.8: no. 1 chooses no. 3
    po = run_dbf("playoff", "1div", "--today", "2027-02-22", "--json")
    assert po.exit_code == 0 and po.json["pairing"]["status"] == "provisional"
    assert run_dbf("playoff", "1div", "choose", order1[2], "--today", "2027-02-25").exit_code == 0
    for m in ("1div-SF1", "1div-SF2", "1div-F"):
        assert run_dbf("playoff", "1div", "result", m, *HALVES).exit_code == 0
    assert run_dbf("lot", "draw", "3div-PO", "--by", "TD", "--witness", "W").exit_code == 0   # §1.1.4.2 home first
    assert run_dbf("playoff", "3div", "result", "3div-PO", *HALVES).exit_code == 0
    po = run_dbf("playoff", "1div", "--json").json
    assert po["champion"] == order1[0] and [m["id"] for m in po["matches"]] == ["1div-SF1", "1div-SF2", "1div-F"]

    east, west = _east_teams_file(tmp_path)                    # §1.1.5.2 the east tournament
    assert run_dbf("qualification", "east", "enter", east).exit_code == 0
    assert run_dbf("qualification", "west", "enter", west).exit_code == 0
    for rnd in run_dbf("qualification", "east", "schedule", "--json").json["rounds"]:
        for m in rnd["matches"]:
            assert run_dbf("qualification", "east", "result", m["id"], "--imps", "50", "40").exit_code == 0
    q = tmp_path / "qualifiers.yaml"
    r = run_dbf("qualification", "qualifiers", "--out", q, "--json")
    assert r.exit_code == 0, r.stdout + r.stderr
    assert {"K4-Q1", "K4-Q2", "K4-Q3", "K2-D"} <= set(r.json["qualified"]) and len(r.json["qualified"]) == 6

    check = run_dbf("check", "--json")
    assert check.exit_code == 0 and check.json["errors"] == [], check.stdout

    r = run_dbf("season", "rollover", "--to", "2027-28", "--qualifiers", q, "--json")
    assert r.exit_code == 0, r.stdout + r.stderr
    assert set(r.json["divisions"]["1div"]) == set(order1[:10]) | set(order2[:2])          # §1.1.2.2
    assert set(r.json["divisions"]["3div"]) >= {"K4-Q1", "K4-Q2", "K4-Q3", "K2-D"}                    # §1.1.4.3
    nxt = run_dbf("--season", "2027-28", "check", "--json")
    assert nxt.exit_code == 0 and nxt.json["errors"] == [], nxt.stdout
    for div in DIVS:                                           # the new season schedules from its entry order
        assert run_dbf("--season", "2027-28", "schedule", div, "--json").exit_code == 0
