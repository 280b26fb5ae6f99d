#!/bin/sh
# The full "bad input, generated" run (issues 8 and 16), Hypothesis throughout:
#  - tests/reliability/test_fuzz.py: entry files (cup, division), season.toml, result sheets
#    (check and submit) and system cards as inputs -- PER examples per command;
#  - tests/reliability/test_fuzz_state.py: the season's own state files hand-edited (every kind,
#    encodings, CSV as a spreadsheet writes it), then read-only and writing commands -- STATE
#    examples per test (2 tests).
# Defaults: PER=1000 (about 12,000 input cases), STATE=2500 (5,000 state-file cases). CI runs 40 and 60.
# PER=0 skips the input fuzzers (the state-file fuzzer alone).
# Measured (docs/guarantees.md): a state-file case costs about 1 CPU-second (1-3 read-only
# commands and `dbf check` on a played season, one case in ten a site or press report).
# Usage: sh bench/fuzz.sh [PER] [STATE]
# Prints Hypothesis' statistics, then the state-file figures from the tally (bench/fuzz_figures.py:
# cases, files, kinds of file and of edit, commands by exit code, internal errors) and one summary line.
set -e
cd "$(dirname "$0")/.."
PER="${1:-1000}"
STATE="${2:-2500}"
PY="${PYTHON:-.venv/bin/python}"
LOG="${DBF_FUZZ_LOG:-/tmp/dbf-fuzz.log}"
TALLY="${DBF_FUZZ_TALLY:-/tmp/dbf-fuzz-tally.jsonl}"
rm -f "$TALLY"; : >"$LOG"
start=$(date +%s)
if [ "$PER" != 0 ]; then
    DBF_FUZZ_EXAMPLES="$PER" "$PY" -m pytest -p no:cacheprovider -q tests/reliability/test_fuzz.py \
        --hypothesis-show-statistics --hypothesis-seed="${DBF_FUZZ_SEED:-2026}" >>"$LOG" 2>&1 || true
fi
DBF_FUZZ_TALLY="$TALLY" DBF_FUZZ_STATE_EXAMPLES="$STATE" "$PY" -m pytest -p no:cacheprovider -q \
    tests/reliability/test_fuzz_state.py \
    --hypothesis-show-statistics --hypothesis-seed="${DBF_FUZZ_SEED:-2026}" >>"$LOG" 2>&1 || true
end=$(date +%s)
"$PY" bench/fuzz_figures.py "$TALLY"
# examples of the generate phase (shrinking re-runs are not counted)
total=$(awk '/during generate phase/ {g = 1} g && /passing/ {match($0, /[0-9]+ passing/); s += substr($0, RSTART, RLENGTH) + 0;
  match($0, /[0-9]+ failing/); f += substr($0, RSTART, RLENGTH) + 0; g = 0} END {print s + f}' "$LOG")
failing=$(grep -c '^FAILED' "$LOG" || true)
internal=$("$PY" -c "import json, sys; sys.path.insert(0, 'bench'); import fuzz_figures as f; print(f.figures(['$TALLY'])['internal_errors'])")
echo "fuzz: $total cases run, $failing failing tests, $internal commands with an internal error or traceback, $((end - start)) s" \
     "($PER per input command, $STATE per state-file test; log $LOG)"
[ "$failing" = 0 ] && [ "$internal" = 0 ]
