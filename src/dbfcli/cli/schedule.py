"""``dbf schedule``: the cup's rounds (``schedule cup``) and the divisions' round robins
(``schedule 1div`` ...). The cup part lives in ``cup_schedule.py`` (a typer app
``app``), the division part in ``division_schedule.py`` (a function
``show(division_id, json_, csv, ics)``); this module only mounts them."""

from __future__ import annotations

import importlib

import typer


def register(app: typer.Typer) -> None:
    schedule = typer.Typer(help="Schedules: `schedule cup --round N` (§1.5.5-1.5.8), `schedule DIV` (§1.1.2.1, §1.1.2.3).",
                           no_args_is_help=True)
    app.add_typer(schedule, name="schedule")
    try:
        cup_schedule = importlib.import_module(f"{__package__}.cup_schedule")
        schedule.add_typer(cup_schedule.app, name="cup")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__package__}.cup_schedule":
            raise
    try:
        division_schedule = importlib.import_module(f"{__package__}.division_schedule")
        division_schedule.register_divisions(schedule)
    except ModuleNotFoundError as exc:
        if exc.name != f"{__package__}.division_schedule":
            raise
