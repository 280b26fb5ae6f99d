"""Press reports (§1.5.16: the TD makes results available to the press), as pure functions.

A cup round: its results, the notable upsets, and the next round's draw when it is drawn.
A division weekend: the weekend's results and the standings after it.

Upsets by seeding (§1.5.3): a team's *level* is the best division (1-3) any of its
players plays this season; a team without division players has no level. The winner is
an upset winner when the loser has a level and the winner has none or a lower one
(higher number), e.g. a pool team from round 1 beating a 1st-division team seeded to
round 4. Ties in level are never upsets (UP or seeding of equal teams is not news).

>>> upset(None, 1), upset(3, 1), upset(1, 3), upset(2, 2), upset(2, None)
(True, True, False, False, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..i18n import round_name, t


def upset(winner_level: int | None, loser_level: int | None) -> bool:
    """True when the winner is seeded lower than the loser (§1.5.3 levels; None = no division players)."""
    if loser_level is None:
        return False
    return winner_level is None or winner_level > loser_level


@dataclass(frozen=True, slots=True)
class PressMatch:
    id: str
    winner: str
    loser: str
    score: str          # winner's IMPs first, or "w.o."
    winner_level: int | None = None
    loser_level: int | None = None
    winner_entry: int | None = None
    loser_entry: int | None = None
    walkover: bool = False
    decided: str = ""   # §1.5.10: "total_points", or "extra" with ``extra`` the extra boards' IMPs
    extra: str = ""


def is_upset(m: PressMatch) -> bool:
    """An upset is won at the table: a walkover (§1.5.15) is never one."""
    return not m.walkover and upset(m.winner_level, m.loser_level)


def _score(m: PressMatch, lang: str) -> str:
    """The score, and how a tie in IMPs was decided (§1.5.10): on total points or on extra boards."""
    if m.decided == "total_points":
        return f"{m.score} ({t('decided_total_points', lang)})"
    if m.decided == "extra":
        return f"{m.score} ({t('decided_extra', lang, imps=m.extra)})"
    return m.score


@dataclass(frozen=True, slots=True)
class PressFixture:
    id: str
    home: str
    away: str
    venue: str = ""
    date: str = ""
    time: str = ""


def _level(lang: str, level: int | None) -> str:
    return t("no_division", lang) if level is None else t("division_players", lang, n=level)


def cup_round_report(title_round: int, season: str, results: Sequence[PressMatch], open_matches: Sequence[str],
                     next_round: int | None, next_draw: Sequence[PressFixture], byes: Sequence[str],
                     lang: str) -> str:
    """The Markdown text of a cup round's press report."""
    name = f"{t('cup', lang)} {season}, {round_name(title_round, lang)}"
    lines = [f"# {t('press_title', lang, name=name)}", ""]
    if not results:
        lines += [t("no_results", lang), ""]
    for m in results:
        lines.append(f"- **{m.winner}** – {m.loser} {_score(m, lang)}")
    if open_matches:
        lines += ["", f"{t('not_played', lang).capitalize()}: {', '.join(open_matches)}"]
    lines += _upsets(results, lang)
    if next_round is not None and next_draw:
        lines += _next_draw(next_round, next_draw, byes, lang)
    return "\n".join(lines).rstrip() + "\n"


def _upsets(results: Sequence[PressMatch], lang: str) -> list[str]:
    """The section of the round's upsets (a lower division beat a higher), or nothing."""
    ups = [m for m in results if is_upset(m)]
    if not ups:
        return []
    return ["", f"## {t('upsets', lang)}", ""] + [
        f"- **{m.winner}** ({_level(lang, m.winner_level)}) – {m.loser} ({_level(lang, m.loser_level)}) "
        f"{_score(m, lang)}" for m in ups]


def _next_draw(next_round: int, next_draw: Sequence[PressFixture], byes: Sequence[str], lang: str) -> list[str]:
    """The section of the next round's draw: each fixture with its date, time and venue, the byes."""
    lines = ["", f"## {t('next_round_draw', lang)}: {round_name(next_round, lang)}", ""]
    for f in next_draw:
        when = " ".join(x for x in (f.date, f.time) if x)
        where = f", {f.venue}" if f.venue else ""
        lines.append(f"- {f.home} – {f.away}" + (f" ({when}{where})" if when or where else ""))
    if byes:
        lines += ["", f"{t('byes', lang)}: {', '.join(byes)}"]
    return lines


def division_weekend_report(division: str, weekend: int, results: Sequence[Mapping[str, Any]],
                            table: Sequence[Mapping[str, Any]], lang: str) -> str:
    """The Markdown text of a division weekend: results by round and the standings after it."""
    from ..i18n import division_name

    name = division_name(division, lang) if lang == "da" else division   # English as it was: the id
    lines = [f"# {t('weekend_title', lang, division=name, n=weekend)}", ""]
    if not results:
        lines += [t("no_results", lang)]
    current = None
    for r in results:
        if r["round"] != current:
            current = r["round"]
            lines += ["" if current != results[0]["round"] else "", f"## {t('round_n', lang, n=current)}", ""]
        lines.append(f"- {r['home']} – {r['away']} {r['imps']}")
    if table:
        lines += ["", f"## {t('standings', lang)}", ""]
        for row in table:
            marks = f" ({', '.join(row['marks'])})" if row.get("marks") else ""
            team = row["team"]["name"] if isinstance(row["team"], Mapping) else row["team"]   # a site ref
            lines.append(f"{row['rank']:>2}. {team} {row['vp']} {t('vp', lang)}{marks}")
    text = "\n".join(lines)
    while "\n\n\n" in text:
        text = text.replace("\n\n\n", "\n\n")
    return text.rstrip() + "\n"
