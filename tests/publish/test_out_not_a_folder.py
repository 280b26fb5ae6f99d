"""`dbf publish --out X` / `dbf notify draw --out X` where X is a file (or under one): a clear
exit 2 naming the path, not "internal error: FileExistsError"."""

from __future__ import annotations

import pytest

from dbftest import run_dbf


@pytest.fixture
def drawn(example):
    assert run_dbf("draw", "cup", "--round", "1", "--seed", "1").exit_code == 0
    return example


@pytest.mark.parametrize("under", [False, True])
@pytest.mark.parametrize("cmd", [("publish",), ("notify", "draw", "--round", "1")])
def test_out_that_is_a_file_is_a_usage_error(drawn, tmp_path, cmd, under):
    f = tmp_path / "a-file.txt"
    f.write_text("keep me\n", encoding="utf-8")
    out = f / "site" if under else f
    r = run_dbf(*cmd, "--out", out)
    assert r.exit_code == 2, r.stderr
    assert "internal error" not in r.stderr and str(out) in r.stderr and "--out" in r.stderr
    assert f.read_text(encoding="utf-8") == "keep me\n"
    j = run_dbf(*cmd, "--out", out, "--json")
    assert j.exit_code == 2 and j.json["ok"] is False
