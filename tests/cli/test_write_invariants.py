"""Every write runs the season invariants on the state it would produce (issue 13.5): one
that would break an invariant is refused, exit 1 with the §, and the season is unchanged."""

from __future__ import annotations

import yaml

from dbftest import run_dbf, snapshot

SEASON = "2026-27"


def _round_one(example):
    assert run_dbf("draw", "cup", "--round", "1", "--seed", "1").exit_code == 0
    return yaml.safe_load((example / SEASON / "cup/draws/round-01.yaml").read_text())


def _hand_drawn_round_two(example, teams):
    """A round 2 drawn by hand with both teams of one round-1 match in it."""
    doc = {"schema": 1, "round": 2, "seed": 1, "drawn_order": list(teams),
           "matches": [{"id": "C2-001", "pool": None, "teams": list(teams)}], "byes": []}
    (example / SEASON / "cup/draws/round-02.yaml").write_text(yaml.safe_dump(doc, sort_keys=False))


def test_walkover_that_would_put_a_loser_in_a_drawn_round_is_refused_1_5_16(example):
    draw = _round_one(example)
    m = draw["matches"][1]
    _hand_drawn_round_two(example, m["teams"])
    assert run_dbf("check").exit_code == 0          # nothing recorded for that match yet: consistent
    before = snapshot(example)
    r = run_dbf("result", "walkover", m["id"], "--withdrawn", m["teams"][1], "--json")
    assert r.exit_code == 1, r.stdout + r.stderr
    assert "1.5.16" in {e["rule"] for e in r.json["errors"]}
    assert snapshot(example) == before


def test_a_write_that_breaks_nothing_new_goes_through(example):
    draw = _round_one(example)
    m = draw["matches"][0]
    r = run_dbf("result", "walkover", m["id"], "--withdrawn", m["teams"][1])
    assert r.exit_code == 0, r.stderr
    assert run_dbf("check").exit_code == 0


def test_planned_writes_are_checked_over_the_snapshot_1_5_16(example):
    from dbfcli.store.season import SeasonStore
    from dbfcli.store.snapshot import refusals

    draw = _round_one(example)
    store = SeasonStore(example, SEASON)
    rec = {"schema": 1, "match": "C1-999", "round": 1, "kind": "walkover", "home": "X", "away": "Y",
           "winner": "X", "loser": "Y", "gp": {}}
    found = refusals(store, {"cup/matches/C1-999.yaml": yaml.safe_dump(rec).encode()})
    assert [p.rule for p in found] == ["1.5.16"]
    m = draw["matches"][0]
    ok = dict(rec, match=m["id"], home=m["teams"][0], away=m["teams"][1], winner=m["teams"][0], loser=m["teams"][1])
    assert refusals(store, {f"cup/matches/{m['id']}.yaml": yaml.safe_dump(ok).encode()}) == []
    assert refusals(store, {"divisions/1div.yaml": b"x"}) == []


def test_a_planned_change_of_a_recorded_file_is_what_is_checked_1_5_10(example):
    """An amendment replaces a file the summaries know: the planned content is checked."""
    from dbfcli.store.season import SeasonStore
    from dbfcli.store.snapshot import refusals

    draw = _round_one(example)
    m = draw["matches"][0]
    assert run_dbf("result", "walkover", m["id"], "--withdrawn", m["teams"][1]).exit_code == 0
    store = SeasonStore(example, SEASON)
    assert run_dbf("check").exit_code == 0            # the summaries now hold the walkover
    rel = f"cup/matches/{m['id']}.yaml"
    doc = yaml.safe_load((example / SEASON / rel).read_text())
    doc["loser"] = "NOT-A-TEAM"
    found = refusals(store, {rel: yaml.safe_dump(doc).encode()})
    assert [p.rule for p in found] == ["1.5.10"]


def test_1_5_16_a_caller_that_imports_only_the_store_writes_with_every_invariant_on(example):
    """Issue 24: invariants are never opt-in: a fresh process that imports only
    store/season.py and writes a record of an undrawn match is refused (the cup's invariants
    run in the store's commit), and the season is unchanged."""
    import subprocess
    import sys

    _round_one(example)
    before = snapshot(example)
    rec = {"schema": 1, "match": "C1-999", "round": 1, "kind": "walkover", "home": "X", "away": "Y",
           "winner": "X", "loser": "Y", "gp": {}}
    code = f"""
import sys, yaml
from pathlib import Path
from dbfcli.store.atomic import command_scope
from dbfcli.store.season import SeasonStore, InvariantBroken
assert "dbfcli.store.snapshot" not in sys.modules
with command_scope():
    store = SeasonStore(Path({str(example)!r}), {SEASON!r})
    store.open_for_write(5)
    try:
        with store.transaction("test", "a record of an undrawn match") as tx:
            tx.write_yaml("cup/matches/C1-999.yaml", {rec!r})
    except InvariantBroken as exc:
        print(" ".join(sorted({{p.rule or p.code for p in exc.problems}})))
        sys.exit(0)
sys.exit(1)
"""
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "1.5.16" in r.stdout.split()
    assert snapshot(example) == before
