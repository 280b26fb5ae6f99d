"""The figures of a state-file fuzzer run (issue 16) from its tally (DBF_FUZZ_TALLY, one JSON line
per case and per command run; tests/reliability/test_fuzz_state.py writes it).

Usage: python bench/fuzz_figures.py TALLY.jsonl [MORE.jsonl ...]
Prints cases, distinct files, cases by kind of file and by kind of edit, commands by exit
code, and the internal errors / tracebacks / other exit codes (each with its case).
"""

from __future__ import annotations

import json
import sys
from collections import Counter


def figures(paths: list[str]) -> dict:
    cases, files, kinds, edits, codes, bad = 0, set(), Counter(), Counter(), Counter(), []
    for path in paths:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                try:
                    row = json.loads(line)
                except ValueError:       # a line cut by the run's end
                    continue
                if "case" in row:
                    cases += 1
                    files.add(row["file"])
                    kinds[row["case"]] += 1
                    edits[row["edit"]] += 1
                else:
                    codes[row["code"]] += 1
                    if row["internal"]:
                        bad.append(row)
    return {"cases": cases, "files": len(files), "kinds": dict(kinds.most_common()), "edits": dict(edits.most_common()),
            "commands": sum(codes.values()), "exit_codes": dict(sorted(codes.items())), "internal_errors": len(bad),
            "bad": bad[:20]}


if __name__ == "__main__":
    print(json.dumps(figures(sys.argv[1:]), indent=1, ensure_ascii=False))
