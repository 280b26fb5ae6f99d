"""`dbf vp` and `dbf imps`: the calculators (WBF 20-VP continuous scale; Law 78B IMPs)."""

import pytest

from dbftest import run_dbf


@pytest.mark.parametrize("imps,boards,expected", [
    (0, 36, [10.0, 10.0]),
    (21, 36, [13.74, 6.26]),   # 21 IMPs, 36 boards
    (30, 36, [15.0, 5.0]),     # a third of the blitz (90) is exactly 15-5
    (5, 24, [11.23, 8.77]),    # published 24-board table (a corrected entry)
    (74, 24, [20.0, 0.0]),     # the 24-board blitz
    (500, 40, [20.0, 0.0]),
])
def test_vp_json(imps, boards, expected):
    r = run_dbf("vp", imps, "--boards", boards, "--json")
    assert r.exit_code == 0, r.stderr
    assert r.json == {"boards": boards, "imps": imps, "vp": expected, "scale": "wbf-20"}


def test_vp_default_boards_and_human_text():
    r = run_dbf("vp", "21")
    assert r.exit_code == 0
    assert r.stdout.strip() == "21 IMPs in 36 boards: 13.74 - 6.26 VP"


def test_vp_whole_scale():
    r = run_dbf("vp", "--boards", "16", "--json")
    doc = r.json
    assert doc["blitz"] == 60 and len(doc["table"]) == 61
    assert doc["table"][1] == {"imps": 1, "vp": [10.31, 9.69]}
    assert doc["table"][-1]["vp"] == [20.0, 0.0]
    csv = run_dbf("vp", "--boards", "16", "--csv").stdout.lstrip("\ufeff").splitlines()
    assert csv[0] == "imps,winner,loser" and csv[2] == "1,10.31,9.69" and len(csv) == 62


@pytest.mark.parametrize("args", [["vp", "3", "--boards", "0"], ["vp", "x"], ["imps", "lots"]])
def test_vp_usage_errors_exit_2(args):
    assert run_dbf(*args).exit_code == 2


@pytest.mark.parametrize("points,expected", [(0, 0), (10, 0), (20, 1), (430, 10), (490, 10), (4000, 24), (-600, -12)])
def test_imps_json(points, expected):
    r = run_dbf("imps", "--json", "--", points)
    assert r.exit_code == 0, r.stderr
    assert r.json["points"] == points and r.json["imps"] == expected


def test_imps_human():
    assert run_dbf("imps", "430").stdout.strip() == "430 points: 10 IMPs (band 430-490)"


def test_help_ends_with_an_example():
    for cmd in ("vp", "imps"):
        text = run_dbf(cmd, "--help").stdout
        assert "Example: dbf " + cmd in text


def test_vp_with_a_season_table_scale(example):
    season = example / "2026-27"
    (season / "vp").mkdir()
    (season / "vp" / "club.yaml").write_text("schema: 1\nname: club\ntable: {0: 10, 1: 12, 10: 15.5, 30: 20}\n",
                                             encoding="utf-8")
    r = run_dbf("vp", "12", "--scale", "vp/club.yaml", "--json")
    assert r.exit_code == 0, r.stderr
    assert r.json == {"boards": 36, "imps": 12, "vp": [15.5, 4.5], "scale": "club"}
    assert run_dbf("vp", "12", "--scale", "season", "--json").json["vp"] == [12.29, 7.71]  # example: wbf-20
    assert run_dbf("vp", "12", "--scale", "vp/none.yaml", "--json").exit_code in (1, 2)


def test_negative_margins_are_arguments_not_options():
    """`dbf imps -430` (a loss) needs no `--` before the number."""
    from dbftest import run_dbf

    assert run_dbf("imps", "-430", "--json").json["imps"] == -10
    assert run_dbf("vp", "-12", "--boards", "36").exit_code == 0
