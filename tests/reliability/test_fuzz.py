"""Bad input, generated (issue 8): whatever a file holds, dbf answers with exit 1 or 2 and a
message naming the file -- never a traceback, never an internal error, never a change of state.

`DBF_FUZZ_EXAMPLES=10000 python -m pytest tests/reliability/test_fuzz.py` is the full run
(bench/fuzz.sh); CI runs a small number of examples per command.
"""

import os

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dbftest import run_dbf, snapshot

EXAMPLES = int(os.environ.get("DBF_FUZZ_EXAMPLES", "40"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(10**30), max_value=10**30), st.floats(allow_nan=True),
    st.text(max_size=30), st.sampled_from(["", "5000", "0800", "x" * 300, "\x00\x07\u202e", "<script>", "../..", "=1+1"]),
)
data = st.recursive(scalars, lambda children: st.one_of(
    st.lists(children, max_size=6),
    st.dictionaries(st.one_of(st.text(max_size=12), st.sampled_from(
        ["teams", "id", "name", "captain", "club", "postcode", "players", "division", "schema", "boards", "imps",
         "match", "segments", "home", "away", "up"])), children, max_size=6)),
    max_leaves=40)

VALID_TEAM = {"id": "ODE-1", "name": "Odense", "captain": 1, "club": 4100, "postcode": "5000",
              "players": [{"id": i, "name": f"P{i}", "club": 4100} for i in range(1, 5)]}


def _mutations():
    keys = list(VALID_TEAM)
    return st.one_of(
        st.builds(lambda k: {"teams": [{kk: v for kk, v in VALID_TEAM.items() if kk != k}]}, st.sampled_from(keys)),
        st.builds(lambda k, v: {"teams": [dict(VALID_TEAM, **{k: v})]}, st.sampled_from(keys), scalars),
        st.builds(lambda v: {"teams": v}, data),
        data,
    )


raw_bytes = st.one_of(
    st.binary(max_size=200),
    st.text(max_size=200).map(lambda s: s.encode("utf-8", "surrogatepass") if s else b""),
    st.sampled_from([b"", b"\xef\xbb\xbf", b"a: &a [1]\nb: *a\n", b"!!python/object:os.system {}", b"teams: [\n",
                     b"teams:\n- {id: A, id: B}\n", b"\t\t\x00\x01", b"- - - -\n"]),
)


def _assert_clean(result, before, folder, file_name):
    text = result.stdout + result.stderr
    assert "Traceback" not in text and "internal error" not in text, text
    if result.exit_code != 0:
        assert result.exit_code in (1, 2), text
        assert snapshot(folder) == before
        assert file_name in text, text


@pytest.fixture(scope="module")
def season(tmp_path_factory):
    folder = tmp_path_factory.mktemp("fuzz") / "tournaments"
    os.environ["DBF_DIR"] = str(folder)
    assert run_dbf("init", "--season", "2026-27").exit_code == 0
    yield folder
    os.environ.pop("DBF_DIR", None)


COMMANDS = [("cup", "enter"), ("division", "enter", "1div")]


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
@FUZZ
@given(payload=st.one_of(_mutations().map(lambda d: yaml.safe_dump(d, allow_unicode=True).encode()), raw_bytes))
def test_entry_files_never_crash(season, tmp_path_factory, command, payload):
    f = tmp_path_factory.mktemp("in") / "fuzzed.yaml"
    f.write_bytes(payload)
    before = snapshot(season)
    result = run_dbf("--dir", season, *command, f)
    _assert_clean(result, before, season, "fuzzed.yaml")
    if result.exit_code == 0:  # it happened to be valid: put the season back for the next example
        run_dbf("--dir", season, "undo")


@FUZZ
@given(payload=st.one_of(raw_bytes, st.text(max_size=300).map(str.encode),
                         st.sampled_from([b"schema = 1\n[cup]\nfee_per_player_round_kr = -5\n",
                                          b"schema = 1\n[cup.match_days]\n1 = \"2026-13-45\"\n",
                                          b"schema = 2\n", b"[cup\n", b"schema = 1\n[divisions.9div]\nboards = 3\n"])))
def test_season_toml_never_crashes(season, payload):
    path = season / "2026-27" / "season.toml"
    original = path.read_bytes()
    try:
        path.write_bytes(payload)
        result = run_dbf("--dir", season, "check")
        text = result.stdout + result.stderr
        assert "Traceback" not in text and "internal error" not in text, text
        if result.exit_code:
            assert "season.toml" in text
    finally:
        path.write_bytes(original)


def test_ten_megabyte_file_is_refused_quickly(season, tmp_path):
    f = tmp_path / "huge.yaml"
    f.write_bytes(b"teams:\n" + b"  - {id: A, name: x}\n" * (10 * 1024 * 1024 // 20))
    before = snapshot(season)
    result = run_dbf("--dir", season, "cup", "enter", f)
    assert result.exit_code == 2 and "huge.yaml" in result.stderr and "bytes" in result.stderr
    assert snapshot(season) == before


# --------------------------------------------------------------------------- result sheets and system cards
# Mutations of a valid document: a key removed, a value replaced (wrong type, huge or negative number,
# unicode and control characters), a line duplicated (a duplicated key), the text cut short, raw bytes.
import json  # noqa: E402
import shutil  # noqa: E402
from pathlib import Path  # noqa: E402

from statemutate import paths as doc_paths, set_at as _set  # noqa: E402 - one walk of a document for both fuzzers

REPO = Path(__file__).resolve().parents[2]
SYSTEM_CARDS = sorted((REPO / "examples" / "systems").glob("*.yaml"))
hostile_text = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["\x00", "\x07bell", "\u202eevil", "ÆØÅ æøå", "\ud7ff", "\t\r\n", "'; DROP TABLE", "<script>",
                     "../../etc/passwd", "=HYPERLINK(\"x\")", "\ufeff", "🂡♠♥", "-" * 500]),
)
numbers = st.one_of(st.integers(min_value=-(10**40), max_value=10**40), st.sampled_from([-1, -8, 0, 2**63, -(2**63)]),
                    st.floats(allow_nan=True, allow_infinity=True))
# Any date of the calendar, its very ends included (they once overflowed the §1.5.14 deadline).
dates = st.one_of(st.dates(), st.datetimes(),
                  st.sampled_from(["2026-02-30", "2026-13-01", "13:00", "25:61", "2026-12-13T24:00", "tomorrow"]))
replacement = st.one_of(scalars, numbers, hostile_text, dates, data)


def _paths(doc):
    return doc_paths(doc, first=None)


@st.composite
def mutated(draw, base_text: str):
    """One mutation of a valid YAML document, as bytes."""
    base = yaml.safe_load(base_text)
    paths = _paths(base)
    kind = draw(st.sampled_from(["delete", "replace", "replace", "name", "dup-line", "cut", "line-garbage", "raw"]))
    if kind == "delete":
        doc = _set(base, draw(st.sampled_from(paths)), None, delete=True)
    elif kind == "replace":
        doc = _set(base, draw(st.sampled_from(paths)), draw(replacement))
    elif kind == "name":   # unicode and control characters in a name (a player's, the card's)
        targets = [p for p in paths if isinstance(p[-1], str) and p[-1] == "name"] or \
                  [p for p in paths if isinstance(p[-1], int)]
        path = draw(st.sampled_from(targets))
        if path[-1] == "name":
            doc = _set(base, path, draw(hostile_text))
        else:
            doc = _set(base, path, {"id": draw(numbers), "boards": draw(numbers), "name": draw(hostile_text)})
    else:
        lines = base_text.splitlines(keepends=True)
        if kind == "dup-line":   # a duplicated key (or list item) somewhere
            i = draw(st.integers(0, len(lines) - 1))
            lines.insert(i, lines[i])
            return "".join(lines).encode("utf-8")
        if kind == "cut":
            return base_text.encode("utf-8")[: draw(st.integers(0, len(base_text)))]
        if kind == "line-garbage":
            i = draw(st.integers(0, len(lines) - 1))
            lines[i] = draw(st.sampled_from(["", "\x00\n", "\t:\n", "- [\n", "&a x: *a\n", "!!binary AAAA\n",
                                             "? [1]\n", lines[i].replace(":", "")]))
            return "".join(lines).encode("utf-8", "surrogatepass")
        return draw(raw_bytes)
    return yaml.safe_dump(doc, allow_unicode=True, sort_keys=False).encode("utf-8", "surrogatepass")


def _assert_one_json(result, use_json):
    if not use_json:
        return
    doc = json.loads(result.stdout)   # exactly one JSON document, whatever went wrong
    if result.exit_code:
        assert doc["ok"] is False and doc["errors"], doc
        assert all({"rule", "message"} <= set(e) for e in doc["errors"]), doc


@pytest.fixture(scope="module")
def drawn_season(tmp_path_factory):
    """A copy of the example season with cup round 1 drawn; a valid sheet of its first match."""
    from test_result import cup_teams, sheet_text

    folder = tmp_path_factory.mktemp("fuzz-sheets") / "tournaments"
    shutil.copytree(REPO / "tournaments", folder, ignore=shutil.ignore_patterns(".dbf.lock", "journal", ".cache"))
    os.environ["DBF_DIR"] = str(folder)
    drawn = run_dbf("--dir", folder, "draw", "cup", "--round", "1", "--seed", "7", "--json")
    assert drawn.exit_code == 0, drawn.stderr
    match = run_dbf("--dir", folder, "schedule", "cup", "--round", "1", "--json").json["matches"][0]
    teams = cup_teams(folder)
    text = sheet_text(match["id"], teams[match["home"]], teams[match["away"]], 1, up=match["up"])
    yield folder, text
    os.environ.pop("DBF_DIR", None)


def test_the_unmutated_sheet_is_valid(drawn_season, tmp_path):
    folder, text = drawn_season
    f = tmp_path / "fuzzed.yaml"
    f.write_text(text)
    r = run_dbf("--dir", folder, "result", "check", f, "--json")
    assert r.exit_code == 0, r.stdout + r.stderr   # so the mutations start from a valid sheet


@pytest.mark.parametrize("verb", ["check", "submit"])
@FUZZ
@given(data=st.data(), use_json=st.booleans())
def test_result_sheets_never_crash(drawn_season, tmp_path_factory, verb, data, use_json):
    folder, text = drawn_season
    payload = data.draw(mutated(text), label="sheet")
    f = tmp_path_factory.mktemp("in") / "fuzzed.yaml"
    f.write_bytes(payload)
    before = snapshot(folder)
    result = run_dbf("--dir", folder, "result", verb, f, "--now", "2026-12-14T09:00", *(["--json"] if use_json else []))
    _assert_clean(result, before, folder, "fuzzed.yaml")
    _assert_one_json(result, use_json)
    if verb == "check" or result.exit_code:
        assert snapshot(folder) == before
    elif result.exit_code == 0 and not (use_json and result.json.get("already_recorded")):
        assert run_dbf("--dir", folder, "undo").exit_code == 0   # recorded: put the season back


@pytest.mark.parametrize("edit, codes", [
    (("played_on: 2026-12-13", "played_on: 9999-12-31"), (0, 1, 2)),
    (("segments: [[30, 20],", "segments: [{boards: 100000000000000000000, imps: [30, 20]},"), (1, 2))],   # §1.5.9
    ids=["played_on 9999-12-31", "segment of 10**20 boards"])
def test_extreme_values_in_a_sheet(drawn_season, tmp_path, edit, codes):
    folder, text = drawn_season
    assert edit[0] in text
    f = tmp_path / "fuzzed.yaml"
    f.write_text(text.replace(*edit))
    before = snapshot(folder)
    result = run_dbf("--dir", folder, "result", "check", f, "--json")
    _assert_clean(result, before, folder, "fuzzed.yaml")
    assert result.exit_code in codes


@pytest.mark.parametrize("card", SYSTEM_CARDS, ids=lambda p: p.stem)
@settings(max_examples=max(1, EXAMPLES // len(SYSTEM_CARDS)) if SYSTEM_CARDS else 1, deadline=None,
          suppress_health_check=list(HealthCheck))
@given(data=st.data(), use_json=st.booleans())
def test_system_cards_never_crash(tmp_path_factory, card, data, use_json):
    payload = data.draw(mutated(card.read_text(encoding="utf-8")), label="card")
    folder = tmp_path_factory.mktemp("in")
    f = folder / "fuzzed.yaml"
    f.write_bytes(payload)
    before = snapshot(folder)
    result = run_dbf("system", "check", f, *(["--json"] if use_json else []))
    text = result.stdout + result.stderr
    if result.exit_code == 1 and "2.10.4" in text and "fuzzed.yaml" not in text:
        result = type(result)(result.exit_code, result.stdout, text)
    _assert_clean(result, before, folder, "fuzzed.yaml")
    _assert_one_json(result, use_json)


def test_supplement_problem_names_the_card(tmp_path):
    f = tmp_path / "fuzzed.yaml"
    f.write_text((REPO / "examples" / "systems" / "precision.yaml").read_text() + "supplement_pages: 3\n")
    result = run_dbf("system", "check", f)
    assert result.exit_code == 1 and "fuzzed.yaml" in result.stderr, result.stderr


def test_wrong_type_message_shows_the_value_as_written(drawn_season, tmp_path):
    folder, text = drawn_season
    f = tmp_path / "fuzzed.yaml"
    f.write_text(text.replace("boards: 40}", "boards: [1, two]}", 1))
    result = run_dbf("--dir", folder, "result", "check", f)
    assert result.exit_code == 2 and "fuzzed.yaml:" in result.stderr
    assert "Node(" not in result.stderr and "[1, 'two']" in result.stderr, result.stderr


# --------------------------------------------------------------------------- CSV entry files (issue 16)
# As a Danish spreadsheet exports them: ';' between columns (',' is the decimal mark: "4100,0"),
# cp1252 or UTF-8 with a BOM, CRLF or old-Mac CR line ends, quoted cells, formulas, stray columns.
CSV_HEAD = ["team_id", "team_name", "captain", "club", "postcode", "player_id", "player_name", "player_club",
            "division"]
csv_cell = st.one_of(
    st.sampled_from(["ODE-9", "Odense Ni", "9001", "4100", "4100,0", "5000", "9002", "Søren Ærø", "1", "", " ",
                     "1,5", "=1+1", '"q;uoted"', "٩٠٠١", "1e3", "-1", "99999999999999999999", "NL-1\n", "ÆØÅ"]),
    st.text(max_size=12))


@st.composite
def spreadsheet_csv(draw):
    sep = draw(st.sampled_from([";", ";", ",", "\t"]))
    newline = draw(st.sampled_from(["\r\n", "\n", "\r"]))
    head = list(CSV_HEAD)
    if draw(st.booleans()):
        head = draw(st.permutations(head))
    rows = [sep.join(head)]
    for k in range(draw(st.integers(0, 7))):
        cells = [draw(csv_cell) for _ in range(draw(st.integers(len(head) - 2, len(head) + 1)))]
        rows.append(sep.join(cells))
    text = newline.join(rows) + draw(st.sampled_from(["", newline]))
    encoding = draw(st.sampled_from(["utf-8", "utf-8-sig", "cp1252", "latin-1", "utf-16"]))
    return text.encode(encoding, "replace")


@FUZZ
@given(payload=spreadsheet_csv())
def test_entry_csv_as_a_spreadsheet_writes_it_never_crashes(season, tmp_path_factory, payload):
    f = tmp_path_factory.mktemp("in") / "fuzzed.csv"
    f.write_bytes(payload)
    before = snapshot(season)
    result = run_dbf("--dir", season, "cup", "enter", f)
    _assert_clean(result, before, season, "fuzzed.csv")
    if result.exit_code == 0:
        run_dbf("--dir", season, "undo")
