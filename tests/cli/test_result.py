"""`dbf result check|submit|amend|walkover` (§1.5.9-§1.5.15, §2.11, §1.1.2.1) on a copy of the example."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from dbftest import run_dbf, snapshot

SEASON = "2026-27"


def cup_teams(example: Path) -> dict:
    doc = yaml.safe_load((example / SEASON / "cup" / "teams.yaml").read_text())
    return {t["id"]: t for t in doc["teams"]}


def write_draw(example: Path, round_no: int, pairs: list[tuple[str, str]], byes=()) -> list[str]:
    """A draw file in the documented format (cup/draws/round-NN.yaml); returns the match ids."""
    ids = [f"C{round_no}-{i + 1:03d}" for i in range(len(pairs))]
    doc = {"schema": 1, "round": round_no, "seed": 1, "drawn_order": [t for p in pairs for t in p] + list(byes),
           "matches": [{"id": i, "pool": None, "teams": list(p)} for i, p in zip(ids, pairs)], "byes": list(byes)}
    path = example / SEASON / "cup" / "draws" / f"round-{round_no:02d}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(doc, sort_keys=False))
    return ids


def sheet_text(match: str, home: dict, away: dict, round_no: int, imps=(30, 20), up=None, played_on="2026-12-13",
               submitted_at="2026-12-14T08:00", away_rows=None, extra: str = "", boards: int | None = None) -> str:
    """A complete sheet: 40 boards (48 from round 7) in 8-board segments, or ``boards`` in
    one 8-board segment and the rest; three players sit all match, the others share the 4th seat."""
    boards = boards or (40 if round_no <= 6 else 48)
    if boards % 8 == 0 and max(imps) > 24 * 8:       # more than one segment can hold (Law 78B): spread it
        n = boards // 8
        segs = str([[imps[0] // n + (k < imps[0] % n), imps[1] // n + (k < imps[1] % n)] for k in range(n)])
    elif boards % 8 == 0:
        segs = str([[imps[0], imps[1]]] + [[0, 0]] * (boards // 8 - 1))
    elif max(imps) > 24 * 8:      # spread by boards (Law 78B: at most 24 IMPs a board)
        first = [imps[0] * 8 // boards, imps[1] * 8 // boards]
        segs = f"[{first}, {{boards: {boards - 8}, imps: [{imps[0] - first[0]}, {imps[1] - first[1]}]}}]"
    else:
        segs = f"[[{imps[0]}, {imps[1]}], {{boards: {boards - 8}, imps: [0, 0]}}]"

    def rows(team):
        ids = [p["id"] for p in team["players"]]
        rest = len(ids) - 3
        share = [boards // rest + (1 if k < boards % rest else 0) for k in range(rest)]
        return "\n".join(f"    - {{id: {i}, boards: {b}}}" for i, b in zip(ids, [boards] * 3 + share))

    up_line = f"  up: {up}\n" if up is not None else ""
    return (f"match: {match}\nplayed_on: {played_on}\nsubmitted_at: {submitted_at}\n"
            f"segments: {segs}\n{extra}"
            f"home:\n  team: {home['id']}\n  players:\n{rows(home)}\n"
            f"away:\n  team: {away['id']}\n{up_line}  players:\n{away_rows or rows(away)}\n"
            f"signed_by: {home['players'][0]['id']}\n")


@pytest.fixture
def drawn(example, tmp_path):
    teams = cup_teams(example)
    write_draw(example, 1, [("KBH-1", "KBH-3"), ("KBH-2", "AAL-1")])
    return example, teams


def test_1_5_10_check_good_sheet(drawn, tmp_path):
    example, teams = drawn
    f = tmp_path / "C1-001.yaml"
    f.write_text(sheet_text("C1-001", teams["KBH-1"], teams["KBH-3"], 1, up=1))
    before = snapshot(example)
    r = run_dbf("result", "check", f, "--json")
    assert r.exit_code == 0, r.stdout + r.stderr
    doc = r.json
    assert doc["ok"] and doc["match"] == "C1-001" and doc["winner"] == "KBH-1" and doc["errors"] == []
    assert round(sum(doc["gp"].values()), 2) == 8 and doc["up"] == {"KBH-3": 1}
    assert snapshot(example) == before


def test_1_5_14_errors_listed_with_line_and_nothing_written(drawn, tmp_path):
    example, teams = drawn
    f = tmp_path / "bad.yaml"
    rows = "    - {id: 757696, boards: 40}\n    - {id: 1, boards: 40}\n    - {id: 2, boards: 40}\n    - {id: 400642, boards: 30}"
    f.write_text(sheet_text("C1-001", teams["KBH-1"], teams["KBH-3"], 1, away_rows=rows).replace("signed_by", "#"))
    before = snapshot(example)
    r = run_dbf("result", "submit", f, "--json")
    assert r.exit_code == 1
    doc = r.json
    assert doc["ok"] is False
    rules = sorted(e["rule"] for e in doc["errors"])
    assert rules == ["1.5.14"] * 4   # 2 unmarked players, the boards sum, unsigned: all listed, not the first only
    assert all(e["line"] for e in doc["errors"] if "signed" not in e["message"])
    assert snapshot(example) == before
    human = run_dbf("result", "check", f)
    assert human.exit_code == 1 and "§1.5.14" in human.stderr and "bad.yaml:" in human.stderr


def test_submit_resubmit_amend(drawn, tmp_path):
    example, teams = drawn
    f = tmp_path / "C1-001.yaml"
    f.write_text(sheet_text("C1-001", teams["KBH-1"], teams["KBH-3"], 1, up=1))
    r = run_dbf("result", "submit", f, "--json")
    assert r.exit_code == 0, r.stderr
    rec = yaml.safe_load((example / SEASON / "cup/matches/C1-001.yaml").read_text())
    for key in ("schema", "match", "round", "kind", "teams", "home", "away", "winner", "loser", "imps", "boards",
                "up", "gp", "fees", "recorded_at", "sheet"):
        assert key in rec, key
    assert rec["kind"] == "result" and rec["teams"] == ["KBH-1", "KBH-3"] and rec["up"] == {"KBH-3": 1}
    before = snapshot(example)
    again = run_dbf("result", "submit", f, "--json")
    assert again.exit_code == 0 and again.json["already_recorded"] and snapshot(example) == before
    f.write_text(sheet_text("C1-001", teams["KBH-1"], teams["KBH-3"], 1, imps=(10, 20), up=1))
    other = run_dbf("result", "submit", f, "--json")
    assert other.exit_code == 2 and "amend" in other.stdout and snapshot(example) == before
    amended = run_dbf("result", "amend", f, "--json")
    assert amended.exit_code == 0 and amended.json["winner"] == "KBH-3"
    rec = yaml.safe_load((example / SEASON / "cup/matches/C1-001.yaml").read_text())
    assert rec["winner"] == "KBH-3" and rec["loser"] == "KBH-1"
    # the amendment keeps the old sheet in the journal (and `dbf undo` could bring it back)
    last = sorted((example / SEASON / "journal").glob("*.yaml"))[-1]
    change = yaml.safe_load(last.read_text())["changes"][0]
    assert change["file"] == "cup/matches/C1-001.yaml" and change["action"] == "update"
    assert yaml.safe_load(change["before"])["winner"] == "KBH-1"


def test_dry_run_writes_nothing(drawn, tmp_path):
    example, teams = drawn
    f = tmp_path / "C1-001.yaml"
    f.write_text(sheet_text("C1-001", teams["KBH-1"], teams["KBH-3"], 1, up=1))
    before = snapshot(example)
    r = run_dbf("result", "submit", f, "--dry-run", "--json")
    assert r.exit_code == 0 and r.json["dry_run"] and r.json["changes"]
    assert snapshot(example) == before


def test_1_5_14_accept_with_penalty_only_for_errors_of_form(drawn, tmp_path):
    example, teams = drawn
    f = tmp_path / "C1-001.yaml"
    f.write_text(sheet_text("C1-001", teams["KBH-1"], teams["KBH-3"], 1, up=1).replace("signed_by:", "# signed_by:"))
    assert run_dbf("result", "submit", f).exit_code == 1
    r = run_dbf("result", "submit", f, "--accept-with-penalty", "--json")
    assert r.exit_code == 0, r.stdout
    # §1.5.14: 1 GP less per winning player: 4 players of 2 GP -> 1 GP each
    assert r.json["penalty"] and set(r.json["gp"].values()) == {1.0}
    rec = yaml.safe_load((example / SEASON / "cup/matches/C1-001.yaml").read_text())
    assert rec["penalty"] is True and rec["penalty_reasons"]
    # substance (a player of the other match's team) is never accepted
    g = tmp_path / "C1-002.yaml"
    rows = "\n".join(f"    - {{id: {p['id']}, boards: 40}}" for p in teams["KBH-1"]["players"][:4])
    g.write_text(sheet_text("C1-002", teams["KBH-2"], teams["AAL-1"], 1, away_rows=rows))
    bad = run_dbf("result", "submit", g, "--accept-with-penalty", "--json")
    assert bad.exit_code == 1 and "1.5.12a" in {e["rule"] for e in bad.json["errors"]}


@pytest.mark.parametrize("args, code", [
    (["result", "check", "MISSING.yaml"], 2),
    (["result", "walkover", "C1-999", "--withdrawn", "KBH-1"], 2),
    (["result", "walkover", "C1-001", "--withdrawn", "NOPE"], 2),
])
def test_usage_errors_exit_2(drawn, args, code):
    assert run_dbf(*args).exit_code == code


def test_malformed_and_unknown_match_exit_2(drawn, tmp_path):
    example, teams = drawn
    f = tmp_path / "x.yaml"
    f.write_text("match: C1-001\nsegments: [[1, 2]\n")
    assert run_dbf("result", "check", f).exit_code == 2
    f.write_text(sheet_text("C9-999", teams["KBH-1"], teams["KBH-3"], 1))
    r = run_dbf("result", "check", f, "--json")
    assert r.exit_code == 2 and r.json["errors"][0]["rule"] == "1.5.16"
    f.write_text(sheet_text("C1-001", teams["KBH-1"], teams["KBH-3"], 1).replace("boards: 40}", "boards: 40, bogus: 1}"))
    assert run_dbf("result", "check", f).exit_code == 2


def test_1_5_15_walkover(drawn):
    example, teams = drawn
    r = run_dbf("result", "walkover", "C1-002", "--withdrawn", "AAL-1", "--json")
    assert r.exit_code == 0, r.stdout
    n = len(teams["KBH-2"]["players"])
    assert r.json["winner"] == "KBH-2" and r.json["fine"]["amount_kr"] == 60 * n
    rec = yaml.safe_load((example / SEASON / "cup/matches/C1-002.yaml").read_text())
    assert rec["kind"] == "walkover" and rec["loser"] == "AAL-1"
    assert run_dbf("result", "walkover", "C1-002", "--withdrawn", "AAL-1").exit_code == 2
    fees = run_dbf("fees", "--json").json["teams"]
    assert fees["AAL-1"]["fines_kr"] == 60 * n
    assert [row["kind"] for row in fees["KBH-2"]["rows"] if row["round"] == 2] == ["waived"]


def test_1_1_2_1_division_sheet(example, tmp_path):
    from dbfcli.rules.divisions.roundrobin import division_schedule
    from dbfcli.store.season import SeasonStore
    from dbfcli.store.settings import load_settings
    from dbfcli.store.teams import load_division

    store = SeasonStore(example, SEASON)
    div, _ = load_division(store, "1div")
    settings = load_settings(store).division("1div")
    m = division_schedule(div, settings)[0].matches[0]
    teams = {t.id: {"id": t.id, "players": [{"id": p.id} for p in t.players]} for t in div.teams}
    boards = settings.boards
    text = sheet_text(m.id, teams[m.home], teams[m.away], 1, boards=boards)
    f = tmp_path / "div.yaml"
    f.write_text(text)
    r = run_dbf("result", "submit", f, "--json")
    assert r.exit_code == 0, r.stdout + r.stderr
    rec = yaml.safe_load((example / SEASON / "divisions" / "matches" / f"{m.id}.yaml").read_text())
    assert {k: rec[k] for k in ("schema", "match", "division", "round", "home", "away", "boards", "imps")} == {
        "schema": 1, "match": m.id, "division": "1div", "round": 1, "home": m.home, "away": m.away,
        "boards": boards, "imps": [30, 20]}
    f.write_text(sheet_text(m.id, teams[m.home], teams[m.away], 1, boards=boards + 8))
    wrong = run_dbf("result", "check", f, "--json")
    assert wrong.exit_code == 1 and {e["rule"] for e in wrong.json["errors"]} >= {"1.1.2.1"}


def test_amend_refused_when_next_round_drawn_with_old_winner(drawn, tmp_path):
    example, teams = drawn
    f = tmp_path / "C1-001.yaml"
    f.write_text(sheet_text("C1-001", teams["KBH-1"], teams["KBH-3"], 1, up=1))
    assert run_dbf("result", "submit", f).exit_code == 0
    write_draw(example, 2, [("KBH-1", "KBH-2")])
    before = snapshot(example)
    f.write_text(sheet_text("C1-001", teams["KBH-1"], teams["KBH-3"], 1, imps=(1, 50), up=1))
    r = run_dbf("result", "amend", f, "--json")
    assert r.exit_code == 2 and "already drawn" in r.stdout and snapshot(example) == before


@pytest.mark.parametrize("ferries, warned", [("[kattegat]", True), ("[storebaelt]", False),
                                             ("[storebaelt, storebaelt]", False), ("[storebaelt, kattegat]", True)],
                         ids=["other-ferry", "same", "there-and-back", "one-too-many"])
def test_1_5_4_sheet_ferries_compared_with_the_route(drawn, tmp_path, ferries, warned):
    """§1.5.4: the sheet's ferries against the crossings of the route the tool computes
    (AAL-1 from Aalborg to KBH-2 in Copenhagen crosses the Great Belt): a warning naming them."""
    example, teams = drawn
    f = tmp_path / "C1-002.yaml"
    f.write_text(sheet_text("C1-002", teams["KBH-2"], teams["AAL-1"], 1, up=20).replace(
        "  up: 20\n", f"  up: 20\n  ferries: {ferries}\n"))
    r = run_dbf("result", "check", f, "--json")
    assert r.exit_code == 0, r.stdout
    ferry = [w for w in r.json["warnings"] if w["rule"] == "1.5.4" and "ferr" in w["message"]]
    assert bool(ferry) == warned
    if warned:
        assert "crosses Storebælt" in ferry[0]["message"] and ferry[0]["line"] is not None


def test_amend_of_a_match_not_recorded_is_refused(drawn, tmp_path):
    example, teams = drawn
    f = tmp_path / "C1-001.yaml"
    f.write_text(sheet_text("C1-001", teams["KBH-1"], teams["KBH-3"], 1, up=1))
    before = snapshot(example)
    r = run_dbf("result", "amend", f)
    assert r.exit_code == 2 and "not recorded" in r.stderr and snapshot(example) == before
