"""The root app: the noun map used for fast start-up matches what modules register."""

import typer

from dbfcli.cli import app as app_module


def _registered(module_name):
    target = typer.Typer()
    target.callback()(lambda: None)
    app_module._register(target, [module_name])
    cmd = typer.main.get_command(target)
    return set(cmd.commands)


def test_noun_map_matches_the_modules():
    found = {}
    for name in app_module.noun_modules():
        for noun in _registered(name):
            found[noun] = name
    assert found == {k: v for k, v in app_module.NOUNS.items() if v in app_module.noun_modules()}


def test_noun_is_found_after_global_options():
    assert app_module._noun(["--dir", "x", "--season", "2026-27", "cup", "teams"]) == "cup"
    assert app_module._noun(["--json", "up"]) == "up"
    assert app_module._noun(["--help"]) is None
