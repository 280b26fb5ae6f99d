"""Issue 27: what the state-file fuzzer (bench/fuzz_state.py) found where `dbf check` passed a
state a command refuses, and the two recorded-match edits of the issue's "Why" (a third IMPs
value, a text where a stored sheet's boards go), tried by hand on every command that reads a
recorded cup match."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from dbftest import run_dbf

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "cli"))

SEASON = "2026-27"
#: every command that reads a recorded cup match (the fuzzer's probe of cup/matches)
READERS = [("gp", "--json"), ("gp", "--csv"), ("up", "--json"), ("schedule", "cup", "--round", "1", "--json"),
           ("cup", "teams", "--json"), ("fees", "--json"), ("deadlines", "--today", "2026-12-14", "--json"),
           ("draw", "cup", "--round", "2", "--dry-run", "--seed", "3", "--json"), ("trophy",), ("result", "pending")]


@pytest.fixture
def recorded(example, tmp_path):
    """The example season with cup round 1 drawn and its first match recorded from a sheet."""
    from test_result import cup_teams, sheet_text

    assert run_dbf("draw", "cup", "--round", "1", "--seed", "7").exit_code == 0
    m = run_dbf("schedule", "cup", "--round", "1", "--json").json["matches"][0]
    teams = cup_teams(example)
    sheet = tmp_path / "sheet.yaml"
    sheet.write_text(sheet_text(m["id"], teams[m["home"]], teams[m["away"]], 1, up=m["up"]), encoding="utf-8")
    assert run_dbf("result", "submit", sheet, "--now", "2026-12-14T09:00").exit_code == 0
    return example / SEASON / "cup" / "matches" / f"{m['id']}.yaml", m["id"]


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _codes(match_id: str) -> dict[tuple, int]:
    return {args: run_dbf(*args, internal_error_expected=True).exit_code
            for args in READERS + [("seating", match_id, "--json")]}


def _refused(before: dict[tuple, int], after: dict[tuple, int]) -> list[tuple]:
    """The readers that pass the untouched season (exit 0) and exit 2 on the edited one."""
    return [args for args, code in after.items() if code == 2 and before[args] == 0]


def test_27_a_broken_line_inside_the_kept_sheet_is_refused_by_check_with_its_line(recorded):
    """bench/fuzz_state.py (seed 1, case 64): one player line of the kept sheet indented one
    step too far. `dbf schedule cup`, `dbf gp`, `dbf seating` and `dbf draw` refused the file
    (malformed YAML) while `dbf check` passed it: the one reader of recorded matches reads all
    but the kept sheet, and `dbf gp` said "malformed recorded match" with no line. Now check
    reads the matches as `dbf up` and `dbf gp` do too, and both name the line."""
    path, match_id = recorded
    _edit(path, "    - id: ", "      - id: ")
    line = next(i for i, t in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if t.startswith("      - id: "))
    gp = run_dbf("gp", "--json")
    assert gp.exit_code == 2
    ((code, file, at),) = {(e["code"], e["file"], e["line"]) for e in gp.json["errors"]}
    assert (code, file) == ("format.yaml", f"cup/matches/{path.name}") and at in (line, line + 1)   # where libyaml sees it
    check = run_dbf("check", "--json")
    assert check.exit_code == 2, check.stdout
    assert (code, file, at) in {(e["code"], e["file"], e["line"]) for e in check.json["errors"]}, check.json["errors"]


@pytest.mark.parametrize("old, new, refused", [
    ("imps:\n- 30\n- 20\n", "imps:\n- 30\n- 20\n- 5\n", False),                  # a third IMPs value (the record's)
    ("  segments:\n  - - 30\n    - 20\n", "  segments:\n  - - 30\n    - 20\n    - 5\n", False),   # the kept sheet's
    ("      boards: 40\n", "      boards: forty\n", False),                  # a text where a kept sheet's boards go
    ("  team: KBH-6\n  boards: 40\n", "  team: KBH-6\n  boards: forty\n", True),   # ... an appearance's boards
], ids=["third-imps", "sheet-third-imps", "sheet-boards-text", "appearance-boards-text"])
def test_27_hand_edited_recorded_match_check_refuses_what_any_reader_refuses(recorded, old, new, refused):
    """The issue's "check passes a recorded match that gp refuses" (a third IMPs value, a text
    where a stored sheet's boards go), tried again by hand on main: every command that reads
    the recorded match is run. `dbf check` refuses the file (naming it) when one of them does,
    and passes it only when all of them pass it. Pinned either way: on this main the first
    three pass everywhere (no reader reads those values: the record's result is ``winner``,
    the GP and UP it keeps), an appearance's boards is refused by its readers and by check."""
    path, match_id = recorded
    before = _codes(match_id)
    _edit(path, old, new)
    codes = _codes(match_id)
    check = run_dbf("check", "--json", internal_error_expected=True)
    assert bool(_refused(before, codes)) == refused, codes
    if refused:
        assert check.exit_code in (1, 2)
        assert any(path.name in (e.get("file") or "") for e in check.json["errors"]), check.json["errors"]
    else:
        assert check.exit_code == 0, check.json["errors"]
        assert codes == before


@pytest.mark.parametrize("sent", ["{}", "[2026-11-01]", "2026-11-01 10:00:00", "5"])
def test_27_a_registered_card_sent_on_a_non_date_is_a_malformed_row_not_an_internal_error(recorded, sent):
    """bench/fuzz_state.py (seed 5, case 122): ``sent: {}`` in systems/registry.yaml reached the
    §1.5.13 HUM notice comparison: `dbf schedule cup`, `dbf seating` and `dbf notify draw` died
    with "internal error: TypeError" while `dbf check` passed. The row is now malformed: the
    readers skip it, check refuses it (format.registry, with its line)."""
    path, match_id = recorded
    _edit(_registered(path.parents[3]), "sent: 2026-11-01", f"sent: {sent}")
    for args in [("schedule", "cup", "--round", "1", "--json"), ("seating", match_id, "--json")]:
        r = run_dbf(*args)          # no internal error (run_dbf fails on one)
        assert r.exit_code in (0, 1), (args, r.stdout)
    check = run_dbf("check", "--json")
    assert check.exit_code == 2
    assert [(e["code"], e["file"]) for e in check.json["errors"]] == [("format.registry", "systems/registry.yaml")]
    assert check.json["errors"][0]["line"]


def _registered(example: Path) -> Path:
    """A card registered for the home team of the first cup match (HUM: §1.5.13); the registry."""
    import yaml

    home = run_dbf("schedule", "cup", "--round", "1", "--json").json["matches"][0]["home"]
    team = next(t for t in yaml.safe_load((example / SEASON / "cup" / "teams.yaml").read_text())["teams"]
                if t["id"] == home)
    card = Path(__file__).resolve().parents[2] / "examples" / "systems" / "strong-pass.yaml"
    assert run_dbf("system", "register", home, card, "--pair", team["players"][0]["id"], team["players"][1]["id"],
                   "--sent", "2026-11-01").exit_code == 0
    return example / SEASON / "systems" / "registry.yaml"


@pytest.mark.parametrize("card", ["systems/cards/", '"\\0"', "../../x.yaml"])
def test_27_a_registered_card_path_that_cannot_be_a_card_names_the_registry_row(recorded, card):
    """bench/fuzz_state.py (seed 2027, cases 1422 and 1201): a card path that is a folder or
    leaves the season stopped the systems checker with a problem naming no file; now the
    registry's row is named with its line, and the other checks of the registry go on."""
    registry = _registered(recorded[0].parents[3])
    text = registry.read_text(encoding="utf-8")
    old = next(line for line in text.splitlines() if line.strip().startswith("card: "))
    _edit(registry, old, old.split("card: ")[0] + f"card: {card}")
    check = run_dbf("check", "--json")
    assert check.exit_code == 2
    assert [(e["file"], bool(e["line"])) for e in check.json["errors"]] == [("systems/registry.yaml", True)]


def test_27_a_draws_match_id_too_long_for_a_file_name_is_no_internal_error(recorded):
    """bench/fuzz_state.py (seed 2027, case 3079): a draw's match id of 300 digits made `dbf
    deadlines` ask the file system for cup/matches/<id>.yaml: "internal error: OSError: File name
    too long". A name no file can have is a file that does not exist."""
    draw = recorded[0].parents[1] / "draws" / "round-01.yaml"
    _edit(draw, "- id: C1-002\n", "- id: " + "9" * 300 + "\n")
    for args in [("deadlines", "--today", "2026-12-10", "--json"), ("check", "--json")]:
        assert run_dbf(*args).exit_code in (0, 1, 2)      # run_dbf fails on an internal error


@pytest.mark.parametrize("halves", ["5", "x", "[[30, 20], [5, 9], [40, 40], [1000000000000000000000000000000, 9]]"])
def test_27_a_play_off_result_with_halves_not_a_list_of_imps_is_named(example, halves):
    """bench/fuzz_state.py (seed 2027, cases 2355, 7776): ``halves`` a number made `dbf playoff`,
    `dbf deadlines` and `dbf check` die ("TypeError: 'int' object is not iterable"); IMPs of 10**30
    in a half died in the one-decimal display (decimal.InvalidOperation) while check passed.
    Both are a malformed result now, named with its line (format.playoff)."""
    (example / SEASON / "divisions" / "playoff.yaml").write_text(
        f"schema: 1\nresults:\n  1div-SF1: {{teams: [ODE-A, GEN-A], halves: {halves}, extra_rounds: []}}\n",
        encoding="utf-8")
    for args in [("playoff", "1div", "--json"), ("deadlines", "--today", "2027-03-01", "--json"), ("check", "--json")]:
        r = run_dbf(*args)
        assert r.exit_code in (0, 1, 2), args
    check = run_dbf("check", "--json")
    assert check.exit_code == 2
    assert ("format.playoff", "divisions/playoff.yaml", 3) in {(e["code"], e["file"], e["line"])
                                                               for e in check.json["errors"]}, check.json["errors"]


def test_27_an_unknown_vp_scale_names_season_toml_and_its_line(example):
    """bench/fuzz_state.py (seed 5, case 277): ``vp_scale = "2026-27\\n"`` in season.toml was
    refused (unknown.scale) with no file and no line, so the TD could not see which file to mend."""
    toml = example / SEASON / "season.toml"
    text = toml.read_text(encoding="utf-8")
    assert "\nvp_scale = " in text
    head, _, rest = text.partition("\nvp_scale = ")
    toml.write_text(head + '\nvp_scale = "no-such-scale"' + rest[rest.index("\n"):], encoding="utf-8")
    line = head.count("\n") + 2
    for args in [("check", "--json"), ("standings", "1div", "--json")]:
        r = run_dbf(*args)
        found = [(e["file"], e["line"]) for e in r.json["errors"] if e["code"] == "unknown.scale"]
        assert found and set(found) == {("season.toml", line)}, (args, r.json["errors"])


@pytest.mark.parametrize("mid", ["{a: C1-001}", "[C1-001]", "'../C1-001'", "'C1-001\\n'"])
def test_27_a_drawn_match_id_that_is_no_id_is_a_malformed_draw(recorded, mid):
    """bench/fuzz_state.py (seed 2027, case 8049): a drawn match's id made a mapping became a
    path outside the season under `dbf deadlines` (exit 2, no file named) while `dbf check`
    passed the draw. The draw's reader now refuses an id that cannot name its file (format.draw,
    with the line); deadlines leaves the row out."""
    draw = recorded[0].parents[1] / "draws" / "round-01.yaml"
    _edit(draw, "- id: C1-002\n", f"- id: {mid}\n")
    assert run_dbf("deadlines", "--today", "2026-12-10", "--json").exit_code in (0, 1)
    check = run_dbf("check", "--json")
    assert check.exit_code == 2
    assert ("format.draw", "cup/draws/round-01.yaml") in {(e["code"], e["file"]) for e in check.json["errors"]}
