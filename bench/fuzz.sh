#!/bin/sh
# The full "bad input, generated" run (issues 8, 16 and 27): the input fuzzer, then the
# state-file fuzzer, each over CASES cases of one seed on JOBS processes.
#  - bench/fuzz_input.py (tests/reliability/test_fuzz.py): entry files (YAML, CSV as a Danish
#    spreadsheet writes it), season.toml, result sheets to check and to submit, system cards;
#  - bench/fuzz_state.py (tests/reliability/statecases.py): the season's own state files
#    hand-edited, every kind, then the commands that read the kind, check and a write.
# Usage: sh bench/fuzz.sh [CASES] [JOBS]   (defaults 10000 and 2; DBF_FUZZ_SEED, default 2027)
# The figures (JSON) go to $DBF_FUZZ_LOG-input.txt and -state.txt (default /tmp/dbf-fuzz-*).
# Measured in docs/guarantees.md. Exit 1 when either fuzzer found something.
set -e
cd "$(dirname "$0")/.."
CASES="${1:-10000}"
JOBS="${2:-2}"
SEED="${DBF_FUZZ_SEED:-2027}"
PY="${PYTHON:-.venv/bin/python}"
LOG="${DBF_FUZZ_LOG:-/tmp/dbf-fuzz}"
status=0
"$PY" bench/fuzz_input.py --cases "$CASES" --seed "$SEED" --jobs "$JOBS" >"$LOG-input.txt" || status=1
tail -1 "$LOG-input.txt"
"$PY" bench/fuzz_state.py --cases "$CASES" --seed "$SEED" --jobs "$JOBS" >"$LOG-state.txt" || status=1
tail -1 "$LOG-state.txt"
echo "figures: $LOG-input.txt, $LOG-state.txt"
exit $status
