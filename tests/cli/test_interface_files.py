"""docs/interface.md files and commands, taken verbatim from the contract: the teams file (YAML
with its comments, and the CSV columns), the result sheet, `dbf init`, `division enter`,
the division ids and cup rounds.
"""

from __future__ import annotations

import yaml

from dbftest import run_dbf, snapshot

SEASON = "2026-27"

#: docs/interface.md "Teams file", verbatim (comments included), plus a second team so a
#: draw and a sheet can follow.
TEAMS = """\
teams:
  - id: ODE-1                 # optional; made from the name when absent
    name: Odense Lynet
    captain: 100234           # DBF member number, one of the players
    club: 4100                # the captain's club (decides §1.5.2)
    postcode: "5000"          # the captain's address (§1.5.8 venue when home)
    players:
      - {id: 100234, name: Anne Holm, club: 4100}
      - {id: 100235, name: Bo Lind, club: 4100, division: 2}   # plays 2nd division this season
      - {id: 100236, name: Carl Dam, club: 4100}
      - {id: 100237, name: Dorte Ravn, club: 4100}
  - id: KBH-3
    name: Kbh Tre
    captain: 200111
    club: 1010
    postcode: "2100"
    players:
      - {id: 200111, name: Eva Krog, club: 1010, division: 3}
      - {id: 200112, name: Finn Lund, club: 1010}
      - {id: 200113, name: Gitte Mø, club: 1010}
      - {id: 200114, name: Hans Bech, club: 1010}
"""

#: docs/interface.md "Result sheet", verbatim (comments included).
SHEET = """\
match: C3-007                 # id printed by `dbf draw` / `dbf schedule`
played_on: 2026-11-14         # date; `start: "13:00"` optional
submitted_at: 2026-11-15T08:00   # optional; default now (§1.5.14, 18 hours)
segments:                     # IMPs per segment, [home, away], 8 boards each
  - [23, 11]
  - [8, 30]
  - {boards: 8, imps: [15, 15]}   # long form, for other segment sizes
  - [40, 2]
  - [12, 19]
total_points: [5230, 4870]    # needed only when IMPs tie (§1.5.10)
extra_segments: []            # 4-board segments, same forms, if still tied
home:
  team: ODE-1
  players:                    # who played and how many boards (§1.5.14)
    - {id: 100234, boards: 40}
    - {id: 100235, boards: 40}
    - {id: 100236, boards: 40}
    - {id: 100237, boards: 40}
away:
  team: KBH-3
  up: 11                      # UP claimed (§1.5.4); absent means none credited
  ferries: [storebaelt]       # optional: storebaelt, kattegat, oestersoeen
  players:
    - {id: 200111, boards: 40}
    - {id: 200112, boards: 40}
    - {id: 200113, boards: 20}
    - {id: 200114, boards: 20}
    - {id: 300999, boards: 40, substitute: true, name: Per Sø, club: 1234}
signed_by: 100234
"""


def _entered(season_dir, tmp_path):
    f = tmp_path / "teams.yaml"
    f.write_text(TEAMS, encoding="utf-8")
    r = run_dbf("cup", "enter", f)
    assert r.exit_code == 0, r.stderr
    draws = season_dir / SEASON / "cup" / "draws"
    draws.mkdir(parents=True, exist_ok=True)
    (draws / "round-03.yaml").write_text(yaml.safe_dump({
        "schema": 1, "round": 3, "seed": 1, "drawn_order": ["ODE-1", "KBH-3"], "byes": [],
        "matches": [{"id": "C3-007", "pool": None, "teams": ["ODE-1", "KBH-3"]}]}), encoding="utf-8")


def test_init_writes_a_commented_season_toml_of_defaults(tmp_path, monkeypatch):
    """`dbf init --season 2026-27`: creates DIR/2026-27/ with a commented season.toml of defaults."""
    from dbfcli.store.settings import default_season_toml, parse_settings

    monkeypatch.setenv("DBF_DIR", str(tmp_path))
    assert run_dbf("init", "--season", "2026-27").exit_code == 0
    text = (tmp_path / "2026-27" / "season.toml").read_text(encoding="utf-8")
    assert sum("#" in line for line in text.splitlines()) >= 20   # every setting explained
    settings, problems = parse_settings(text, "season.toml")
    assert problems == [] and text == default_season_toml("2026-27") and settings.season == "2026-27"


def test_1_5_3_teams_file_verbatim_division_mark_and_entry_round(empty_season, tmp_path):
    """Teams file as in the contract (comments, optional id, `division: 2`): §1.5.3 entry round."""
    _entered(empty_season, tmp_path)
    doc = run_dbf("cup", "teams", "--json").json
    ode = next(t for t in doc["teams"] if t["id"] == "ODE-1")
    assert (ode["name"], ode["club"], ode["postcode"]) == ("Odense Lynet", 4100, "5000")
    assert [p["division"] for p in ode["players"]] == [None, 2, None, None]
    assert ode["entry_round"] >= 3                       # a division player: seeded to 1/64 finals or later


def test_teams_csv_with_the_contract_columns(empty_season, tmp_path):
    """CSV: team_id,team_name,captain,club,postcode,player_id,player_name,player_club,division."""
    rows = ["team_id,team_name,captain,club,postcode,player_id,player_name,player_club,division",
            ",Odense Lynet,100234,4100,5000,100234,Anne Holm,4100,",
            ",Odense Lynet,100234,4100,5000,100235,Bo Lind,4100,2",
            ",Odense Lynet,100234,4100,5000,100236,Carl Dam,,",
            ",Odense Lynet,100234,4100,5000,100237,Dorte Ravn,4100,"]
    f = tmp_path / "teams.csv"
    f.write_text("\n".join(rows) + "\n", encoding="utf-8")
    r = run_dbf("cup", "enter", f)
    assert r.exit_code == 0, r.stderr
    (team,) = run_dbf("cup", "teams", "--json").json["teams"]
    assert team["id"] == "ODENSE-LYNET" and team["postcode"] == "5000" and team["captain"] == 100234
    assert [p["division"] for p in team["players"]] == [None, 2, None, None]


def test_1_5_12_result_sheet_verbatim_is_read_and_judged(empty_season, tmp_path):
    """The contract's sheet (comments, long-form segment, total_points, extra_segments: [],
    ferries, a marked substitute) is read as written: no form error, rules judged with their §."""
    _entered(empty_season, tmp_path)
    f = tmp_path / "C3-007.yaml"
    f.write_text(SHEET, encoding="utf-8")
    before = snapshot(empty_season)
    r = run_dbf("result", "check", f, "--json")
    doc = r.json
    # the sheet notes 11 UP for a 165-km trip over the Great Belt: §1.5.4 credits the rule's 9
    assert doc["match"] == "C3-007" and doc["winner"] == "ODE-1" and doc["up"] == {"KBH-3": 9}
    # the example fields a substitute next to 4 own players: §1.5.12 is the only error
    assert r.exit_code == 1 and [e["rule"] for e in doc["errors"]] == ["1.5.12"]
    assert all(w["rule"] for w in doc["warnings"])
    assert sorted(doc["gp"]) == ["100234", "100235", "100236", "100237"]
    assert snapshot(empty_season) == before
    # with 3 own players the substitute is allowed, and submit records the sheet
    f.write_text(SHEET.replace("    - {id: 200114, boards: 20}\n", "")
                 .replace("{id: 200113, boards: 20}", "{id: 200113, boards: 40}"), encoding="utf-8")
    r = run_dbf("result", "submit", f, "--json")
    assert r.exit_code == 0, r.stdout
    assert (empty_season / SEASON / "cup" / "matches" / "C3-007.yaml").is_file()


def test_1_5_14_submitted_at_defaults_to_now(empty_season, tmp_path):
    """`submitted_at` absent: now, so a sheet of a match long past is late (§1.5.14, 18 hours)."""
    _entered(empty_season, tmp_path)
    f = tmp_path / "C3-007.yaml"
    on_time = (SHEET.replace("    - {id: 200114, boards: 20}\n", "")
               .replace("{id: 200113, boards: 20}", "{id: 200113, boards: 40}"))
    f.write_text(on_time, encoding="utf-8")
    assert not [w for w in run_dbf("result", "check", f, "--json").json["warnings"] if w["rule"] == "1.5.14"]
    f.write_text(on_time.replace("submitted_at: 2026-11-15T08:00", "start: \"13:00\"")
                 .replace("2026-11-14", "2026-07-14"), encoding="utf-8")   # long past, in the season (§1.5.6)
    r = run_dbf("result", "check", f, "--json")
    assert r.exit_code == 0, r.stdout
    assert [w for w in r.json["warnings"] if w["rule"] == "1.5.14"]


def test_1_1_2_3_division_enter_keeps_the_seeding_order(example, tmp_path):
    """`dbf division enter DIV FILE`: the division's teams, in seeding order (§1.1.2.3)."""
    data = yaml.safe_load((example / SEASON / "divisions" / "2div.yaml").read_text(encoding="utf-8"))
    data["teams"].reverse()
    f = tmp_path / "2div.yaml"
    f.write_text(yaml.safe_dump({"teams": data["teams"]}, allow_unicode=True), encoding="utf-8")
    r = run_dbf("division", "enter", "2div", f)
    assert r.exit_code == 0, r.stderr
    doc = run_dbf("division", "teams", "2div", "--json").json
    assert [t["id"] for t in doc["teams"]] == [t["id"] for t in data["teams"]]
    # the seeds (the first four) meet in the last three rounds (§1.1.2.3)
    seeds = {t["id"] for t in data["teams"][:4]}
    rounds = run_dbf("schedule", "2div", "--json").json["rounds"]
    late = [m for rnd in rounds[-3:] for m in rnd["matches"] if {m["home"], m["away"]} <= seeds]
    assert len(late) == 6


def test_division_ids_are_the_four_of_the_contract(example):
    """Division ids: 1div, 2div, 3div-a, 3div-b; another id is exit 2."""
    for div in ("1div", "2div", "3div-a", "3div-b"):
        assert run_dbf("standings", div, "--json").json["division"] == div
    for bad in ("3div", "4div", "1DIV"):
        assert run_dbf("standings", bad).exit_code == 2


def test_cup_rounds_are_1_to_9(example):
    """Cup rounds 1-9; 0 and 10 are usage errors (exit 2)."""
    for bad in ("0", "10"):
        assert run_dbf("draw", "cup", "--round", bad, "--dry-run").exit_code == 2
        assert run_dbf("schedule", "cup", "--round", bad).exit_code == 2
    assert run_dbf("distance", "5000", "2100", "--round", "9").exit_code == 0


def test_1_5_7_semi_final_sheet_home_is_the_first_team_drawn(empty_season, tmp_path):
    """In a semi-final or final, `home` on the sheet is simply the first team named in the draw."""
    _entered(empty_season, tmp_path)
    draws = empty_season / SEASON / "cup" / "draws"
    (draws / "round-08.yaml").write_text(yaml.safe_dump({
        "schema": 1, "round": 8, "seed": 1, "drawn_order": ["KBH-3", "ODE-1"], "byes": [],
        "matches": [{"id": "C8-001", "pool": None, "teams": ["KBH-3", "ODE-1"]}]}), encoding="utf-8")
    rows = {"ODE-1": [100234, 100235, 100236, 100237], "KBH-3": [200111, 200112, 200113, 200114]}

    def sheet(home, away):
        side = lambda team: "".join(f"    - {{id: {p}, boards: 48}}\n" for p in rows[team])  # noqa: E731
        return (f"match: C8-001\nplayed_on: 2027-05-15\nsubmitted_at: 2027-05-15T20:00\n"
                f"segments: [[30, 10], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0]]\n"
                f"home:\n  team: {home}\n  players:\n{side(home)}away:\n  team: {away}\n  players:\n{side(away)}"
                f"signed_by: {rows[home][0]}\n")

    f = tmp_path / "C8-001.yaml"
    f.write_text(sheet("KBH-3", "ODE-1"), encoding="utf-8")
    r = run_dbf("result", "check", f, "--json")
    assert r.json["winner"] == "KBH-3" and not [w for w in r.json["warnings"] if w["rule"] == "1.5.7"]
    f.write_text(sheet("ODE-1", "KBH-3"), encoding="utf-8")
    r = run_dbf("result", "check", f, "--json")
    assert r.json["winner"] == "ODE-1" and [w for w in r.json["warnings"] if w["rule"] == "1.5.7"]
