#!/bin/sh
# The full "bad input, generated" run (issues 8 and 16), Hypothesis throughout:
#  - tests/reliability/test_fuzz.py: entry files (cup, division), season.toml, result sheets
#    (check and submit) and system cards as inputs -- PER examples per command;
#  - tests/reliability/test_fuzz_state.py: the season's own state files hand-edited (every kind,
#    encodings, CSV as a spreadsheet writes it), then read-only and writing commands -- STATE
#    examples per test (2 tests).
# Defaults: PER=1000, STATE=2500: about 12,000 + 5,000 cases. CI runs 40 and 60.
# Usage: sh bench/fuzz.sh [PER] [STATE]
# Prints Hypothesis' statistics (examples and exit codes per test) and one summary line.
set -e
cd "$(dirname "$0")/.."
PER="${1:-1000}"
STATE="${2:-2500}"
PY="${PYTHON:-.venv/bin/python}"
LOG="${DBF_FUZZ_LOG:-/tmp/dbf-fuzz.log}"
start=$(date +%s)
DBF_FUZZ_EXAMPLES="$PER" DBF_FUZZ_STATE_EXAMPLES="$STATE" "$PY" -m pytest -p no:cacheprovider -q \
    tests/reliability/test_fuzz.py tests/reliability/test_fuzz_state.py \
    --hypothesis-show-statistics --hypothesis-seed="${DBF_FUZZ_SEED:-2026}" >"$LOG" 2>&1 || true
end=$(date +%s)
# examples of the generate phase (shrinking re-runs are not counted)
total=$(awk '/during generate phase/ {g = 1} g && /passing/ {match($0, /[0-9]+ passing/); s += substr($0, RSTART, RLENGTH) + 0;
  match($0, /[0-9]+ failing/); f += substr($0, RSTART, RLENGTH) + 0; g = 0} END {print s + f}' "$LOG")
failing=$(grep -c '^FAILED' "$LOG" || true)
internal=$(grep -c 'internal error' "$LOG" || true)
echo "fuzz: $total cases run, $failing failing tests, $internal lines with 'internal error', $((end - start)) s" \
     "($PER per input command, $STATE per state-file test; log $LOG)"
[ "$failing" = 0 ]
