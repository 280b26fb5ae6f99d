"""``dbf trophy`` as a use case (issue 24): :mod:`dbfcli.app.trophy`, the challenge trophy of
§1.5.1 over the history file and the finals recorded in the season folders (no season lock)."""

from __future__ import annotations

import yaml

from dbfcli.app.session import Session
from dbfcli.app.trophy import TrophyRequest, trophy


def _session() -> Session:
    return Session(actor="pytest (dbf trophy)", lock_timeout=1.0)


def _history(path, captains):
    path.write_text(yaml.safe_dump({"schema": 1, "finals": [
        {"season": f"{2015 + i}-{(16 + i) % 100:02d}", "captain": c, "name": f"Captain {c}"}
        for i, c in enumerate(captains)]}))
    return path


def test_1_5_1_three_in_a_row_wins_it_outright(example, tmp_path):
    out = trophy(_session(), TrophyRequest(dir=str(example), history=_history(tmp_path / "f.yaml", [1, 2, 2, 2])))
    assert not out.refused and out.plan.latest.captain == 2 and out.plan.latest.how == "3 in a row"
    assert out.plan.status.trophy == 2 and out.plan.status.holder is None and out.doc["finals"] == 4


def test_1_5_1_the_holder_and_who_is_closest(example, tmp_path):
    out = trophy(_session(), TrophyRequest(dir=str(example), history=_history(tmp_path / "f.yaml", [1, 2, 1, 1])))
    assert out.plan.status.holder.captain == 1 and out.plan.latest is None
    assert (out.plan.status.standings[0].captain, out.plan.status.standings[0].needed) == (1, 1)


def test_1_5_1_the_default_history_may_be_missing(example):
    out = trophy(_session(), TrophyRequest(dir=str(example)))
    assert not out.refused and out.plan.finals == [] and out.doc["announcement"] is None
    (example / "trophy.yaml").write_text("finals:\n  - {season: 2024-25, captain: 7, name: Anne}\n")
    assert trophy(_session(), TrophyRequest(dir=str(example))).plan.status.holder.captain == 7


def test_1_5_1_two_finals_in_one_season_break_the_rule(example, tmp_path, ids):
    f = tmp_path / "f.yaml"
    f.write_text("finals:\n  - {season: 2024-25, captain: 1}\n  - {season: 2024-25, captain: 2}\n")
    out = trophy(_session(), TrophyRequest(dir=str(example), history=f))
    assert out.exit == 1 and all(rule == "1.5.1" for rule, _ in ids(out))


def test_a_history_named_must_be_there_and_well_formed(example, tmp_path, ids):
    assert ids(trophy(_session(), TrophyRequest(dir=str(example), history=tmp_path / "missing.yaml"))) \
        == [(None, "io.missing-file")]
    f = tmp_path / "f.yaml"
    f.write_text("finals:\n  - {season: 2024-25}\n")
    out = trophy(_session(), TrophyRequest(dir=str(example), history=f))
    assert ids(out) == [(None, "format.trophy")] and out.problems[0].where.line == 2
