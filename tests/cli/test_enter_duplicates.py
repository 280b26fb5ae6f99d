"""`dbf cup enter` with one team id twice in the file: every team of the file is either
entered or the file is refused -- never a team silently dropped (and a wrong count)."""

from __future__ import annotations

from dbftest import run_dbf, snapshot

TEAM = """\
  - id: {id}
    name: {name}
    captain: {p}1
    club: 4100
    postcode: "5000"
    players:
      - {{id: {p}1, name: A, club: 4100}}
      - {{id: {p}2, name: B, club: 4100}}
      - {{id: {p}3, name: C, club: 4100}}
      - {{id: {p}4, name: D, club: 4100}}
"""


def test_cup_enter_same_id_twice_in_the_file_is_refused(empty_season, tmp_path):
    f = tmp_path / "teams.yaml"
    f.write_text("teams:\n" + TEAM.format(id="ODE-1", name="First", p=10001)
                 + TEAM.format(id="ODE-2", name="Other", p=10002)
                 + TEAM.format(id="ODE-1", name="Second", p=10003), encoding="utf-8")
    before = snapshot(empty_season)
    r = run_dbf("cup", "enter", f, "--json")
    assert r.exit_code == 2   # no § is broken: a malformed file (INTERFACE.md exit codes)
    errors = r.json["errors"]
    assert any("ODE-1" in e["message"] and "twice" in e["message"] and e["line"] == 22 for e in errors), errors
    assert snapshot(empty_season) == before
    human = run_dbf("cup", "enter", f)
    assert "teams.yaml:22" in human.stderr and "first at" in human.stderr and "teams.yaml:2" in human.stderr
