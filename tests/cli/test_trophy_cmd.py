"""`dbf trophy`: §1.5.1 challenge trophy."""

import yaml


def _history(path, captains):
    path.write_text(yaml.safe_dump({"schema": 1, "finals": [
        {"season": f"{2015 + i}-{(16 + i) % 100:02d}", "captain": c, "name": f"Captain {c}"}
        for i, c in enumerate(captains)]}))
    return path


def test_1_5_1_trophy_announces_outright(dbf, example, tmp_path):
    r = dbf("trophy", "--history", _history(tmp_path / "f.yaml", [1, 2, 2, 2]), "--json")
    assert r.exit_code == 0, r.stderr
    doc = r.json
    assert doc["announcement"]["captain"] == 2 and doc["announcement"]["how"] == "3 in a row"
    assert doc["trophy"] == 2 and doc["holder"] is None


def test_1_5_1_trophy_closest(dbf, example, tmp_path):
    r = dbf("trophy", "--history", _history(tmp_path / "f.yaml", [1, 2, 1, 1]), "--json")
    assert r.json["holder"]["captain"] == 1 and r.json["standings"][0] == {
        "captain": 1, "name": "Captain 1", "wins": 3, "streak": 2, "needed": 1}
    assert r.json["announcement"] is None


def test_trophy_human_and_default_history(dbf, example):
    (example / "trophy.yaml").write_text("finals:\n  - {season: 2024-25, captain: 7, name: Anne}\n")
    r = dbf("trophy")
    assert r.exit_code == 0 and "held by Anne" in r.stdout


def test_trophy_bad_history(dbf, example, tmp_path):
    f = tmp_path / "f.yaml"
    f.write_text("finals:\n  - {season: 2024-25}\n")
    r = dbf("trophy", "--history", f, "--json")
    assert r.exit_code == 2 and r.json["errors"][0]["line"] == 2
    assert dbf("trophy", "--history", tmp_path / "missing.yaml").exit_code == 2


def test_1_5_1_two_finals_in_a_season_exit_1(dbf, example, tmp_path):
    f = tmp_path / "f.yaml"
    f.write_text("finals:\n  - {season: 2024-25, captain: 1}\n  - {season: 2024-25, captain: 2}\n")
    r = dbf("trophy", "--history", f, "--json")
    assert r.exit_code == 1 and r.json["errors"][0]["rule"] == "1.5.1"
