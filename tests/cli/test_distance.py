"""`dbf distance FROM TO`: road km, crossings and UP (§1.5.4)."""

from __future__ import annotations

import json

import pytest

from dbftest import run_dbf


def test_1_5_4_distance_json_shape(example):
    """§1.5.4: docs/interface.md keys {from, to, km, crossings, up}, one JSON document."""
    result = run_dbf("distance", "8000", "1050", "--json")
    assert result.exit_code == 0, result.stderr
    doc = json.loads(result.stdout)
    assert {"from", "to", "km", "crossings", "up"} <= set(doc)
    assert doc["from"] == "8000" and doc["to"] == "1050"
    assert 280 <= doc["km"] <= 330 and isinstance(doc["km"], int)
    assert doc["crossings"] == ["storebaelt"]
    assert doc["up"] == -(-doc["km"] // 30) + 3
    assert doc["up_breakdown"]["rule"] == "1.5.4"
    assert doc["from_side"] == "west" and doc["to_side"] == "east"
    assert sum(leg["km"] for leg in doc["legs"]) == pytest.approx(doc["km_estimate"], abs=0.5)


@pytest.mark.parametrize("round_no,bonus", [("6", 0), ("7", 3), ("8", 6), ("9", 6)])
def test_1_5_4_distance_round_bonus(example, round_no, bonus):
    """§1.5.4: quarter-final, semi-final and final add 3, 6 and 6 UP."""
    base = run_dbf("distance", "5000", "9000", "--json").json["up"]
    doc = run_dbf("distance", "5000", "9000", "--round", round_no, "--json").json
    assert doc["up"] == base + bonus and doc["round"] == int(round_no)


def test_1_5_4_distance_bornholm_ferry(example):
    """§1.5.4: Rønne-Odense uses the Baltic ferry (14 UP) and the Great Belt (3 UP)."""
    doc = run_dbf("distance", "3700", "5000", "--json").json
    assert doc["crossings"] == ["oestersoeen", "storebaelt"]
    assert doc["up_breakdown"]["crossings"] == 17


def test_1_5_4_distance_bridge_setting_off(example):
    """§1.5.4: with storebaelt_bridge_counts = false the bridge earns no ferry UP."""
    toml = example / "2026-27" / "season.toml"
    text = toml.read_text(encoding="utf-8")
    assert "storebaelt_bridge_counts = true" in text
    toml.write_text(text.replace("storebaelt_bridge_counts = true", "storebaelt_bridge_counts = false"),
                    encoding="utf-8")
    doc = run_dbf("distance", "8000", "1050", "--json").json
    assert doc["up_breakdown"]["crossings"] == 0
    assert doc["up"] == doc["up_breakdown"]["distance"]


def test_1_5_4_distance_human(example):
    result = run_dbf("distance", "8000", "1050")
    assert result.exit_code == 0
    assert "storebaelt" in result.stdout and "UP §1.5.4" in result.stdout
    assert "GeoNames" in result.stdout


@pytest.mark.parametrize("args", [("9999", "1050"), ("8000", "abc"), ("DK-0000", "8000")])
def test_distance_unknown_postcode_exit_2(example, args):
    result = run_dbf("distance", *args)
    assert result.exit_code == 2
    assert "not a Danish postcode in the GeoNames table" in result.stderr
    assert result.stdout == ""


def test_distance_unknown_postcode_json(example):
    result = run_dbf("--json", "distance", "9999", "1050")
    assert result.exit_code == 2
    doc = json.loads(result.stdout)
    assert doc["ok"] is False
    assert doc["errors"][0]["message"].startswith("unknown postcode 9999")


@pytest.mark.parametrize("round_no", ["0", "10"])
def test_distance_round_out_of_range_exit_2(example, round_no):
    assert run_dbf("distance", "8000", "1050", "--round", round_no).exit_code == 2


def test_distance_without_a_season_uses_defaults(tmp_path, monkeypatch):
    monkeypatch.setenv("DBF_DIR", str(tmp_path / "nothing-here"))
    monkeypatch.delenv("DBF_SEASON", raising=False)
    doc = run_dbf("distance", "8000", "1050", "--json").json
    assert doc["settings"].startswith("defaults") and doc["up"] >= 11


def test_distance_help_ends_with_example():
    result = run_dbf("distance", "--help")
    assert "Example: dbf distance 8000 1050" in result.stdout
