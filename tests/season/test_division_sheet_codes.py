"""Division sheets against the contract (issue 15.5, 15.8): an unknown team is exit 2 with "did
you mean", ids case-insensitive; a 24-board sheet in a 36-board division breaks §1.1.2.1 (exit 1);
a division match-id typo is no cup matter (§1.5.16, `dbf draw cup`); the match is played on its
round's weekend (§1.1.2.1, §1.1.3.1)."""

from __future__ import annotations

import pytest
import yaml

from dbftest import run_dbf, snapshot
from test_result import sheet_text

SEASON = "2026-27"


def _teams(folder, div):
    doc = yaml.safe_load((folder / SEASON / "divisions" / f"{div}.yaml").read_text(encoding="utf-8"))
    return {t["id"]: t for t in doc["teams"]}


@pytest.fixture
def first(example):
    """2div's first scheduled match and its date."""
    r = run_dbf("schedule", "2div", "--json")
    assert r.exit_code == 0, r.stderr
    rnd = r.json["rounds"][0]
    m = next(x for x in rnd["matches"] if x["away"])
    return example, m, rnd["date"], _teams(example, "2div")


def _submit(folder, tmp_path, text):
    f = tmp_path / "sheet.yaml"
    f.write_text(text, encoding="utf-8")
    before = snapshot(folder)
    r = run_dbf("result", "submit", f, "--json")
    return r, before


def test_1_1_3_1_unknown_team_is_exit_2_with_did_you_mean(first, tmp_path):
    folder, m, day, teams = first
    home = dict(teams[m["home"]], id=m["home"][:-1] + "X")          # HEL-A -> HEL-X
    r, before = _submit(folder, tmp_path, sheet_text(m["id"], home, teams[m["away"]], 1, boards=36, played_on=day))
    assert r.exit_code == 2
    errors = r.json["errors"]
    assert len(errors) == 1 and errors[0]["rule"] is None and m["home"] in errors[0]["hint"]
    assert snapshot(folder) == before


def test_1_1_3_1_team_ids_are_case_insensitive(first, tmp_path):
    folder, m, day, teams = first
    home = dict(teams[m["home"]], id=m["home"].lower())
    r, _ = _submit(folder, tmp_path, sheet_text(m["id"], home, teams[m["away"]], 1, boards=36, played_on=day))
    assert r.exit_code == 0, r.stdout + r.stderr
    rows = {x["team"]: x for x in run_dbf("standings", "2div", "--json").json["rows"]}
    assert rows[m["home"]]["played"] == 1


def test_1_1_3_1_24_boards_in_a_36_board_division_is_exit_1(first, tmp_path):
    folder, m, day, teams = first
    r, before = _submit(folder, tmp_path, sheet_text(m["id"], teams[m["home"]], teams[m["away"]], 1, boards=24,
                                                     played_on=day))
    assert r.exit_code == 1, r.stdout
    assert [e["rule"] for e in r.json["errors"]] == ["1.1.3.1"]    # the 2nd division's own paragraph (issue 25 pass)
    assert snapshot(folder) == before


def test_1_1_3_1_match_id_typo_is_no_cup_rule(first, tmp_path):
    folder, m, day, teams = first
    typo = m["id"].replace("2div", "2dvi")
    r, _ = _submit(folder, tmp_path, sheet_text(typo, teams[m["home"]], teams[m["away"]], 1, boards=36, played_on=day))
    assert r.exit_code == 2
    text = r.stdout + r.stderr
    assert "1.5.16" not in text and "draw cup" not in text and m["id"] in text


def test_1_1_3_1_played_on_outside_the_rounds_weekend(first, tmp_path):
    folder, m, day, teams = first
    r, _ = _submit(folder, tmp_path, sheet_text(m["id"], teams[m["home"]], teams[m["away"]], 1, boards=36,
                                                played_on="2026-12-24"))
    assert r.exit_code == 0 and [w["rule"] for w in r.json["warnings"]] == ["1.1.3.1"]       # said, not silent
    r, _ = _submit(folder, tmp_path, sheet_text(m["id"], teams[m["home"]], teams[m["away"]], 1, boards=36,
                                                played_on=day))
    assert r.json["warnings"] == []


def test_1_5_3_player_on_two_division_teams(example):
    path = example / SEASON / "divisions" / "2div.yaml"
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    doc["teams"][1]["players"][0]["id"] = doc["teams"][0]["players"][1]["id"]
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    r = run_dbf("check", "--json")
    assert r.exit_code == 1
    assert any(e["rule"] == "1.5.3" and "one division team" in e["message"] for e in r.json["errors"])
    assert not any(e["rule"] == "1.1.1.1" for e in r.json["errors"])


def test_1_1_3_1_division_enter_that_orphans_results_is_refused(example, tmp_path):
    from divseasonkit import record_all

    record_all(example, divisions=("2div",))
    path = example / SEASON / "divisions" / "2div.yaml"
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    doc["teams"][0]["id"] = "HEL-Z"                      # a rename
    entry = tmp_path / "2div.yaml"
    entry.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    before = snapshot(example)
    r = run_dbf("division", "enter", "2div", entry, "--json")
    assert r.exit_code == 1 and r.json["errors"][0]["rule"] == "1.1.3.1" and "HEL-A" in r.json["errors"][0]["message"]
    assert snapshot(example) == before
    assert run_dbf("check").exit_code == 0


def test_2_11_player_not_on_the_roster_is_a_sheet_error_exit_1(first, tmp_path):
    """Issue 25.15: a division sheet naming a player not on the team's roster, not marked as a
    substitute, breaks §2.11 (exit 1, the §), not a malformed sheet (exit 2, no §); nothing written.
    Marked, with a club, he is a substitute and the sheet is recorded."""
    folder, m, day, teams = first
    away = dict(teams[m["away"]])
    away["players"] = [dict(away["players"][0], id=999999)] + list(away["players"][1:])
    r, before = _submit(folder, tmp_path, sheet_text(m["id"], teams[m["home"]], away, 1, boards=36, played_on=day))
    assert r.exit_code == 1, r.stdout
    assert [(e["rule"], e["code"]) for e in r.json["errors"]] == [("2.11", "player.not-on-team")]
    assert snapshot(folder) == before
    rows = "\n".join(f"    - {{id: {p['id']}, boards: 36}}" for p in away["players"][1:])
    marked = f"    - {{id: 999999, boards: 36, substitute: true, name: Sub Stitute, club: 12}}\n{rows}"
    r, _ = _submit(folder, tmp_path, sheet_text(m["id"], teams[m["home"]], away, 1, boards=36, played_on=day,
                                                away_rows=marked))
    assert r.exit_code == 0, r.stdout + r.stderr


@pytest.mark.parametrize("div, rule", [("1div", "1.1.2.1"), ("2div", "1.1.3.1"), ("3div-a", "1.1.4.1")])
def test_1_1_4_1_a_sheet_cites_its_own_divisions_all_play_all(example, tmp_path, div, rule):
    """The issue 25 pass: the paragraph of a division's all-play-all (36 or 40 boards) is one
    answer (rules.model.all_play_all_rule): a 3rd-division sheet of the wrong length cites §1.1.4.1,
    not the 1st division's §1.1.2.1."""
    doc = run_dbf("schedule", div, "--json").json
    rnd = doc["rounds"][0]
    m = next(x for x in rnd["matches"] if x["away"])
    teams = _teams(example, div)
    r, before = _submit(example, tmp_path, sheet_text(m["id"], teams[m["home"]], teams[m["away"]], 1, boards=24,
                                                      played_on=rnd["date"]))
    assert r.exit_code == 1 and [e["rule"] for e in r.json["errors"]] == [rule], r.json
    assert snapshot(example) == before
