"""`dbf qualification`: the east tournament (§1.1.5.2) and the qualifiers file (§1.1.5.1-2)."""

from __future__ import annotations

import yaml

from dbftest import run_dbf, snapshot

FIELD = [("BOR-Q", "3700", "bornholm"), ("CPH-Q1", "2100", "copenhagen"), ("CPH-Q2", "2300", "copenhagen"),
         ("K2-Q1", "4000", "kreds2"), ("K2-Q2", "4300", "kreds2"), ("K2-Q3", "4700", "kreds2")]


def _team(tid, pc, pid, region=None):
    players = [{"id": pid + k, "name": f"Spiller {pid + k}", "club": 9100} for k in range(1, 5)]
    t = {"id": tid, "name": f"Hold {tid}", "captain": pid + 1, "club": 9100, "postcode": pc, "players": players}
    return dict(t, region=region) if region else t


def _east(path, field=FIELD, direct=True):
    doc = {"teams": [_team(t, pc, 700000 + 10 * i, r) for i, (t, pc, r) in enumerate(field)]}
    if direct:
        doc["direct"] = [_team("K2-D", "4200", 700100, "kreds2")]
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    return path


def _west(path):
    west = [("K4-Q1", "8000"), ("K4-Q2", "7100"), ("K4-Q3", "9000"), ("K4-Q4", "6700")]
    path.write_text(yaml.safe_dump({"teams": [_team(t, pc, 710000 + 10 * i) for i, (t, pc) in enumerate(west)]}),
                    encoding="utf-8")
    return path


def test_1_1_5_2_east_field_is_validated(example, tmp_path):
    before = snapshot(example)
    wrong = FIELD[:-1] + [("CPH-Q3", "2200", "copenhagen")]
    r = run_dbf("qualification", "east", "enter", _east(tmp_path / "e.yaml", wrong), "--json")
    assert r.exit_code == 1 and {e["rule"] for e in r.json["errors"]} == {"1.1.5.2"} and snapshot(example) == before
    assert run_dbf("qualification", "east", "enter", tmp_path / "e.yaml", "--agreed").exit_code == 0   # §1.1.5.2 agreed
    no_region = yaml.safe_load((tmp_path / "e.yaml").read_text())
    del no_region["teams"][0]["region"]
    (tmp_path / "n.yaml").write_text(yaml.safe_dump(no_region))
    r = run_dbf("qualification", "east", "enter", tmp_path / "n.yaml")
    assert r.exit_code == 1 and "region" in r.stderr and ":" in r.stderr


def test_1_1_5_2_east_tournament_schedule_results_standings(example, tmp_path):
    assert run_dbf("qualification", "east", "enter", _east(tmp_path / "e.yaml")).exit_code == 0
    sched = run_dbf("qualification", "east", "schedule", "--json").json
    assert sched["boards"] == 24 and len(sched["rounds"]) == 5 and all(len(r["matches"]) == 3 for r in sched["rounds"])
    strength = {t: i for i, (t, _, _) in enumerate(FIELD)}   # the better entry wins by 5 IMPs a place
    for rnd in sched["rounds"]:
        for m in rnd["matches"]:
            d = (strength[m["away"]] - strength[m["home"]]) * 5
            r = run_dbf("qualification", "east", "result", m["id"], "--imps", 40 + max(d, 0), 40 + max(-d, 0))
            assert r.exit_code == 0, r.stderr
    assert run_dbf("qualification", "east", "result", "QE-R09-01", "--imps", "1", "2").exit_code == 2
    table = run_dbf("qualification", "east", "standings", "--json").json
    assert table["complete"] and [r["team"] for r in table["rows"]] == [t for t, _, _ in FIELD]
    assert round(sum(r["vp"] for r in table["rows"]), 2) == 15 * 20                 # 15 matches x 20 VP
    r = run_dbf("qualification", "east", "enter", tmp_path / "e.yaml")             # results exist: refused
    assert r.exit_code == 2
    assert run_dbf("check").exit_code == 0


def test_1_1_5_1_qualifiers_file_feeds_the_rollover_format(example, tmp_path):
    assert run_dbf("qualification", "east", "enter", _east(tmp_path / "e.yaml")).exit_code == 0
    assert run_dbf("qualification", "qualifiers").exit_code == 2                     # Kreds IV missing
    assert run_dbf("qualification", "west", "enter", _west(tmp_path / "w.yaml")).exit_code == 0
    r = run_dbf("qualification", "qualifiers", "--json")
    assert r.exit_code == 1 and any("not complete" in e["message"] for e in r.json["errors"])   # §1.1.5.2
    for rnd in run_dbf("qualification", "east", "schedule", "--json").json["rounds"]:
        for m in rnd["matches"]:
            assert run_dbf("qualification", "east", "result", m["id"], "--imps", 30, 20).exit_code == 0
    out = tmp_path / "q.yaml"
    r = run_dbf("qualification", "qualifiers", "--membership", 4001, 1999, "--out", out, "--json")
    assert r.exit_code == 0, r.stdout
    assert r.json["places"] == {"west": 4, "east": 2}                                  # §1.1.5.1 re-allocation
    assert r.json["qualified"][:2] == ["K4-Q1", "K2-D"] and len(r.json["qualified"]) == 6
    from dbfcli.store.divisions.playoff import read_qualifiers

    q, problems = read_qualifiers(out)
    assert problems == [] and q.membership == (4001, 1999) and q.east_direct == ("K2-D",)
    assert len(q.east_tournament) == 6 and {t.id for t in q.teams} >= set(r.json["qualified"])
