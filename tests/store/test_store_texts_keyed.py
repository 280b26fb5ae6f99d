"""Issue 28: the store's problem texts are keyed (rules.problems.Msg), each with its Danish,
rendered from the key and never parsed back: season.toml's reader (§1.5.3, §1.5.6, §1.1.2.1),
a journal entry's shape, a failed write's "nothing was changed", a state file's date."""

from __future__ import annotations

from dbfcli.i18n import problem_text
from dbfcli.i18n_da import PROBLEMS
from dbfcli.rules.problems import Msg, Problem
from dbfcli.store.newseason import _nothing_changed
from dbfcli.store.season import HALF_DONE, NOTHING_CHANGED, WRITE_PENDING
from dbfcli.store.settings import default_season_toml, parse_settings
from dbfcli.store.yamlio import state_date


def _broken_toml() -> str:
    text = default_season_toml("2026-27")
    for old, new in (("pools = 3", "pools = true"), ("km_per_up = 30", "km_per_up = 99999999"),
                     ("boards = 36", "boards = 37"), ("schema = 1", "schema = 7"),
                     ("[cup.entry_round]", "[cup.entry_round]\n4 = 2\nx = 1")):
        text = text.replace(old, new, 1)
    return text + "\n[divisions.4div]\nboards = 36\n"


def _keys(m) -> list[str]:
    return [m.key] + [k for a in m.args if isinstance(a, Msg) for k in _keys(a)]


def test_28_season_toml_problems_are_keyed_with_danish_rule_1_5_3_1_1_2_1():
    _, problems = parse_settings(_broken_toml())
    codes = {p.code for p in problems}
    assert {"format.settings", "bracket.entry-round", "div.boards", "unknown.division", "format.schema-version"} <= codes
    assert {p.rule for p in problems} >= {"1.5.3", "1.1.2.1"}
    for p in problems:
        assert isinstance(p.message, Msg), p.message
        assert all(k in PROBLEMS or not any(c.isalpha() for c in k.replace("{}", "")) for k in _keys(p.message))


def test_28_a_setting_s_key_stays_as_typed_and_thousands_take_a_point_in_danish():
    _, problems = parse_settings(_broken_toml())
    pools = next(p for p in problems if "pools" in p.message)
    km = next(p for p in problems if "km_per_up" in p.message)
    assert problem_text(pools.message, "da").startswith("cup.pools: ")
    assert "1-1.000" in problem_text(km.message, "da") and "1-1,000" in km.message


def test_28_a_failed_write_in_the_staging_folder_changed_nothing_by_key():
    half = Problem(None, Msg('cannot write {}: {}; {}', "x.yaml", "No space left on device", HALF_DONE),
                   code="io.cannot-write")
    pending = Problem(None, Msg('cannot write {}: {}; {}', "x.yaml", "No space", WRITE_PENDING), code="io.cannot-write")
    for p in (half, pending):
        done = _nothing_changed(p)
        assert done.message.args[-1].key == NOTHING_CHANGED.key
        assert done.message.endswith("; nothing was changed") and done.message.startswith("cannot write x.yaml: No space")
    other = Problem(None, Msg('cannot write {}: {}; {}', "x.yaml", "e", NOTHING_CHANGED), code="io.cannot-write")
    assert _nothing_changed(other) is other


def test_28_a_state_file_date_s_refusal_keeps_its_key_through_the_exception():
    import pytest

    with pytest.raises(ValueError) as info:
        state_date("99999-12-31", "date")
    m = Msg('{}: {}', "KBH-1v2", info.value)
    assert m == f"KBH-1v2: {info.value}"
    assert m.args[1].key == '{}: {} is not {}'


def test_28_an_import_s_unreadable_result_is_danish_by_key_rule_1_5_9():
    """§1.5.9 import: the reason a reader raises (a LIN result, a contract) is a keyed text that
    the problem keeps through the exception, so --lang da shows it in Danish, never parsed."""
    import pytest

    from dbfcli.rules.scoring.contracts import parse_contract
    from dbfcli.store.imports.lin import parse_result

    for bad, key in ((lambda: parse_result("xyz"), 'not a result: {}'), (lambda: parse_contract("9Q"), 'not a contract: {}')):
        with pytest.raises(ValueError) as info:
            bad()
        m = Msg('board {}: {}', 3, info.value)
        assert m.args[1].key == key and m == f"board 3: {info.value}"
        assert "ikke e" in problem_text(m, "da")
