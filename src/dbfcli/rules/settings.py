"""Season settings: everything the regulations leave to the season.

Frozen value objects with the defaults of a normal DBF season. The store reads
``season.toml`` into these (``dbfcli.store.settings``); rules only read them.
Every field names the paragraph that leaves it to the season.
"""

from __future__ import annotations

import datetime as dt

from .value import Value, field


class UPSettings(Value):
    """§1.5.4: travel points (UP)."""

    km_per_up: int = 30                      # 1 UP per commenced 30 km
    storebaelt: int = 3                      # ferry UP, Great Belt
    kattegat: int = 7                        # ferry UP, Kattegat
    oestersoeen: int = 14                    # ferry UP, the Baltic (Bornholm)
    storebaelt_bridge_counts: bool = True    # reading: the Great Belt bridge earns the Storebælt UP (docs/RULES-READINGS.md)
    # readings where §1.5.4 is silent (docs/readings/geography.md), each a season setting:
    sea_km_count: bool = True                # sailing km are km of the route (1 UP per commenced 30 km) too
    belt_arm_ferries: bool = True            # Spodsbjerg-Tårs and Ballen-Kalundborg earn the Storebælt UP
    kattegat_island_ferries: bool = False    # the Læsø, Anholt and Samsø (Hou-Sælvig) ferries earn Kattegat UP
    stage_bonus: dict[int, int] = field(default_factory=lambda: {7: 3, 8: 6, 9: 6})  # overnight UP, QF/SF/F
    overnight_allowance_kr: int = 160        # per person


class CupSettings(Value):
    """§1.5: the cup's season settings."""

    fee_per_player_round_kr: int = 60                                       # §1.5.15
    match_days: dict[int, dt.date] = field(default_factory=dict)            # §1.5.6 official match day per round 1-7
    final_weekend: dt.date | None = None                                    # §1.5.7 Saturday of the semi-final/final weekend
    final_venue: str | None = None                                          # §1.5.7 postcode chosen by DBF
    start_time: str = "13:00"                                               # §1.5.6
    sheet_deadline_hours: int = 18                                          # §1.5.14
    entry_round: dict[int, int] = field(default_factory=lambda: {1: 4, 2: 3, 3: 3})  # §1.5.3 division -> round
    pools: int = 3                                                          # §1.5.2 (1 east, 2 west)
    up: UPSettings = field(default_factory=UPSettings)


class DivisionSettings(Value):
    """§1.1: one division's season settings."""

    boards: int = 36                                     # §1.1.2.1: 36 with screens, 40 without
    weekends: tuple[dt.date, ...] = ()                   # Saturday of each of the 4 weekends
    rounds_per_weekend: tuple[int, ...] = (3, 3, 3, 2)   # 11 rounds for 12 teams
    venues: tuple[str, ...] = ()                         # postcode of each weekend's venue, when set
    fee_base_kr: int = 0                                 # §1.1.1.3
    fee_travel_pool_kr: int = 0                          # §1.1.1.3


class PlayoffSettings(Value):
    """§1.1.2.5-11 and §1.1.4.2: play-off weekend and the 3rd-division runners-up match."""

    date: dt.date | None = None          # Saturday of the 1st-division play-off weekend (§1.1.2.6)
    choice_days: int = 8                 # §1.1.2.8
    third_division_match_date: dt.date | None = None   # §1.1.4.2, normally at the DM final


class SystemSettings(Value):
    """§1.1.1.2, §2.10.5, §1.5.1.1: system cards."""

    description_deadline: dt.date | None = None   # §1.1.1.2 divisions: descriptions due
    late_fine_per_week_kr: int = 100              # §1.1.1.2
    hum_notice_days: int = 7                      # §1.5.1.1, §2.10.5, §1.5.13
    hum_copies: int = 4                           # §2.10.5


class TravelSettings(Value):
    """§1.5.17, §7.2: travel refunds."""

    free_zones: int = 11                                             # §7.2.1
    zone_prices_kr: dict[int, int] = field(default_factory=dict)     # DSB fare by number of zones
    bornholm_ferry_kr: int = 0                                       # §7.2.2 Rønne-Copenhagen 2nd class incl. cheapest berth


class Settings(Value):
    """All of ``season.toml``."""

    season: str = ""
    cup: CupSettings = field(default_factory=CupSettings)
    vp_scale: str = "wbf-20"                 # no scale in the rules: WBF 20-VP continuous
    divisions: dict[str, DivisionSettings] = field(default_factory=dict)
    playoff: PlayoffSettings = field(default_factory=PlayoffSettings)
    systems: SystemSettings = field(default_factory=SystemSettings)
    travel: TravelSettings = field(default_factory=TravelSettings)

    def division(self, division_id: str) -> DivisionSettings:
        return self.divisions.get(division_id) or DivisionSettings()
