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
