"""Issues 16 and 27: state files as a TD may hand-edit them, fuzzed (statecases.py).

One played season with every kind of state file; each case edits one file (values, keys, lines,
encodings: statemutate.py) and runs the commands that read that kind, one that does not, `dbf
check`, sometimes a heavy command and a writing command. Every case: exit 0, 1 or 2, never a
traceback or an internal error; a command that refuses the state (exit 2 where the untouched
season gives 0) is matched by `dbf check` refusing it too, naming the same file and line; a
reader never writes; a refused write changes nothing.

CI runs DBF_FUZZ_STATE_CASES (default 150) cases of seed DBF_FUZZ_STATE_SEED (default 2027);
`python bench/fuzz_state.py --cases 10000 --jobs 2` is the full run (docs/guarantees.md).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import statecases  # noqa: E402

CASES = int(os.environ.get("DBF_FUZZ_STATE_CASES", "150"))
SEED = int(os.environ.get("DBF_FUZZ_STATE_SEED", "2027"))


@pytest.fixture(scope="module")
def fuzzer(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("statefuzz")
    old = os.environ.get("DBF_CACHE_DIR")
    os.environ["DBF_CACHE_DIR"] = str(tmp / "cache")   # the parse cache in play, keyed on content
    yield statecases.StateFuzzer(tmp / "tournaments", tmp / "out")
    if old is None:
        os.environ.pop("DBF_CACHE_DIR", None)
    else:
        os.environ["DBF_CACHE_DIR"] = old


def test_every_kind_of_state_file_is_there(fuzzer):
    assert sorted(fuzzer.files) == sorted([
        "dbf.toml", "season.toml", "cup/teams.yaml", "cup/additions.yaml", "cup/schedule.yaml", "cup/contacts.yaml",
        "cup/draws", "cup/matches", "cup/travel", "divisions/<div>.yaml", "divisions/schedule-<div>.yaml",
        "divisions/matches", "divisions/playoff.yaml", "systems/registry.yaml", "systems/cards", "journal",
        "distances.csv"]), fuzzer.files


def test_every_kind_is_read_by_some_command_and_check_passes_the_untouched_season(fuzzer):
    """The probe (each kind made unreadable in turn) finds a reader of every kind, so each case
    runs commands that read the file it edited; the season as built passes every command."""
    assert all(fuzzer.reads[kind] for kind in fuzzer.files), {k: len(v) for k, v in fuzzer.reads.items()}
    assert fuzzer.base[statecases.CHECK] == 0


def test_the_judge_counts_a_check_that_passes_what_a_command_refuses(fuzzer):
    """The judge itself: a refusal that check does not match is counted (so 0 means something)."""
    tally = statecases.Tally()
    where = {"seed": 0, "case": 0, "file": "2026-27/cup/teams.yaml", "edit": "test"}
    reader = next(a for a in fuzzer.readers if fuzzer.base[a] == 0 and a != statecases.CHECK)
    refused = "cup/teams.yaml:6: error [format.yaml]: malformed YAML\n"
    fuzzer._judge_check([(reader, 2, refused), (statecases.CHECK, 0, "all valid")], where, tally)
    assert tally.counts["check_passes"] == 1
    fuzzer._judge_check([(reader, 2, refused), (statecases.CHECK, 2, "cup/teams.yaml:7: error [x]: y")], where, tally)
    assert tally.counts["check_misnames"] == 1                     # the same file, another line
    fuzzer._judge_check([(reader, 2, refused), (statecases.CHECK, 2, refused)], where, tally)
    assert tally.counts == {**dict.fromkeys(statecases.COUNTS, 0), "check_passes": 1, "check_misnames": 1}


def test_a_seeded_slice_of_hand_edited_seasons(fuzzer):
    tally = fuzzer.run(SEED, range(CASES))
    assert tally.cases == CASES
    assert tally.counts == dict.fromkeys(statecases.COUNTS, 0), json.dumps(tally.failures[:5], indent=1,
                                                                           ensure_ascii=False)
    assert fingerprint_is_pristine(fuzzer)


def fingerprint_is_pristine(fuzzer) -> bool:
    """Every case put the season back: the files are byte for byte those built."""
    return statecases.statefuzz.snapshot(fuzzer.root) == fuzzer.pristine
