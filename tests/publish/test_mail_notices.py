"""publish/mail.py `notices`: what `dbf notify draw` tells each captain of a round (§1.5.16, §1.5.14)."""

from __future__ import annotations

import dataclasses

from dbfcli.publish.gather import load_season
from dbfcli.publish.mail import notices
from dbfcli.store.season import SeasonStore


def _data(half_dir):
    return load_season(SeasonStore(half_dir, "2026-27"))


def test_1_5_16_one_notice_per_team_of_the_round(half_dir):
    data = _data(half_dir)
    items, problems = notices(data, 4)
    matches = data.draws[4].matches
    assert len(items) == 2 * len(matches)
    assert {(n.match, n.team) for n in items} == {(m.id, t) for m in matches for t in m.teams}
    for n in items:
        assert n.round == 4 and n.side in ("home", "away") and n.email is None
        assert n.deadline is not None and n.deadline.date() > n.date            # §1.5.14: 18 h after play
        assert n.opponent_name != n.team_name
    # §1.5.16: every captain lacks an address: one warning lists them
    (w,) = [p for p in problems if "cup/contacts.yaml" in p.message]
    assert w.rule == "1.5.16" and not w.is_error and w.code == "notify.no-address"
    assert w.message.args[0].key == "{} captains"       # issue 28: the count agrees with its noun (Msg.counted)
    assert w.message.endswith(f"and {len(items) - 8} more; their messages go to captain-<id>@example.invalid")


def test_1_5_16_captains_with_an_address_are_not_warned_about(half_dir):
    data = _data(half_dir)
    teams = {t for m in data.draws[4].matches for t in m.teams}
    contacts = {data.cup_teams[t].captain: f"{t.lower()}@example.dk" for t in teams}
    items, problems = notices(dataclasses.replace(data, contacts=contacts), 4)
    assert all(n.email == f"{n.team.lower()}@example.dk" for n in items)
    assert not [p for p in problems if "cup/contacts.yaml" in p.message]


def test_1_5_16_a_round_not_drawn_has_no_notices(half_dir):
    assert notices(_data(half_dir), 5) == ([], [])
