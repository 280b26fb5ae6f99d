"""The full crash-safety run (issue 8): 200 killed writes. `python bench/crash.py [N]`."""

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "reliability"))
from crashkit import run  # noqa: E402

if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        stats = run(Path(tmp) / "t", n, seed=2026)
    print(f"{stats['writes']} writes, {stats['killed']} killed; after recovery {stats['before']} equal the state "
          f"before and {stats['after']} the state after; {time.perf_counter() - start:.1f} s")
