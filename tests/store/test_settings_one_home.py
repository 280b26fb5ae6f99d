"""One home per policy (issue 24): every default of ``season.toml`` is the field default of
``rules/settings.py``' value objects. The reader fills a missing key from them and ``dbf init``
writes its commented ``season.toml`` from them, so changing a default (the ferry UP of §1.5.4,
the §1.5.14 hours) is one edit in one file."""

from __future__ import annotations

import tomllib

from dbfcli.rules.settings import Settings, UPSettings
from dbfcli.rules.value import replace
from dbfcli.store import settings as season_settings


def test_1_5_4_a_season_toml_without_a_key_reads_the_value_objects_default():
    parsed, problems = season_settings.parse_settings("schema = 1\nseason = \"2026-27\"\n")
    assert not [p for p in problems if p.is_error]
    assert replace(parsed, season="") == Settings()


def test_1_5_4_dbf_init_writes_the_value_objects_defaults():
    raw = tomllib.loads(season_settings.default_season_toml("2026-27"))
    d = Settings()
    assert raw["cup"]["fee_per_player_round_kr"] == d.cup.fee_per_player_round_kr
    assert raw["cup"]["sheet_deadline_hours"] == d.cup.sheet_deadline_hours
    assert {k: raw["cup"]["up"][k] for k in ("km_per_up", "storebaelt", "kattegat", "oestersoeen",
                                              "storebaelt_bridge_counts", "overnight_allowance_kr")} == \
        {k: getattr(d.cup.up, k) for k in ("km_per_up", "storebaelt", "kattegat", "oestersoeen",
                                            "storebaelt_bridge_counts", "overnight_allowance_kr")}
    assert {int(k): v for k, v in raw["cup"]["up"]["stage_bonus"].items()} == d.cup.up.stage_bonus
    assert {int(k): v for k, v in raw["cup"]["entry_round"].items()} == d.cup.entry_round
    assert raw["systems"]["hum_notice_days"] == d.systems.hum_notice_days


def test_1_5_4_changing_the_one_default_changes_the_reader_and_the_template(monkeypatch):
    """The shown defect: the value object at 4 left a season.toml without the key at 3."""
    changed = replace(Settings(), cup=replace(Settings().cup, up=replace(UPSettings(), storebaelt=4),
                                              sheet_deadline_hours=20))
    monkeypatch.setattr(season_settings, "DEFAULTS", changed)
    parsed, _ = season_settings.parse_settings("schema = 1\n[cup]\n")
    assert parsed.cup.up.storebaelt == 4 and parsed.cup.sheet_deadline_hours == 20
    raw = tomllib.loads(season_settings.default_season_toml("2026-27"))
    assert raw["cup"]["up"]["storebaelt"] == 4 and raw["cup"]["sheet_deadline_hours"] == 20
