"""Issue 16, "What to build": state files as a TD may hand-edit them, fuzzed (statefuzz.py).

Every kind of file in the season folder, mutated (values, keys, lines, encodings), then every
read-only command, and the writing commands: exit 0, 1 or 2, never a traceback or an internal
error; `dbf check` names the edited file; a refused write changes nothing.

CI runs DBF_FUZZ_STATE_EXAMPLES (default 60) examples per test; bench/fuzz.sh runs the full count.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent))

import statefuzz  # noqa: E402
from dbftest import snapshot  # noqa: E402

EXAMPLES = int(os.environ.get("DBF_FUZZ_STATE_EXAMPLES", "60"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)


@pytest.fixture(scope="module")
def season(tmp_path_factory):
    root = tmp_path_factory.mktemp("statefuzz") / "tournaments"
    old = os.environ.get("DBF_CACHE_DIR")
    os.environ["DBF_CACHE_DIR"] = str(root.parent / "cache")   # the parse cache in play, keyed on content
    facts = statefuzz.build_season(root)
    files = statefuzz.kinds(statefuzz.state_files(root))
    yield root, facts, files, snapshot(root)
    if old is None:
        os.environ.pop("DBF_CACHE_DIR", None)
    else:
        os.environ["DBF_CACHE_DIR"] = old


#: DBF_FUZZ_TALLY=FILE: write one line per command run (exit code, internal error or not) to FILE
#: and count instead of stopping at the first failure (bench/fuzz.sh's figures; a run on old code)
TALLY = os.environ.get("DBF_FUZZ_TALLY")


def _clean(code: int, text: str, what) -> None:
    if TALLY:
        import json

        bad = "internal error" in text or "Traceback" in text or code not in (0, 1, 2)
        with open(TALLY, "a", encoding="utf-8") as fh:
            fh.write(json.dumps({"code": code, "internal": bad, "what": [str(w) for w in what],
                                 "text": text[-300:] if bad else ""}) + "\n")
        return
    assert "Traceback" not in text, (what, text)
    assert "internal error" not in text, (what, text)
    assert code in (0, 1, 2), (what, code, text)


def test_every_kind_of_state_file_is_there(season):
    root, _, files, _ = season
    assert sorted(files) == sorted([
        "dbf.toml", "season.toml", "cup/teams.yaml", "cup/additions.yaml", "cup/schedule.yaml", "cup/contacts.yaml",
        "cup/draws", "cup/matches", "cup/travel", "divisions/<div>.yaml", "divisions/schedule-<div>.yaml",
        "divisions/matches", "divisions/playoff.yaml", "systems/registry.yaml", "systems/cards", "journal",
        "distances.csv"]), files


def _mutated(root, files, data):
    kind = data.draw(st.sampled_from(sorted(files)), label="kind")
    rel = data.draw(st.sampled_from(files[kind]), label="file")
    before = (root / rel).read_bytes()
    after = data.draw(statefuzz.mutation(before, rel), label="edit")
    (root / rel).write_bytes(after)
    _tally_case(kind, rel)
    return rel, after


def _tally_case(kind: str, rel: str) -> None:
    """With DBF_FUZZ_TALLY: one line per case (the kind of file, the file, the kind of edit)."""
    if TALLY:
        import json

        with open(TALLY, "a", encoding="utf-8") as fh:
            fh.write(json.dumps({"case": kind, "file": rel, "edit": statefuzz.LAST_EDIT[0]}) + "\n")


_PRISTINE: dict = {}


def _pristine_code(root, pristine, rel, after, args) -> int:
    """The exit code of ``args`` on the unedited season (kept), the edit put back after."""
    key = tuple(a for a in args if "site" not in str(a))
    if key not in _PRISTINE:
        statefuzz.restore(root, pristine)
        _PRISTINE[key] = statefuzz.run(root, args)[0]
        (root / rel).write_bytes(after)
    return _PRISTINE[key]


@FUZZ
@given(data=st.data())
def test_read_only_commands_on_a_hand_edited_season(season, tmp_path_factory, data):
    root, facts, files, pristine = season
    out = tmp_path_factory.mktemp("site")
    commands = statefuzz.read_only_commands(facts, out)
    if data.draw(st.integers(0, 9), label="heavy") == 0:
        commands = statefuzz.heavy_commands(out)
    try:
        rel, after = _mutated(root, files, data)
        edited = snapshot(root)
        refused = []
        for args in data.draw(st.lists(st.sampled_from(commands), min_size=1, max_size=3, unique=True),
                              label="commands") + [("check",)]:
            code, text = statefuzz.run(root, args)
            event(f"read-only exit {code}")
            _clean(code, text, (rel, args))
            assert snapshot(root) == edited, (rel, args)    # a reader never writes the season
            if args != ("check",) and code == 2:
                refused.append(args)
            if args == ("check",) and code and not TALLY:
                assert Path(rel).name in text, (rel, text)  # `dbf check` names the file (issue 16.1)
            if args == ("check",) and not TALLY:
                # issue 27: a state a command refuses (exit 2) is one `dbf check` refuses too
                refused = [a for a in refused if _pristine_code(root, pristine, rel, after, a) == 0]
                assert not refused or code in (1, 2), (rel, refused, text)
    finally:
        statefuzz.restore(root, pristine)


@FUZZ
@given(data=st.data())
def test_refused_writes_on_a_hand_edited_season_change_nothing(season, data):
    root, facts, files, pristine = season
    try:
        rel, _ = _mutated(root, files, data)
        args = data.draw(st.sampled_from(statefuzz.writing_commands(facts)), label="command")
        before = snapshot(root)
        code, text = statefuzz.run(root, args)
        event(f"write exit {code}")
        _clean(code, text, (rel, args))
        if code and not TALLY:
            assert snapshot(root) == before, (rel, args, text)
    finally:
        statefuzz.restore(root, pristine)
