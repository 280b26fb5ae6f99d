"""`dbf check` on the example season and on broken copies (issue 2)."""

import yaml

from dbftest import run_dbf


def test_example_season_is_valid(example):
    r = run_dbf("check")
    assert r.exit_code == 0, r.stderr


def _edit_teams(example, fn):
    path = example / "2026-27" / "cup" / "teams.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    fn(data["teams"])
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


def test_broken_copy_lists_every_problem_with_file_line_and_rule(example):
    def breakage(teams):
        seven = teams[0]
        extra = [{"id": 990000 + i, "name": f"Extra {i}"} for i in range(7 - len(seven["players"]))]
        seven["players"].extend(extra)                       # §1.5.11: 7 players
        teams[1]["postcode"] = "9999"                        # §1.5.8: unknown postcode
        teams[3]["players"].append(dict(teams[2]["players"][0]))  # §1.5.12a: on two teams
        if len(teams[3]["players"]) > 6:
            teams[3]["players"].pop(1)
    _edit_teams(example, breakage)
    r = run_dbf("check", "--json")
    assert r.exit_code == 1
    errors = r.json["errors"]
    rules = {e["rule"] for e in errors}
    assert {"1.5.11", "1.5.8", "1.5.12a"} <= rules
    assert all(e["file"] == "cup/teams.yaml" and isinstance(e["line"], int) for e in errors)


def test_malformed_file_reported_with_the_other_problems(example):
    _edit_teams(example, lambda teams: teams[1].__setitem__("postcode", "9999"))
    div = example / "2026-27" / "divisions" / "2div.yaml"
    div.write_text(div.read_text(encoding="utf-8").replace("teams:", "teams: [", 1), encoding="utf-8")
    r = run_dbf("check")
    assert r.exit_code == 2                       # an unreadable file is exit 2 ...
    assert "divisions/2div.yaml" in r.stderr and "malformed YAML" in r.stderr
    assert "§1.5.8" in r.stderr                   # ... and the rule problems are still listed
    assert "Traceback" not in r.stderr
