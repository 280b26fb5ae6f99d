"""`dbf result import` (issue 17): a scoring program's file -> a result sheet that `dbf result
check` accepts once the UP (§1.5.4) and the signature (§1.5.14) are confirmed; every bad file
is exit 2 with its file and line or board, and nothing is written."""

from __future__ import annotations

import os

import pytest
import yaml

from dbftest import run_dbf, run_dbf_process, snapshot
from pbnkit import team_match_pbn

SEASON = "2026-27"


@pytest.fixture
def match(example, tmp_path):
    return drawn_match(example)


def drawn_match(example):
    """C1-001 KBH-1 v KBH-3 drawn in the example season: ``(folder, teams, home names, away names)``."""
    teams = {t["id"]: t for t in yaml.safe_load((example / SEASON / "cup" / "teams.yaml").read_text())["teams"]}
    doc = {"schema": 1, "round": 1, "seed": 1, "drawn_order": ["KBH-1", "KBH-3"],
           "matches": [{"id": "C1-001", "pool": None, "teams": ["KBH-1", "KBH-3"]}], "byes": []}
    (example / SEASON / "cup" / "draws").mkdir(parents=True, exist_ok=True)
    (example / SEASON / "cup" / "draws" / "round-01.yaml").write_text(yaml.safe_dump(doc))
    home = [p["name"] for p in teams["KBH-1"]["players"]]
    away = [p["name"] for p in teams["KBH-3"]["players"]]
    return example, teams, home, away


def _pbn(tmp_path, home, away, **kw):
    f = tmp_path / "match.pbn"
    f.write_text(team_match_pbn(home[:2], away[:2], home[2:4], away[2:4], **kw), encoding="utf-8")
    return f


def test_1_5_14_import_writes_a_sheet_that_passes_check_once_confirmed(match, tmp_path):
    example, teams, home, away = match
    f = _pbn(tmp_path, home, away)
    out = tmp_path / "C1-001.yaml"
    before = snapshot(example)
    r = run_dbf("result", "import", f, "--match", "C1-001", "--out", out, "--json")
    assert r.exit_code == 0, r.stdout + r.stderr
    doc = r.json
    assert doc["boards"] == 40 and len(doc["segments"]) == 5 and doc["imps"] == [120, 151]
    assert all(p["boards"] == 40 for t in doc["players"].values() for p in t)
    assert {p["rule"] for p in doc["to_confirm"]} == {"1.5.4", "1.5.14"} and doc["up_computed"] == 1
    assert snapshot(example) == before            # an import records nothing in the season
    r = run_dbf("result", "check", out, "--json")
    assert r.exit_code == 1 and {e["rule"] for e in r.json["errors"]} == {"1.5.14"}
    text = out.read_text().replace("  # up: 1 ", "  up: 1 #").replace("# signed_by: <member number>",
                                                                    f"signed_by: {teams['KBH-1']['players'][0]['id']}")
    out.write_text(text)
    r = run_dbf("result", "check", out, "--json")
    assert r.exit_code == 0, r.stdout
    assert r.json["winner"] == "KBH-3" and r.json["imps"] == [120, 151] and r.json["warnings"] == []


def test_1_5_14_import_and_submit_in_one_command(match, tmp_path):
    example, teams, home, away = match
    f = _pbn(tmp_path, home, away)
    r = run_dbf("result", "import", f, "--match", "C1-001", "--out", tmp_path / "s.yaml", "--up", "1",
                "--signed-by", str(teams["KBH-3"]["players"][0]["id"]), "--submit", "--json")
    assert r.exit_code == 0, r.stdout + r.stderr
    assert r.json["recorded"] is True and r.json["winner"] == "KBH-3"
    assert (example / SEASON / "cup" / "matches" / "C1-001.yaml").exists()


def test_import_dry_run_writes_nothing(match, tmp_path):
    example, teams, home, away = match
    f = _pbn(tmp_path, home, away)
    out = tmp_path / "C1-001.yaml"
    r = run_dbf("result", "import", f, "--match", "C1-001", "--out", out, "--dry-run", "--json")
    assert r.exit_code == 0 and r.json["written"] is False and not out.exists()


@pytest.mark.parametrize("kw,needle", [
    ({"rooms": ("Open",)}, "one room is missing"),
    ({"skip": ((7, "Closed"),)}, "board 7 was played at one table only"),
])
def test_import_bad_pbn_is_exit_2_with_board_and_nothing_written(match, tmp_path, kw, needle):
    example, teams, home, away = match
    f = _pbn(tmp_path, home, away, **kw)
    out = tmp_path / "C1-001.yaml"
    before = snapshot(example)
    r = run_dbf("result", "import", f, "--match", "C1-001", "--out", out, "--json")
    assert r.exit_code == 2 and not out.exists() and snapshot(example) == before
    assert any(needle in e["message"] for e in r.json["errors"])


def test_import_unknown_name_names_the_near_candidates(match, tmp_path):
    example, teams, home, away = match
    text = team_match_pbn(["LIS KJAER", "Rikke Olsen"], away[:2], home[2:4], away[2:4])
    f = tmp_path / "m.pbn"
    f.write_text(text)
    r = run_dbf("result", "import", f, "--match", "C1-001", "--out", tmp_path / "o.yaml", "--json")
    assert r.exit_code == 2
    messages = [e["message"] for e in r.json["errors"]]
    assert len(messages) == 1 and "'Rikke Olsen' is on neither team's roster; near: 991869 Rikke Holst" in messages[0]
    assert r.json["errors"][0]["line"] is not None


def test_import_name_order_case_and_danish_letters_do_not_matter(match, tmp_path):
    example, teams, home, away = match
    flipped = [" ".join(reversed(n.split())).upper().replace("Æ", "AE") for n in home]
    f = _pbn(tmp_path, flipped, away)
    r = run_dbf("result", "import", f, "--match", "C1-001", "--out", tmp_path / "o.yaml", "--json")
    assert r.exit_code == 0, r.stdout
    assert [p["id"] for p in r.json["players"]["KBH-1"]] == [p["id"] for p in teams["KBH-1"]["players"]]


def test_import_wrong_stated_score_is_named_by_board(match, tmp_path):
    example, teams, home, away = match
    f = _pbn(tmp_path, home, away)
    f.write_text(f.read_text().replace('[Score "NS 420"]', '[Score "NS 450"]', 1))
    r = run_dbf("result", "import", f, "--match", "C1-001", "--out", tmp_path / "o.yaml", "--json")
    assert r.exit_code == 2 and "the file states NS 450" in r.json["errors"][0]["message"]


def test_1_5_16_import_for_a_match_not_drawn_is_exit_2(match, tmp_path):
    example, teams, home, away = match
    f = _pbn(tmp_path, home, away)
    r = run_dbf("result", "import", f, "--match", "C1-099", "--json")
    assert r.exit_code == 2 and r.json["errors"][0]["rule"] == "1.5.16"


def test_import_unknown_format_and_missing_file(match, tmp_path):
    f = tmp_path / "x.txt"
    f.write_text("hello")
    assert run_dbf("result", "import", f, "--match", "C1-001").exit_code == 2
    assert run_dbf("result", "import", tmp_path / "none.pbn", "--match", "C1-001").exit_code == 2
    assert run_dbf("result", "import", f, "--match", "C1-001", "--format", "xls").exit_code == 2


DATA = __import__("pathlib").Path(__file__).resolve().parents[1] / "data"


def test_1_5_9_import_usebio_by_national_id_number(match, tmp_path, monkeypatch):
    """USEBIO gives one segment of 40 boards: a §1.5.9 error (exit 1, the totals in --json, the draft
    written only because --out asks for it) until the captains' agreement is recorded. Refused, it
    writes no sheet where the default --out would put it (MATCH.yaml in the working folder), and
    with --submit it records nothing: the season folder is byte for byte as it was."""
    example = match[0]
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    before = snapshot(example)
    r = run_dbf("result", "import", DATA / "usebio-c1-001.xml", "--match", "C1-001", "--json")
    assert r.exit_code == 1 and {e["rule"] for e in r.json["errors"]} == {"1.5.9"} and r.json["imps"] == [101, 87]
    assert r.json["written"] is False and list(here.iterdir()) == [] and snapshot(example) == before
    r = run_dbf("result", "import", DATA / "usebio-c1-001.xml", "--match", "C1-001", "--up", "0", "--signed-by",
                str(match[1]["KBH-1"]["players"][0]["id"]), "--submit", "--json")
    assert r.exit_code == 1 and r.json.get("recorded") is not True
    assert list(here.iterdir()) == [] and snapshot(example) == before
    r = run_dbf("--lang", "da", "result", "import", DATA / "usebio-c1-001.xml", "--match", "C1-001", "--submit")
    assert r.exit_code == 1 and "intet blev skrevet" in r.stderr
    assert list(here.iterdir()) == [] and snapshot(example) == before
    r = run_dbf("result", "import", DATA / "usebio-c1-001.xml", "--match", "C1-001", "--out", tmp_path / "u.yaml",
                "--json")
    assert r.exit_code == 1 and r.json["draft"] is True and (tmp_path / "u.yaml").read_text().startswith("# DRAFT")
    r = run_dbf("result", "import", DATA / "usebio-c1-001.xml", "--match", "C1-001", "--out", tmp_path / "u.yaml",
                "--agreed-boards", "40", "--json")
    assert r.exit_code == 0, r.stdout + r.stderr
    assert 'agreement: "the captains agreed 40 boards' in (tmp_path / "u.yaml").read_text()
    r = run_dbf("result", "import", DATA / "usebio-c1-001.xml", "--match", "C1-001", "--out", tmp_path / "v.yaml",
                "--agreed-boards", "32", "--json")
    assert r.exit_code == 1 and [e["rule"] for e in r.json["errors"]] == ["1.5.9"] and r.json["agreed_boards"] == 32
    assert r.json["imps"] == [101, 87] and r.json["segments"] == [{"boards": 40, "imps": [101, 87]}]
    assert [p["boards"] for p in r.json["players"]["KBH-1"]] == [40] * 4
    assert "played_on: 2026-12-13" in (tmp_path / "u.yaml").read_text()


def test_import_usebio_of_another_event_is_refused(match, tmp_path):
    text = (DATA / "usebio-c1-001.xml").read_text().replace("637410", "111111").replace("Lis Kjær", "Karen Blixen")
    f = tmp_path / "other.xml"
    f.write_text(text)
    r = run_dbf("result", "import", f, "--match", "C1-001", "--out", tmp_path / "u.yaml", "--json")
    assert r.exit_code == 2 and "Karen Blixen" in r.json["errors"][0]["message"] and not (tmp_path / "u.yaml").exists()


def test_import_usebio_pairs_event_and_entity_bomb_are_refused(match, tmp_path):
    f = tmp_path / "pairs.xml"
    f.write_text((DATA / "usebio-c1-001.xml").read_text().replace('EVENT_TYPE="TEAMS"', 'EVENT_TYPE="PAIRS"'))
    r = run_dbf("result", "import", f, "--match", "C1-001", "--json")
    assert r.exit_code == 2 and "pairs event" in r.json["errors"][0]["message"]
    bomb = tmp_path / "bomb.xml"
    bomb.write_text('<?xml version="1.0"?><!DOCTYPE USEBIO [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>'
                    '<USEBIO>&b;</USEBIO>')
    r = run_dbf("result", "import", bomb, "--match", "C1-001", "--json")
    assert r.exit_code == 2 and "refused" in r.json["errors"][0]["message"]


def _csv_rows(teams, boards=40):
    from dbfcli.rules.scoring.contracts import board_vulnerability, ns_score, parse_contract

    h = [p["id"] for p in teams["KBH-1"]["players"]]
    a = [p["id"] for p in teams["KBH-3"]["players"]]
    rows = ["board,room,north,east,south,west,contract,declarer,tricks,score_ns"]
    for b in range(1, boards + 1):
        vul = board_vulnerability(b)
        rows.append(f"{b},Open,{h[0]},{a[0]},{h[1]},{a[1]},3NT,N,9,{ns_score(parse_contract('3NT'), 'N', vul, 9)}")
        rows.append(f"{b},Closed,{a[2]},{h[2]},{a[3]},{h[3]},3NT,S,8,{ns_score(parse_contract('3NT'), 'S', vul, 8)}")
    return rows


def test_import_csv_by_member_numbers(match, tmp_path):
    example, teams, home, away = match
    f = tmp_path / "typed.csv"
    f.write_text("\n".join(_csv_rows(teams)) + "\n")
    r = run_dbf("result", "import", f, "--match", "C1-001", "--out", tmp_path / "c.yaml", "--json")
    assert r.exit_code == 0, r.stdout + r.stderr
    # 3NT= v 3NT-1 on each board: NV 450 -> 10 IMPs, V 700 -> 12 IMPs, all to the home team
    assert r.json["imps"][1] == 0 and r.json["imps"][0] == sum(
        12 if v in ("NS", "Both") else 10 for v in [__import__("dbfcli.rules.scoring.contracts", fromlist=["x"])
                                                      .board_vulnerability(b) for b in range(1, 41)])


def test_import_csv_missing_column_is_named(match, tmp_path):
    example, teams, home, away = match
    rows = _csv_rows(teams)
    f = tmp_path / "typed.csv"
    f.write_text("\n".join(r.rsplit(",", 2)[0] + "," + r.rsplit(",", 1)[1] for r in rows) + "\n")  # drop tricks
    r = run_dbf("result", "import", f, "--match", "C1-001", "--json")
    assert r.exit_code == 2 and r.json["errors"][0]["message"] == "missing column: tricks"
    assert r.json["errors"][0]["line"] == 1


def test_1_5_14_import_fits_a_surname_and_keeps_the_names_map_in_the_season(match, tmp_path):
    """Issue 28: a surname that fits one player is taken and said in the sheet's comment; a handle
    mapped with --names is kept in SEASON/imports/names.yaml, so the next import needs no --names."""
    example, teams, home, away = match
    surname = home[0].split()[-1]
    f = tmp_path / "m.pbn"
    f.write_text(team_match_pbn([surname, home[1]], ["zz_top77", away[1]], home[2:4], away[2:4]), encoding="utf-8")
    out = tmp_path / "s.yaml"
    r = run_dbf("result", "import", f, "--match", "C1-001", "--out", out, "--json")
    assert r.exit_code == 2 and r.json["errors"][0]["code"] == "unknown.player"
    names = tmp_path / "names.yaml"
    names.write_text(f'names: {{"zz_top77": {teams["KBH-3"]["players"][0]["id"]}}}\n')
    r = run_dbf("result", "import", f, "--match", "C1-001", "--out", out, "--names", names, "--json")
    assert r.exit_code == 0, r.stdout + r.stderr
    text = out.read_text()
    assert f"(file: {surname}: surname)" in text and "(file: zz_top77: names map)" in text
    assert "zz_top77" in (example / SEASON / "imports" / "names.yaml").read_text()
    r = run_dbf("result", "import", f, "--match", "C1-001", "--out", tmp_path / "t.yaml", "--json")
    assert r.exit_code == 0, r.stdout + r.stderr


def test_28_dbf_check_reads_the_season_names_map_as_the_import_does(match, tmp_path):
    """SEASON/imports/names.yaml is a state file: `dbf check` reads it through the import's reader
    (a map the import would refuse is an error of check, with its file), and warns of a member
    number on no team of the season."""
    example, teams, home, away = match
    path = example / SEASON / "imports" / "names.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('schema: 1\nnames: {"BildeD": "x"}\n', encoding="utf-8")
    r = run_dbf("check", "--json")
    assert r.exit_code == 2 and [e["code"] for e in r.json["errors"]] == ["format.yaml"], r.json
    assert r.json["errors"][0]["file"].endswith("imports/names.yaml")
    f = _pbn(tmp_path, home, away)
    imported = run_dbf("result", "import", f, "--match", "C1-001", "--out", tmp_path / "s.yaml", "--json")
    assert imported.exit_code == 2 and imported.json["errors"][0]["code"] == "format.yaml"   # the same refusal
    known = teams["KBH-1"]["players"][0]["id"]
    path.write_text(f'schema: 1\nnames: {{"BildeD": {known}, "zz_top77": 999999}}\n', encoding="utf-8")
    r = run_dbf("check", "--json")
    assert r.exit_code == 0, r.json
    gone = [w for w in r.json["warnings"] if w["code"] == "unknown.player"]
    assert len(gone) == 1 and "zz_top77" in gone[0]["message"] and "999999" in gone[0]["message"]


def test_28_an_imported_sheet_in_danish_has_danish_comments_and_the_same_data(match, tmp_path):
    from dbftest import english_words

    example, teams, home, away = match
    surname = home[0].split()[-1]
    f = tmp_path / "m.pbn"
    f.write_text(team_match_pbn([surname, home[1]], away[:2], home[2:4], away[2:4]), encoding="utf-8")
    texts = {}
    for lang in ("en", "da"):
        r = run_dbf("--lang", lang, "result", "import", f, "--match", "C1-001", "--out", tmp_path / f"{lang}.yaml")
        assert r.exit_code == 0, r.stderr
        texts[lang] = (tmp_path / f"{lang}.yaml").read_text(encoding="utf-8")
    data = [[line.split("#", 1)[0].rstrip() for line in t.splitlines() if not line.startswith("#")] for t in texts.values()]
    assert data[0] == data[1]
    comments = "\n".join(line.split("#", 1)[1] for line in texts["da"].splitlines() if "#" in line)
    assert "importeret fra" in comments and f"(i filen: {surname}: efternavn)" in comments
    assert not english_words(comments), english_words(comments)


def _mapped_import(match, tmp_path) -> list:
    """`dbf result import ... --submit --names FILE` of C1-001, its first KBH-3 player written
    ``zz_top77`` in the file and named by the map."""
    example, teams, home, away = match
    f = tmp_path / "m.pbn"
    f.write_text(team_match_pbn(home[:2], ["zz_top77", away[1]], home[2:4], away[2:4]), encoding="utf-8")
    names = tmp_path / "names.yaml"
    names.write_text(f'names: {{"zz_top77": {teams["KBH-3"]["players"][0]["id"]}}}\n')
    return ["result", "import", f, "--match", "C1-001", "--out", tmp_path / "s.yaml", "--up", "1",
            "--signed-by", str(teams["KBH-3"]["players"][0]["id"]), "--names", names, "--submit"]


def test_24_import_submit_names_is_one_journal_entry_and_one_undo(match, tmp_path):
    """Issue 24, "One write per use case": `--submit --names` records the sheet and the names map
    in one journal entry; one `dbf undo` gives back the season as it was (the journal aside)."""
    example = match[0]
    journal = example / SEASON / "journal"
    before, entries = snapshot(example), len(list(journal.glob("*.yaml")))
    r = run_dbf(*_mapped_import(match, tmp_path), "--json")
    assert r.exit_code == 0, r.stdout + r.stderr
    assert {c["file"] for c in r.json["changes"]} == {"cup/matches/C1-001.yaml", "imports/names.yaml"}
    new = sorted(journal.glob("*.yaml"))[entries:]
    assert len(new) == 1
    assert {c["file"] for c in yaml.safe_load(new[0].read_text())["changes"]} == {
        "cup/matches/C1-001.yaml", "imports/names.yaml"}
    r = run_dbf("undo", "--json")
    assert r.exit_code == 0, r.stdout + r.stderr
    after = {k: v for k, v in snapshot(example).items() if not k.startswith(f"{SEASON}/journal/")}
    assert after == {k: v for k, v in before.items() if not k.startswith(f"{SEASON}/journal/")}


def test_24_import_submit_names_killed_between_its_files_rolls_both_forward(match, tmp_path):
    """Issue 24: a `kill -9` after the sheet's record is put and before the names map is never
    leaves one without the other: the next command finishes the one write, one journal entry."""
    example = match[0]
    journal = example / SEASON / "journal"
    entries = len(list(journal.glob("*.yaml")))
    env = dict(os.environ, DBF_DIR=str(example), DBF_FAULT="kill:between-files",
               PYTHONPATH=os.pathsep.join(os.path.abspath(p) for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p))
    done = run_dbf_process(*_mapped_import(match, tmp_path), env=env)
    assert done.returncode == 137 and (example / SEASON / ".pending.yaml").exists()
    assert run_dbf("check").exit_code == 0                                # finishes the write
    assert (example / SEASON / "cup" / "matches" / "C1-001.yaml").exists()
    assert (example / SEASON / "imports" / "names.yaml").exists()
    new = [yaml.safe_load(p.read_text()) for p in sorted(journal.glob("*.yaml"))[entries:]]
    assert len(new) == 1 and "finished" in new[0]
    assert {c["file"] for c in new[0]["changes"]} == {"cup/matches/C1-001.yaml", "imports/names.yaml"}
