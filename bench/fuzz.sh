#!/bin/sh
# The full "bad input, generated" run of issue 8: Hypothesis over entry files (cup, division),
# season.toml, result sheets (check and submit) and system cards -- 2,000 examples per command,
# 12,000 in all (CI runs 40 per command). Usage: sh bench/fuzz.sh [EXAMPLES_PER_COMMAND]
# Prints Hypothesis' statistics: the number of examples each test ran and any failure found.
set -e
cd "$(dirname "$0")/.."
PER="${1:-2000}"
PY="${PYTHON:-.venv/bin/python}"
start=$(date +%s)
DBF_FUZZ_EXAMPLES="$PER" "$PY" -m pytest -p no:cacheprovider -q tests/reliability/test_fuzz.py \
    --hypothesis-show-statistics --hypothesis-seed="${DBF_FUZZ_SEED:-2026}" 2>&1 | tee /tmp/dbf-fuzz.log
end=$(date +%s)
# examples of the generate phase (shrinking re-runs are not counted)
total=$(awk '/during generate phase/ {g = 1} g && /passing/ {match($0, /[0-9]+ passing/); s += substr($0, RSTART, RLENGTH) + 0;
  match($0, /[0-9]+ failing/); f += substr($0, RSTART, RLENGTH) + 0; g = 0} END {print s + f}' /tmp/dbf-fuzz.log)
failing=$(grep -c '^FAILED' /tmp/dbf-fuzz.log || true)
echo "fuzz: $total examples run, $failing failing tests, $((end - start)) s ($PER per command)"
