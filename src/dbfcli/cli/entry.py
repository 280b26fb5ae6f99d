"""The ``dbf`` console script (and ``python -m dbfcli``).

Start-up (issue 9): importing typer, msgspec and the command modules makes some 100,000
objects, and the cyclic garbage collector would scan them again and again while they are
made, for nothing: module-level objects live as long as the process. So the collector is
held back during the imports, and what they made is then moved to the permanent generation
(:func:`gc.freeze`), which later collections never scan. The collector is on again before
the command runs, so a command that reads a 4,096-team season still frees its garbage.
Measured: 6-14 ms of a 70-110 ms run (docs/performance.md).
"""

from __future__ import annotations


def main() -> None:
    import gc

    gc.disable()
    try:
        from .app import main as run
    finally:
        gc.freeze()
        gc.enable()
    run()
