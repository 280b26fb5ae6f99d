"""English and Danish words for headings and messages (issue 7): a small message table.

Usage in a command module (``lang`` comes from ``--lang`` / ``$DBF_LANG``, set on
``common.RUN.lang`` by the root callback)::

    from ..i18n import t
    out.table(t("standings", title=div), [t("rank"), t("team"), t("vp")], rows)

``t(key)`` uses ``common.RUN.lang``; ``t(key, "da")`` forces a language. Unknown
keys come back as the key itself (English fallback), so a missing Danish word never
breaks a command. ``str.format`` fields are filled from the keyword arguments.
JSON output never goes through ``t``: it is the same in every language.

Danish words are the trade's (DBF's own regulations): hold, kaptajn, udebanepoint (UP),
guldpoint (GP), resultatblanket, runde, hjemmehold, udehold, spillested, kamp, placering.

>>> t("captain", "da"), t("captain", "en"), t("no-such-key", "da")
('Kaptajn', 'Captain', 'no-such-key')
>>> t("round_n", "da", n=3)
'Runde 3'
"""

from __future__ import annotations

import os

LANGS = ("en", "da")

#: key -> (English, Danish)
MESSAGES: dict[str, tuple[str, str]] = {
    # people and teams
    "team": ("Team", "Hold"),
    "teams": ("Teams", "Hold"),
    "captain": ("Captain", "Kaptajn"),
    "player": ("Player", "Spiller"),
    "players": ("Players", "Spillere"),
    "club": ("Club", "Klub"),
    "postcode": ("Postcode", "Postnr."),
    "substitute": ("Substitute", "Reserve"),
    # matches
    "match": ("Match", "Kamp"),
    "opponent": ("Opponent", "Modstander"),
    "matches": ("Matches", "Kampe"),
    "home": ("Home", "Hjemmehold"),
    "away": ("Away", "Udehold"),
    "venue": ("Venue", "Spillested"),
    "date": ("Date", "Dato"),
    "time": ("Time", "Tidspunkt"),
    "round": ("Round", "Runde"),
    "round_n": ("Round {n}", "Runde {n}"),
    "weekend": ("Weekend", "Weekend"),
    "weekend_n": ("Weekend {n}", "Weekend {n}"),
    "pool": ("Pool", "Pulje"),
    "bye": ("Bye", "Oversidder"),
    "byes": ("Byes", "Oversiddere"),
    "winner": ("Winner", "Vinder"),
    "loser": ("Loser", "Taber"),
    "result": ("Result", "Resultat"),
    "results": ("Results", "Resultater"),
    "result_sheet": ("Result sheet", "Resultatblanket"),
    "boards": ("Boards", "Spil"),
    "imps": ("IMPs", "IMP"),
    "imps_for": ("IMPs for", "IMP for"),
    "imps_against": ("IMPs against", "IMP imod"),
    "vp": ("VP", "VP"),
    "up": ("UP", "UP"),
    "up_long": ("Away points (UP)", "Udebanepoint (UP)"),
    "gp": ("GP", "GP"),
    "gp_long": ("Gold points (GP)", "Guldpoint (GP)"),
    "km": ("km", "km"),
    "not_played": ("not played yet", "ikke spillet endnu"),
    "not_drawn": ("not drawn yet", "ikke trukket endnu"),
    "deadline": ("Deadline", "Frist"),
    "walkover": ("walkover", "walkover"),
    # standings
    "standings": ("Standings", "Stilling"),
    "rank": ("Rank", "Placering"),
    "played": ("Played", "Spillet"),
    "won": ("Won", "Vundet"),
    "drawn_games": ("Drawn", "Uafgjort"),
    "lost": ("Lost", "Tabt"),
    "marks": ("Marks", "Mærker"),
    "promoted": ("promoted", "oprykning"),
    "relegated": ("relegated", "nedrykning"),
    "play-off": ("play-off", "slutspil"),
    "runner-up play-off": ("runner-up play-off", "oprykningskamp"),
    "playoff": ("Play-off", "Slutspil"),
    # `dbf standings` (short column heads and title)
    "name": ("name", "navn"),
    "col_played": ("P", "K"),
    "col_won": ("W", "V"),
    "col_drawn": ("D", "U"),
    "col_lost": ("L", "T"),
    "imps_plus": ("IMPs +", "IMP +"),
    "imps_minus": ("IMPs -", "IMP -"),
    "tie_break": ("tie-break", "afgjort ved"),
    "state_final": ("final", "endelig"),
    "state_after": ("after {rounds} round(s), {played} of {total} matches",
                    "efter {rounds} runde(r), {played} af {total} kampe"),
    "standings_title": ("{div} {season}: standings {state} (VP: {scale})",
                        "{div} {season}: stilling {state} (VP: {scale})"),
    "carry_over": ("Carry-over", "Medbragt score"),
    "provisional": ("provisional", "foreløbig"),
    "division_players": ("division {n} players", "spillere fra {n}. division"),
    "no_division": ("no division players", "ingen divisionsspillere"),
    "weekend_title": ("{division}, weekend {n}: results", "{division}, weekend {n}: resultater"),
    "stage": ("Stage", "Fase"),
    # cup
    "cup": ("Cup", "Pokalturneringen"),
    "divisions": ("Divisions", "Divisionsturneringen"),
    "division": ("Division", "Division"),
    "bracket": ("Bracket", "Turneringstræ"),
    "final": ("Final", "Finale"),
    "pool_rounds": ("Pool rounds", "Puljerunder"),
    "draw": ("Draw", "Lodtrækning"),
    "schedule": ("Schedule", "Program"),
    "entry_round": ("Entry round", "Indgangsrunde"),
    "up_table": ("Away points (UP)", "Udebanepoint (UP)"),
    "gp_table": ("Gold points (GP)", "Guldpoint (GP)"),
    "trophy": ("Challenge trophy", "Vandrepokal"),
    "trophy_history": ("Trophy history", "Pokalens historie"),
    "holder": ("Holder", "Indehaver"),
    "finals_won": ("Finals won", "Vundne finaler"),
    "in_a_row": ("In a row", "I træk"),
    "needed": ("Still needed", "Mangler"),
    "won_outright": ("Won outright", "Vundet til ejendom"),
    "season": ("Season", "Sæson"),
    "total": ("Total", "I alt"),
    "upsets": ("Upsets", "Overraskelser"),
    "next_round_draw": ("Draw of the next round", "Lodtrækning til næste runde"),
    "press_title": ("{name}: results", "{name}: resultater"),
    "upset_line": ("{winner} (entered in round {we}) beat {loser} (entered in round {le})",
                   "{winner} (startede i runde {we}) slog {loser} (startede i runde {le})"),
    "upset_up": ("{winner} won away at {loser}", "{winner} vandt på udebane hos {loser}"),
    "no_results": ("No results recorded yet.", "Ingen resultater registreret endnu."),
    "generated": ("Generated by dbf on {when}", "Lavet af dbf den {when}"),
    "index": ("Overview", "Oversigt"),
    "site_title": ("DBF season {season}", "DBF sæson {season}"),
    # notify e-mails
    "mail_subject": ("Cup {round}: {team} against {opponent}", "Pokalturneringen {round}: {team} mod {opponent}"),
    "mail_greeting": ("Dear {name},", "Kære {name}"),
    "mail_body": ("Your team {team} has been drawn against {opponent} in the cup, {round} (match {match}).",
                  "Jeres hold {team} er trukket mod {opponent} i pokalturneringen, {round} (kamp {match})."),
    "mail_home": ("You are the home team; the match is played at your venue.",
                  "I er hjemmehold; kampen spilles på jeres spillested."),
    "mail_away": ("You are the away team.", "I er udehold."),
    "mail_neutral": ("The match is played at the venue chosen by DBF.",
                     "Kampen spilles på det spillested, DBF har valgt."),
    "mail_sheet": ("The winning team sends the signed result sheet to the TD by {deadline} (§1.5.14: 18 hours after the match).",
                   "Vinderholdet sender den underskrevne resultatblanket til turneringslederen senest {deadline} (§1.5.14: 18 timer efter kampen)."),
    "mail_up": ("Away points (UP) for the away team: {up}.", "Udebanepoint (UP) til udeholdet: {up}."),
    "mail_sign": ("Kind regards,\nthe tournament director", "Med venlig hilsen\nturneringslederen"),
    "progress_publish": ("Writing pages", "Skriver sider"),
    "wrote_site": ("wrote {n} pages to {out}", "skrev {n} sider til {out}"),
    "wrote_mail": ("wrote {n} messages to {out}", "skrev {n} beskeder til {out}"),
    "sent_mail": ("sent {n} messages through {server}", "sendte {n} beskeder via {server}"),
}

#: cup round names in Danish (model.ROUND_NAMES is English)
ROUND_NAMES_DA: dict[int, str] = {
    1: "1. runde", 2: "2. runde", 3: "1/64-finale", 4: "1/32-finale", 5: "1/16-finale",
    6: "1/8-finale", 7: "kvartfinale", 8: "semifinale", 9: "finale",
}


def current_lang() -> str:
    """The language of this run: ``common.RUN.lang`` (``--lang``), else ``$DBF_LANG``, else English."""
    lang = None
    try:
        from .cli.common import RUN

        lang = RUN.lang
    except Exception:  # noqa: BLE001 - i18n must work without the CLI (tests, rules docs)
        lang = None
    lang = (lang or os.environ.get("DBF_LANG") or "en").lower()[:2]
    return lang if lang in LANGS else "en"


def t(key: str, lang: str | None = None, **fields: object) -> str:
    """The text for ``key`` in ``lang`` (default: this run's language), fields filled in."""
    lang = (lang or current_lang()).lower()[:2]
    pair = MESSAGES.get(key)
    text = key if pair is None else pair[1 if lang == "da" else 0]
    return text.format(**fields) if fields else text


def round_name(round_no: int, lang: str | None = None) -> str:
    """A cup round's name: ``quarter-final`` / ``kvartfinale``.

    >>> round_name(7, "da"), round_name(7, "en"), round_name(12, "en")
    ('kvartfinale', 'quarter-final', 'round 12')
    """
    from .rules.model import ROUND_NAMES

    lang = (lang or current_lang()).lower()[:2]
    if lang == "da":
        return ROUND_NAMES_DA.get(round_no, f"runde {round_no}")
    return ROUND_NAMES.get(round_no, f"round {round_no}")
