"""`--lock-timeout S`: wait S seconds for another dbf's lock, then exit 3 (docs/interface.md). A
negative S made filelock wait for ever (never exit 3); `nan` was an internal error."""

from __future__ import annotations

import pytest

from dbftest import run_dbf


@pytest.mark.parametrize("value", ["-1", "nan", "-inf"])
def test_lock_timeout_must_be_zero_or_more_seconds(example, value):
    r = run_dbf("--lock-timeout", value, "up")
    assert r.exit_code == 2
    assert "--lock-timeout" in r.stderr and "internal error" not in r.stderr


@pytest.mark.parametrize("value", ["-1", "nan"])
def test_lock_timeout_error_with_json_is_one_json_document(example, value, capsys):
    import json

    from dbfcli.cli.app import main

    with pytest.raises(SystemExit) as exc:
        main(["--json", "--lock-timeout", value, "up"])
    assert exc.value.code == 2
    doc = json.loads(capsys.readouterr().out)
    assert doc["ok"] is False and "--lock-timeout" in doc["errors"][0]["message"]


def test_lock_timeout_zero_is_fine(example):
    assert run_dbf("--lock-timeout", "0", "up").exit_code == 0
