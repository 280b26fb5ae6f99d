"""Issue 13.7 / 16.5: ids as values, parsed in one place (rules/ids.py), matched whole."""

import pytest

from dbfcli.rules.ids import IdError, MatchId, SeasonId, TeamId, cup_round_of, division_of, is_file_id, whole_number


@pytest.mark.parametrize("text, kind, rnd, number, division", [
    ("C3-017", "cup", 3, 17, None), ("C1-1024", "cup", 1, 1024, None), ("1div-R01-03", "division", 1, 3, "1div"),
    ("3div-a-R11-06", "division", 11, 6, "3div-a"), ("QE-R02-01", "east", 2, 1, None),
    ("1div-SF1", "playoff", None, None, "1div"), ("3div-PO", "playoff", None, None, None),
])
def test_match_ids_parse_and_round_trip(text, kind, rnd, number, division):
    m = MatchId.parse(text)
    assert (m.kind, m.round, m.number, m.division) == (kind, rnd, number, division)
    assert str(m) == text and MatchId.parse(str(m)) == m


@pytest.mark.parametrize("text", ["C3-017\n", "C3-017 ", " C3-017", "C3-17", "C0-001", "C٣-017", "C3-٠١٧", "c3-017",
                                  "1div-R1-03", "5div-R01-01", "1div-SF3", "", None, 3017, "C3-017/../x"])
def test_a_match_id_is_matched_whole_in_ascii_digits(text):
    assert MatchId.get(text) is None
    with pytest.raises(IdError):
        MatchId.parse(text)


def test_round_and_division_of_a_match_id():
    assert cup_round_of("C7-001") == 7 and cup_round_of("1div-R07-01") is None and cup_round_of("C7-001\n") is None
    assert division_of("2div-R03-02") == "2div" and division_of("1div-F") is None and division_of("2div-R03-02\n") is None


@pytest.mark.parametrize("text, ok", [("ODE-1", True), ("Århus_2", True), ("NL-1\n", False), ("NL-1 ", False),
                                      ("../x", False), ("A" * 40, True), ("A" * 41, False), ("", False),
                                      ("-A", False)])
def test_team_ids(text, ok):
    assert (TeamId.get(text) is not None) is ok
    if ok:
        assert str(TeamId.parse(text)) == text


@pytest.mark.parametrize("text, ok", [("2026-27", True), ("2099-00", True), ("2026-27\n", False), ("2026-28", False),
                                      ("٢٠٢٦-٢٧", False), ("2026-2027", False), ("26-27", False)])
def test_season_ids(text, ok):
    assert (SeasonId.get(text) is not None) is ok
    if ok:
        assert str(SeasonId.parse(text)) == text and SeasonId.parse(text).next.first_year == int(text[:4]) + 1


def test_file_ids_and_whole_numbers():
    assert is_file_id("C1-001") and not is_file_id("C1-001\n") and not is_file_id("a/b")
    assert whole_number("12") == 12 and whole_number("-3") == -3
    assert whole_number("١٢") is None and whole_number("12\n") is None and whole_number(" 12") is None
