"""Issue 28: the wording a Danish reader (and an English one) sees.

Counts agree with their nouns in both languages ("1 board", "1 spiller"; rules.problems
``Msg.counted``), and a handful of phrases mended in the Danish reader's pass over
``i18n_da.PROBLEMS`` are pinned by key (the wording is the point here; the regulations' own
words, docs/readings/danish.md "Wording").
"""

from __future__ import annotations

from dbfcli.i18n import count, problem_text, t
from dbfcli.i18n_da import PROBLEMS
from dbfcli.rules.problems import COUNTED, Msg


def test_28_every_counted_noun_has_danish():
    assert all(one in PROBLEMS and many in PROBLEMS for one, many in COUNTED.values())


def test_28_one_board_one_player_in_both_languages():
    """§1.5.9: "a segment has 1 board" (not "1 boards"); §1.5.11: "1 spiller" (not "1 spillere")."""
    seg = Msg("a segment has {}; segments are {} boards unless the captains agreed otherwise",
              Msg.counted(1, "board"), 8)
    assert seg == "a segment has 1 board; segments are 8 boards unless the captains agreed otherwise"
    assert problem_text(seg, "da").startswith("en sektion har 1 spil;")
    team = Msg("team {} has {}; a cup team has 4-6", "ODE-1", Msg.counted(1, "player"))
    assert team == "team ODE-1 has 1 player; a cup team has 4-6"
    assert problem_text(team, "da") == "hold ODE-1 har 1 spiller; et pokalhold har 4-6"
    assert problem_text(Msg("team {} has {}; a cup team has 4-6", "ODE-1", Msg.counted(7, "player")), "da") \
        == "hold ODE-1 har 7 spillere; et pokalhold har 4-6"
    meets = Msg("{} and {} meet {} in the {} schedule; recorded {} ({})", "A", "B", Msg.counted(1, "time"), "1div",
                Msg.counted(2, "time"), "D1-01, D1-02")
    assert meets == "A and B meet 1 time in the 1div schedule; recorded 2 times (D1-01, D1-02)"
    assert problem_text(meets, "da") == "A og B mødes 1 gang i programmet for 1div; registreret 2 gange (D1-01, D1-02)"


def test_28_the_summary_lines_count_in_both_languages():
    assert t("batch_line", "en", sheets=count(1, "sheet", "en"), parts="1 valid") == "1 sheet: 1 valid"
    assert t("batch_line", "da", sheets=count(2, "sheet", "da"), parts="2 gyldige") == "2 resultatblanketter: 2 gyldige"
    assert t("nothing_due", "en", days=count(1, "day", "en"), now="x") == "nothing due within 1 day of x"
