"""Every write of a division file runs the division invariants on the state it would produce
(issue 13.5 for §1.1; store/season.py Transaction.commit -> store/snapshot.py
division_refusals): one that would break an invariant is refused with its §, nothing is
written (a dry run says so too), and `dbf check` reports the same state when it is made by hand."""

from __future__ import annotations

import pytest
import yaml

from dbftest import run_dbf, snapshot
from dbfcli.rules.divisions.roundrobin import division_schedule
from dbfcli.store.season import InvariantBroken, SeasonStore
from dbfcli.store.settings import load_settings
from dbfcli.store.snapshot import division_refusals
from dbfcli.store.teams import load_division

SEASON = "2026-27"


def _first_matches(store, div="1div", n=2):
    d, _ = load_division(store, div)
    rnd = division_schedule(d, load_settings(store).division(div))[0]
    return [m for m in rnd.matches if m.away][:n]


def _record(m, **changes) -> bytes:
    doc = {"schema": 1, "match": m.id, "division": "1div", "round": m.round, "home": m.home, "away": m.away,
           "boards": 36, "imps": [50, 40]}
    doc.update(changes)
    return yaml.safe_dump(doc).encode()


def test_a_recorded_match_the_schedule_does_not_have_is_refused_1_1_2_1(example):
    store = SeasonStore(example, SEASON)
    m, _ = _first_matches(store)
    ok = {f"divisions/matches/{m.id}.yaml": _record(m)}
    assert division_refusals(store, ok) == []
    bad = {f"divisions/matches/{m.id}.yaml": _record(m, round=2)}
    assert {p.rule for p in division_refusals(store, bad)} == {"1.1.2.1"}


def test_a_team_recorded_twice_in_a_round_is_refused_1_1_2_1(example):
    store = SeasonStore(example, SEASON)
    m, other = _first_matches(store)
    (store.dir / "divisions/matches").mkdir(parents=True, exist_ok=True)
    (store.dir / f"divisions/matches/{m.id}.yaml").write_bytes(_record(m))
    # the second match of round 1 with one of the first match's teams in it
    clash = {f"divisions/matches/{other.id}.yaml": _record(other, home=m.home)}
    rules = {(p.rule, p.is_error) for p in division_refusals(store, clash)}
    assert ("1.1.2.1", True) in rules


def test_a_write_of_no_division_file_runs_no_division_invariant(example):
    store = SeasonStore(example, SEASON)
    assert division_refusals(store, {"cup/matches/C1-001.yaml": b"x", "divisions/lots.yaml": b"x"}) == []


@pytest.mark.parametrize("dry_run", [False, True])
def test_the_transaction_refuses_and_writes_nothing_1_1_2_1(example, dry_run):
    store = SeasonStore(example, SEASON)
    m, _ = _first_matches(store)
    before = snapshot(example)
    with pytest.raises(InvariantBroken) as info:
        with store.transaction("test", "a match out of its round", dry_run=dry_run) as tx:
            tx.write_text(f"divisions/matches/{m.id}.yaml", _record(m, round=3).decode())
    assert {p.rule for p in info.value.problems} == {"1.1.2.1"}
    assert snapshot(example) == before


def test_a_state_made_by_hand_is_reported_by_check_1_1_2_1(example):
    store = SeasonStore(example, SEASON)
    m, other = _first_matches(store)
    folder = store.dir / "divisions/matches"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{m.id}.yaml").write_bytes(_record(m))
    assert run_dbf("check").exit_code == 0
    (folder / f"{other.id}.yaml").write_bytes(_record(other, home=m.home))
    r = run_dbf("check", "--json")
    assert r.exit_code == 1, r.stdout + r.stderr
    assert "1.1.2.1" in {e["rule"] for e in r.json["errors"]}


def test_a_write_that_breaks_nothing_new_goes_through(example):
    """A state already broken by hand does not block an unrelated division write."""
    store = SeasonStore(example, SEASON)
    m, other = _first_matches(store)
    folder = store.dir / "divisions/matches"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{m.id}.yaml").write_bytes(_record(m))
    (folder / f"{other.id}.yaml").write_bytes(_record(other, home=m.home))     # broken by hand
    third = _first_matches(store, n=3)[2]
    assert division_refusals(store, {f"divisions/matches/{third.id}.yaml": _record(third)}) == []
