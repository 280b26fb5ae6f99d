"""``dbf check``: run every ``check_season(store)`` of the store modules.

A store module that owns a kind of state file (teams, draws, results, systems
...) defines ``check_season(store) -> list[Problem]``; this module finds them
all, so adding a kind of state never means editing a central list.
"""

from __future__ import annotations

import importlib
import pkgutil

from ..rules.problems import Problem
from .season import SeasonStore, StoreError


def run_checks(store: SeasonStore) -> list[Problem]:
    package = importlib.import_module(__package__)
    problems: list[Problem] = []
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        if info.name == "checks":
            continue
        module = importlib.import_module(f"{__package__}.{info.name}")
        checker = getattr(module, "check_season", None)
        if checker is None:
            continue
        try:
            problems += checker(store)
        except StoreError as exc:  # an unreadable file: report it and go on with the others
            problems += exc.problems
    return problems
