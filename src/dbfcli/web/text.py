"""The words of the captains' pages, in English and Danish (issue 19), and the choice of
language: a ``lang`` switch (kept in a cookie), else the browser's ``Accept-Language``.
Problem messages are the rules' own text with their § (as everywhere in dbf)."""

from __future__ import annotations

TEXT = {
    "title": ("Result sheet {match}", "Resultatblanket {match}"),
    "round": ("Cup round {n}", "Pokalrunde {n}"),
    "you_are": ("Link of the captain of {team}", "Link til holdkaptajnen for {team}"),
    "played_on": ("Played on", "Spillet den"), "start": ("Start", "Start"),
    "segments": ("IMPs per segment ({boards} boards each)", "IMP pr. sektion ({boards} spil hver)"),
    "segment": ("Segment {n}", "Sektion {n}"), "total": ("Total points (only when the IMPs are level, §1.5.10)",
                                                          "Totalpointscore (kun ved lige mange IMP, §1.5.10)"),
    "played": ("played", "spillede"), "boards": ("boards", "spil"), "player": ("Player", "Spiller"),
    "member": ("Member no.", "Medlemsnr."), "club": ("Club", "Klub"), "name": ("Name", "Navn"),
    "addition": ("addition, §1.5.11", "tilføjet, §1.5.11"),
    "substitutes": ("Substitutes (§1.5.12)", "Substitutter (§1.5.12)"),
    "up": ("UP of the away team's trip (§1.5.4)", "UP for udeholdets rejse (§1.5.4)"),
    "natural_pairs": ("HUM pairs {pairs} that played a natural system (§1.5.1.2), e.g. 123-456",
                      "HUM-par {pairs}, der spillede et naturligt system (§1.5.1.2), fx 123-456"),
    "signed_by": ("Signed by (member no., §1.5.14)", "Underskrevet af (medlemsnr., §1.5.14)"),
    "check": ("Check", "Kontrollér"), "send": ("Send", "Send"),
    "ok_to_send": ("No problems: the sheet can be sent.", "Ingen fejl: resultatblanketten kan sendes."),
    "problems": ("Problems", "Fejl"), "receipt": ("Receipt", "Kvittering"),
    "recorded": ("{match} is recorded: {winner} won {a}-{b} IMPs.", "{match} er registreret: {winner} vandt {a}-{b} IMP."),
    "recorded_plain": ("{match} is recorded.", "{match} er registreret."),
    "journal": ("Recorded at {when}, in the TD's journal as sent by the captain of {team}.",
                "Registreret {when}, i turneringslederens journal som sendt af holdkaptajnen for {team}."),
    "next_fee": ("{team}'s fee for cup round {round}: {amount} kr ({players} players, §1.5.15).",
                 "{team}'s rundegebyr for pokalrunde {round}: {amount} kr. ({players} spillere, §1.5.15)."),
    "gp": ("Gold points", "Guldpoint"), "up_credited": ("UP credited", "UP godskrevet"),
    "confirm_title": ("The captain of {team} sent this sheet", "Holdkaptajnen for {team} har sendt denne resultatblanket"),
    "confirm": ("Confirm", "Bekræft"), "dispute": ("Dispute", "Gør indsigelse"),
    "dispute_help": ("Correct the sheet below and say why; the TD decides.",
                     "Ret resultatblanketten herunder, og skriv hvorfor; turneringslederen afgør det."),
    "note": ("Note for the TD", "Besked til turneringslederen"),
    "send_dispute": ("Send the dispute to the TD", "Send indsigelsen til turneringslederen"),
    "confirmed": ("You confirmed the sheet of {match}. Thank you.", "Du har bekræftet resultatblanketten for {match}. Tak."),
    "to_td": ("Sent to the TD, who decides (§1.5.14).", "Sendt til turneringslederen, som afgør det (§1.5.14)."),
    "form_only": ("The only problems are of form (§1.5.14): the sheet went to the TD, who may accept it with the "
                  "penalty of 1 GP per player. You may also correct it and send it again.",
                  "Der er kun formfejl (§1.5.14): resultatblanketten er sendt til turneringslederen, som kan godkende den "
                  "med fradrag af 1 guldpoint pr. spiller. Du kan også rette den og sende den igen."),
    "waiting": ("The sheet is recorded; the TD has it.", "Resultatblanketten er registreret; turneringslederen har den."),
    "closed": ("This match is closed", "Denne kamp er afsluttet"), "wait": ("Please wait a moment", "Vent et øjeblik"), "refused": ("Link not valid", "Linket er ikke gyldigt"),
    "js_note": ("Checked as you type; the Check button does the same.", "Kontrolleres, mens du skriver; knappen gør det samme."),
    "lang_switch": ("Dansk", "English"), "busy": ("Busy: please try again in a moment.", "Optaget: prøv igen om lidt."),
    "error_page": ("Something went wrong", "Noget gik galt"),
    # a division match (docs/readings/division-results.md)
    "div_round": ("{div}, round {n}", "{div}, runde {n}"),
    "halves": ("IMPs per half ({boards} boards each, §{rule})", "IMP pr. halvleg ({boards} spil hver, §{rule})"),
    "half": ("Half {n}", "Halvleg {n}"),
    "substitutes_div": ("Substitutes (§2.11)", "Substitutter (§2.11)"),
    "signed_by_div": ("Signed by (member no.)", "Underskrevet af (medlemsnr.)"),
    "vp": ("Victory points (§{rule}): {home} {a}, {away} {b}", "Sejrspoint (§{rule}): {home} {a}, {away} {b}"),
    "recorded_div": ("{match} is recorded: {home} {a}, {away} {b} IMPs.", "{match} er registreret: {home} {a}, {away} {b} IMP."),
}

LANGS = ("en", "da")


def pick_lang(query: str | None, cookie: str | None, accept: str | None) -> str:
    """``?lang=``, else the cookie, else the first of ``Accept-Language`` dbf speaks, else English.

    >>> pick_lang(None, None, "da-DK,da;q=0.9,en;q=0.8"), pick_lang("en", "da", "da"), pick_lang(None, None, "fr")
    ('da', 'en', 'en')
    """
    for choice in (query, cookie):
        if choice in LANGS:
            return choice
    ranked = []
    for i, part in enumerate((accept or "").split(",")[:20]):
        tag, _, q = part.strip().partition(";q=")
        try:
            weight = float(q) if q else 1.0
        except ValueError:
            weight = 0.0
        ranked.append((-weight, i, tag.split("-")[0].lower()))
    for _, _, tag in sorted(ranked):
        if tag in LANGS:
            return tag
    return "en"


def translator(lang: str):
    """``t(key, **fields)`` in ``lang``."""
    idx = 1 if lang == "da" else 0

    def t(key: str, **kw) -> str:
        text = TEXT[key][idx]
        return text.format(**kw) if kw else text
    return t


def shown_problems(items: list[dict], lang: str) -> list[dict]:
    """Problems as a captain reads them: message and hint in ``lang`` (``i18n.problem_text``,
    the texts ``dbf --lang da`` prints); the ``rule``/``code``, severity and line unchanged."""
    from ..i18n import problem_text

    out = []
    for p in items:
        q = dict(p)
        for key in ("message", "hint"):
            if isinstance(q.get(key), str):
                q[key] = problem_text(q[key], lang)
        out.append(q)
    return out
