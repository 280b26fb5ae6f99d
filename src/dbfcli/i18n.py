"""English and Danish words for headings and messages (issue 7): a small message table.

Usage in a command module (``lang`` comes from ``--lang`` / ``$DBF_LANG``: the root
callback sets the context variable ``dbfcli.context.LANG``; i18n imports no CLI)::

    from ..i18n import t
    out.table(t("standings", title=div), [t("rank"), t("team"), t("vp")], rows)

``t(key)`` uses this run's language (:func:`current_lang`); ``t(key, "da")`` forces one. Unknown
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
from contextvars import Token

from .context import LANG

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
    "substitute": ("Substitute", "Substitut"),   # §1.5.12, §2.11: substitut
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
    "weekend_n": ("Weekend {n}", "{n}. weekend"),
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
    "marks": ("Marks", "Bemærkning"),
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
    "state_after": ("after {rounds}, {played} of {total} matches",        # rounds: count(n, "round")
                    "efter {rounds}, {played} af {total} kampe"),
    "standings_title": ("{div} {season}: standings {state} (VP: {scale})",
                        "{div} {season}: stilling {state} (VP: {scale})"),
    "carry_over": ("Carry-over", "Overført score"),
    "provisional": ("provisional", "foreløbig"),
    "division_players": ("division {n} players", "spillere fra {n}. division"),
    "no_division": ("no division players", "ingen divisionsspillere"),
    "weekend_title": ("{division}, weekend {n}: results", "{division}, {n}. weekend: resultater"),
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
    "entry_round": ("Entry round", "Starter i runde"),
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
    "decided_total_points": ("tied on IMPs, decided on total points, §1.5.10",
                             "lige i IMP, afgjort af totalpointscoren, §1.5.10"),
    "decided_extra": ("tied on IMPs, decided on extra boards {imps}, §1.5.10",
                      "uafgjort i IMP, afgjort i ekstraspil {imps}, §1.5.10"),
    "next_round_draw": ("Draw of the next round", "Lodtrækning til næste runde"),
    "press_title": ("{name}: results", "{name}: resultater"),
    "upset_line": ("{winner} (entered in round {we}) beat {loser} (entered in round {le})",
                   "{winner} (trådte ind i runde {we}) slog {loser} (trådte ind i runde {le})"),
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
    "home_pending": ("home and away when {match} is played", "hjemme og ude, når {match} er spillet"),
    "mail_pending": ("Home and away are decided when your opponents, the {match}, are known (§1.5.5, §1.5.16).",
                     "Hjemme- og udehold afgøres, når jeres modstander, {match}, kendes (§1.5.5, §1.5.16)."),
    "mail_neutral": ("The match is played at the venue chosen by DBF.",
                     "Kampen spilles på det spillested, DBF har valgt."),
    "mail_sheet": ("The winning team sends the signed result sheet to the TD by {deadline} (§1.5.14: 18 hours after the match).",
                   "Vinderholdet sender den underskrevne resultatblanket til turneringslederen senest {deadline} (§1.5.14: 18 timer efter kampen)."),
    "mail_up": ("Away points (UP) for the away team: {up}.", "Udebanepoint (UP) til udeholdet: {up}."),
    "mail_sign": ("Kind regards,\nthe tournament director", "Med venlig hilsen\nturneringslederen"),
    "import_line": ("{match}: {home} {h} - {a} {away} ({boards} from {file}, {fmt})",     # boards: count()
                    "{match}: {home} {h} - {a} {away} ({boards} fra {file}, {fmt})"),
    "import_segments": ("IMPs per segment", "IMP pr. sektion"),
    "import_players": ("Boards per player", "Spil pr. spiller"),
    "import_confirm": ("to confirm: §{rule}: {message}", "skal bekræftes: §{rule}: {message}"),
    "import_up": ("UP of the trip (§1.5.4): dbf computes {up} for {team}; not in the file",
                  "UP for rejsen (§1.5.4): dbf beregner {up} til {team}; står ikke i filen"),
    "blank_title": ("Blank sheets", "Forudfyldte resultatblanketter"),
    "would_write": ("would write {file}", "ville skrive {file}"),
    "mail_opponent_captain": ("The opponents' captain, to agree the time (§1.5.6): {name}, {contact}.",
                              "Modstandernes holdkaptajn, til aftale om tidspunktet (§1.5.6): {name}, {contact}."),
    "mail_address": ("Address", "Adresse"),
    "mail_link": ("Or fill in the sheet online and send it from your captain's link (keep it to yourself): {url}",
                  "Eller udfyld resultatblanketten online, og send den fra dit kaptajnlink (del det ikke med andre): {url}"),
    "mail_attached": ("The result sheet, pre-filled, is attached ({file}): fill in the IMPs and the boards each player played.",
                      "Resultatblanketten er vedhæftet udfyldt ({file}): skriv IMP og hver spillers antal spil."),
    "mail_no_contact": ("no e-mail or phone known", "ingen e-mail eller telefon kendt"),
    "mail_weekday": ("Monday Tuesday Wednesday Thursday Friday Saturday Sunday",
                     "mandag tirsdag onsdag torsdag fredag lørdag søndag"),
    "mail_div_subject": ("{division}, weekend {n}: {team}", "{division}, {n}. weekend: {team}"),
    "mail_div_body": ("The matches of {team} in {division}, weekend {n}:", "{team}s kampe i {division}, {n}. weekend:"),
    "mail_div_match": ("Round {round}, {when} ({match}):", "{round}. runde, {when} ({match}):"),
    "mail_div_no_date": ("date not set", "dato ikke fastsat"),
    "mail_div_link": ("Send the result from your captain's link (keep it to yourself): {url}",
                      "Send resultatet fra dit kaptajnlink (del det ikke med andre): {url}"),
    "mail_div_home": ("You are the home team (seating and placement, §2.2).", "I er hjemmehold (placering, §2.2)."),
    "mail_div_opponent_captain": ("The opponents' captain: {name}, {contact}.", "Modstandernes holdkaptajn: {name}, {contact}."),
    "mail_reminder_subject": ("Reminder: {what}", "Påmindelse: {what}"),
    "mail_reminder_sheet": ("The result sheet of {match} was due by {deadline} (§1.5.14); the winning team sends it. Please send it to the TD.",
                            "Resultatblanketten for {match} skulle være indsendt senest {deadline} (§1.5.14) af vinderholdet. Send den venligst til turneringslederen."),
    "mail_reminder_fee": ("{team} owes {kr} kr in cup fees (§1.5.14).", "{team} skylder {kr} kr. i gebyrer til pokalturneringen (§1.5.14)."),
    "progress_publish": ("Writing pages", "Skriver sider"),
    "wrote_site": ("wrote {pages} to {out}", "skrev {pages} til {out}"),
    "wrote_mail": ("wrote {messages} to {out}", "skrev {messages} til {out}"),
    "sent_mail": ("sent {messages} through {server}", "sendte {messages} via {server}"),
    "would_write_mail": ("would write {messages} to {out}", "ville skrive {messages} til {out}"),
    "nothing_due_mail": ("nothing due", "intet forfaldent"),
    "import_draft_head": ("# DRAFT: dbf result check refuses this sheet ({errors}); correct it first.",   # count(n, "error")
                          "# KLADDE: dbf result check afviser denne resultatblanket ({errors}); ret den først."),
    "would_send_mail": ("would send {messages} through {server}", "ville sende {messages} via {server}"),
}

#: the framing of problems on stderr and the command summaries (issue: a complete ``--lang da``).
#: Problem.message and Problem.hint stay English in every language: they are data (in the JSON
#: too), carry their § and are grep-able; only the words around them are translated.
MESSAGES.update({
    # problems on stderr (cli/common.py print_problems, report)
    "sev:error": ("error", "fejl"),
    "sev:warning": ("warning", "advarsel"),
    "hint_label": ("hint", "tip"),
    "nothing_written": ("{errors}; nothing was written.", "{errors}; intet blev skrevet."),
    "internal_error": ("internal error", "intern fejl"),
    # dbf check
    "check_summary": ("{season}: {errors}, {warnings}", "{season}: {errors}, {warnings}"),
    "all_valid": (" - all state files are valid", " - alle tilstandsfiler er gyldige"),
    # dry run / done verbs
    "entered_teams": ("{verb} {teams} ({added} new, {updated} updated); the cup has {total}",
                      "{verb} {teams} ({added} nye, {updated} opdateret); pokalturneringen har {total}"),
    # exactly one new team: "1 nyt" (hold is neuter), as batch_1: (cli/cup.py)
    "entered_teams_1": ("{verb} {teams} ({added} new, {updated} updated); the cup has {total}",
                        "{verb} {teams} ({added} nyt, {updated} opdateret); pokalturneringen har {total}"),
    "verb:entered": ("entered", "tilmeldte"),
    "verb:would enter": ("would enter", "ville tilmelde"),
    "cup_teams_title": ("Cup teams {season} ({n})", "Pokalhold {season} ({n})"),
    "added_player": ("{verb} {name} ({id}) to {team} from cup round {round}; round fees from round {round} (§1.5.11)",
                     "{verb} {name} ({id}) på {team} fra pokalrunde {round}; rundegebyr fra runde {round} (§1.5.11)"),
    "verb:added": ("added", "tilføjede"),
    "verb:would add": ("would add", "ville tilføje"),
    "withdrew_player": ("{verb} player {id} from {team} from cup round {round}; no round fee for him from round "
                        "{round} (§1.5.11)",
                        "{verb} spiller {id} fra {team} fra pokalrunde {round}; intet rundegebyr for ham fra runde "
                        "{round} (§1.5.11)"),
    "verb:withdrew": ("withdrew", "trak"),
    "verb:would withdraw": ("would withdraw", "ville trække"),
    # dbf draw cup
    "cup_round_title": ("Cup {round}", "Pokalturneringen, {round}"),
    "pool_suffix": (", pool {pool}", ", pulje {pool}"),
    "pending_place": ("winner of {match}", "vinderen af {match}"),
    "why:pending": ("§1.5.5: home when {match} is played", "§1.5.5: hjemmehold, når {match} er spillet"),
    "byes_line": ("byes ({n}): {teams}", "oversiddere ({n}): {teams}"),
    "recorded_draw": ("{verb} {file}; seed {seed} (dbf draw cup --round {round} --seed {seed} reproduces it)",
                      "{verb} {file}; seed {seed} (dbf draw cup --round {round} --seed {seed} gentager lodtrækningen)"),
    "recorded_committed_draw": ("{verb} {file}; the committed secret {secret} is revealed (commitment {commitment}); "
                                "dbf draw verify --round {round} checks the draw",
                                "{verb} {file}; den forpligtede hemmelighed {secret} er afsløret (forpligtelse "
                                "{commitment}); dbf draw verify --round {round} efterprøver lodtrækningen"),
    "committed_draw": ("committed to the draw of {what}: commitment {commitment}, field {field}, algorithm {algorithm}; "
                       "publish it before the draw (dbf publish)",
                       "forpligtet til lodtrækningen i {what}: forpligtelse {commitment}, felt {field}, algoritme "
                       "{algorithm}; offentliggør den før lodtrækningen (dbf publish)"),
    "committed_beacon": ("the draw will be mixed with the beacon: {source} (announce it now; give its value with "
                         "--beacon at the draw)",
                         "lodtrækningen blandes med fyrtårnet: {source} (offentliggør det nu; angiv dets værdi med "
                         "--beacon ved lodtrækningen)"),
    "draw_verified": ("verified: {subject} of {season} is the draw its commitment {commitment} promised ({algorithm})",
                      "efterprøvet: {subject} i {season} er den lodtrækning, som forpligtelsen {commitment} lovede "
                      "({algorithm})"),
    "verb:recorded": ("recorded", "registrerede"),
    "verb:would record": ("would record", "ville registrere"),
    # dbf schedule cup
    "cup_schedule_title": ("Cup {round}: schedule ({matches})", "Pokalturneringen, {round}: program ({matches})"),
    "neutral": ("neutral", "neutral"),
    "hum_title": ("HUM in this round (§1.5.13, §1.5.1.2, §2.10.5)", "HUM i denne runde (§1.5.13, §1.5.1.2, §2.10.5)"),
    "allowed": ("allowed", "tilladt"),
    "not_allowed": ("NOT allowed", "IKKE tilladt"),
    "wrote_file": ("wrote {file}", "skrev {file}"),
    "import_draft": ("wrote the draft {file} (not a valid sheet: dbf result check refuses it)",
                     "skrev udkastet {file} (ikke en gyldig resultatblanket: dbf result check afviser den)"),
    "why:neutral": ("§1.5.7 neutral", "§1.5.7 neutral"),
    "why:neutral_hum": (" (§1.5.13 HUM away)", " (§1.5.13 HUM ude)"),
    "why:hum": ("§1.5.13 HUM: {team} away", "§1.5.13 HUM: {team} ude"),
    "why:up": ("§1.5.5 UP", "§1.5.5 UP"),
    "why:drawn_first": ("§1.5.5 drawn first", "§1.5.5 trukket først"),
    "schedule_set": ("{match}: {date} {time} at {venue}", "{match}: {date} {time} i {venue}"),
    "dispensation_note": (" (dispensation: {text})", " (dispensation: {text})"),
    "dry_run_note": (" (dry run)", " (prøvekørsel)"),
    # dbf deadlines
    "nothing_due": ("nothing due within {days} of {now}", "intet forfalder inden for {days} fra {now}"),   # count()
    "deadlines_title": ("Deadlines {season} at {now}", "Frister {season} pr. {now}"),
    "status:overdue": ("OVERDUE", "OVERSKREDET"),
    "status:done": ("done", "klaret"),
    "status:due": ("due", "åben"),
    "note_line": ("note: {text}", "note: {text}"),
    # dbf distance
    "distance_road": ("road distance: {km} km (estimate; {sea} km of it by sea)",
                      "afstand ad vej: {km} km (skøn; heraf {sea} km til søs)"),
    "distance_crossings": ("crossings: {crossings}", "overfarter: {crossings}"),
    "none": ("none", "ingen"),
    "distance_up": ("UP §1.5.4: {total} = {distance} distance + {ferry} ferry{stage} ({source})",
                    "UP §1.5.4: {total} = {distance} afstand + {ferry} færge{stage} ({source})"),
    "distance_stage": (" + {up} round {round}", " + {up} runde {round}"),
    "route": ("Route", "Rute"),
    "side:east": ("east", "øst"),
    "side:west": ("west", "vest"),
    "leg:road": ("road", "vej"),
    "leg:bridge": ("bridge", "bro"),
    "leg:ferry": ("ferry", "færge"),
    "fee:fee": ("fee", "gebyr"),
    "pool:east": ("east", "øst"),
    "pool:west": ("west", "vest"),
    "fee:fine": ("fine", "bøde"),
    "fee:paid": ("paid", "betalt"),
    "fee:refund": ("refund", "refusion"),
    "settings:defaults": ("defaults (no season found)", "standardværdier (ingen sæson fundet)"),
    "settings:season": ("season {season}", "sæson {season}"),
    # dbf division
    "entered_div": ("{verb} {teams} in {div}", "{verb} {teams} i {div}"),
    "div_teams_title": ("{div} {season} (seeding order)", "{div} {season} (seedningsrækkefølge)"),
    "div_fees_title": ("Division entry fees {season} (§1.1.1.3, kr)", "Divisionsindskud {season} (§1.1.1.3, kr.)"),
    "total_row": ("total", "i alt"),
    # dbf schedule DIV
    "div_schedule_title": ("{div} {season}: all-play-all, {rounds}, {boards} ({state})",
                           "{div} {season}: alle mod alle, {rounds}, {boards} ({state})"),
    "schedule:stored": ("stored", "fastlåst program"),
    "schedule:computed": ("computed from the entry order, not frozen",
                          "beregnet ud fra tilmeldingsrækkefølgen, ikke fastlåst"),
    "bye_cell": ("(bye)", "(oversidder)"),
    "froze_schedule": ("{verb} the schedule in {file}", "{verb} programmet i {file}"),
    "verb:froze": ("froze", "fastlåste"),
    "verb:would freeze": ("would freeze", "ville fastlåse"),
    "wrote_events": ("wrote {events} to {file}", "skrev {events} til {file}"),
    # dbf init
    "created_file": ("{verb} {file}", "{verb} {file}"),
    "verb:created": ("created", "oprettede"),
    "verb:would create": ("would create", "ville oprette"),
    # dbf up / gp / fees
    "up_credited": ("UP credited (§1.5.4)", "UP tildelt (§1.5.4)"),
    "up_total": ("UP in total", "UP i alt"),
    "gp_title": ("Guldpoint (§1.5.10)", "Guldpoint (§1.5.10)"),
    "gp_caption": ("total {gp} GP", "i alt {gp} GP"),
    "team_fees_title": ("{team}: fees (§1.5.15) and refunds (§1.5.17)",
                        "{team}: gebyrer (§1.5.15) og refusioner (§1.5.17)"),
    "fees_title": ("Fees, {fee} kr per player per round (§1.5.15); travel refunds (§1.5.17, §1.5.4)",
                   "Gebyrer, {fee} kr. pr. spiller pr. runde (§1.5.15); rejserefusion (§1.5.17, §1.5.4)"),
    "fee_how_line": ("round {round} fee, {kr} kr outstanding, due {due}: {how}",
                     "gebyr for runde {round}, {kr} kr. udestående, forfalder {due}: {how}"),
    "paid_line": ("{verb} {kr} kr from {team}, received {on} (§1.5.15)",
                  "{verb} {kr} kr. fra {team}, modtaget {on} (§1.5.15)"),
        "fees_caption": ("net = balance - refunds (negative: DBF pays the team)",
                     "netto = saldo - refusion (negativ: DBF betaler holdet)"),
    # dbf log
    "journal_title": ("Journal {season}", "Journal {season}"),
    # dbf playoff
    "playoff_title": ("Play-off {div} ({boards} each)", "Slutspil {div} ({boards} pr. kamp)"),
    "stage:semi-final": ("semi-final", "semifinale"),
    "stage:final": ("final", "finale"),
    "stage:3div-runners-up": ("3div-runners-up", "toerne i 3. division"),
    "lot_seed": (" (lot, seed {seed})", " (lodtrækning, seed {seed})"),
    "lot_pending": ("lot pending (dbf lot draw)", "lodtrækning mangler (dbf lot draw)"),
    "home_open": ("by lot once the pairing is fixed", "ved lodtrækning, når parringen ligger fast"),
    "lot_saved": ("§{rule} lot {lot} ({how} by {by}, witnessed by {witnesses}): {order}",
                  "§{rule} lodtrækning {lot} ({how} af {by}, vidner {witnesses}): {order}"),
    "lot_how:dbf": ("drawn by dbf", "trukket af dbf"),
    "lot_how:hand": ("drawn by hand", "trukket manuelt"),
    "lot_seed_note": ("; seed {seed}", "; seed {seed}"),
    "lot_removed": ("§{rule} lot {lot} among {teams} removed", "§{rule} lodtrækning {lot} mellem {teams} fjernet"),
    "lot_line_pending": ("pending §{rule} {lot}: {what} among {teams}: {command}",
                         "mangler §{rule} {lot}: {what} mellem {teams}: {command}"),
    "lot_line_drawn": ("drawn §{rule} {lot}: {order} ({at}, {by}; witnesses {witnesses})",
                       "trukket §{rule} {lot}: {order} ({at}, {by}; vidner {witnesses})"),
    "lot_none": ("no lots pending or recorded", "ingen lodtrækninger mangler eller er registreret"),
    "playoff_choice": ("§1.1.2.8 semi-final choice: {status}; {team} plays {opponent}",
                       "§1.1.2.8 valg af semifinalemodstander: {status}; {team} møder {opponent}"),
    "deadline_note": (" (deadline {deadline})", " (frist {deadline})"),
    "playoff_days": ("§1.1.2.6 semi-finals Saturday, final Sunday, no match for 3rd place",
                     "§1.1.2.6 semifinaler lørdag, finale søndag, ingen kamp om 3. pladsen"),
    "champion": ("§1.1.2.4 Danish open teams champion: {team}", "§1.1.2.4 danmarksmester for åbne hold: {team}"),
    "carry_over_note": ("carry-over shown to one decimal, rounded half up; decisions use exact values (§1.1.2.10)",
                        "overført score vist med én decimal, afrundet halvt op; afgørelser bruger de nøjagtige værdier (§1.1.2.10)"),
    "playoff_chosen": ("{verb}: {team} plays {choice} (semi-finals {a} v {b}, {c} v {d})",
                       "{verb}: {team} møder {choice} (semifinaler {a} – {b}, {c} – {d})"),
    "playoff_won": ("{match}: {winner} wins ({how})", "{match}: {winner} vinder ({how})"),
    "mail_proof_drawn": ("This draw was committed before it was made: commitment {commitment}. The draw reveals its "
                         "secret, {secret}; anyone can check the draw with `dbf draw verify --bundle "
                         "verify-cup-round-{round}.json` (on the season's site).",
                         "Denne lodtrækning blev forpligtet, før den blev foretaget: forpligtelse {commitment}. "
                         "Lodtrækningen afslører hemmeligheden, {secret}; enhver kan efterprøve lodtrækningen med "
                         "`dbf draw verify --bundle verify-cup-round-{round}.json` (på sæsonens hjemmeside)."),
    "mail_proof_committed": ("The draw of the {round} is committed: commitment {commitment} (field {field}). Keep "
                             "it: the draw reveals the secret, and the draw can then be checked against it.",
                             "Lodtrækningen til {round} er forpligtet: forpligtelse {commitment} (felt {field}). Gem "
                             "den: lodtrækningen afslører hemmeligheden, og lodtrækningen kan derefter efterprøves "
                             "mod den."),
    "mail_proof_beacon": ("The draw will be mixed with the beacon {source}, announced now.",
                          "Lodtrækningen blandes med fyrtårnet {source}, som offentliggøres nu."),
    "mail_commitment_subject": ("DBF cup: the commitment to the draw of the {round}",
                                "DBF pokal: forpligtelsen til lodtrækningen til {round}"),
    "verifiable_draws": ("Verifiable draws", "Efterprøvelige lodtrækninger"),
    "proofs_intro": ("Before each draw by lot the tournament director publishes a commitment: a fingerprint (SHA-256) "
                     "of a secret, the season, what is drawn and the field. The draw reveals the secret, and anyone "
                     "can recompute the draw from it.",
                     "Før hver lodtrækning offentliggør turneringslederen en forpligtelse: et fingeraftryk (SHA-256) af "
                     "en hemmelighed, sæsonen, hvad der trækkes, og feltet. Lodtrækningen afslører hemmeligheden, og "
                     "enhver kan gentage lodtrækningen ud fra den."),
    "proofs_how": ("Verify a draw: dbf draw verify --bundle verify-cup-round-NN.json (a lot: dbf lot verify --bundle "
                   "FILE). No season folder is needed.",
                   "Efterprøv en lodtrækning: dbf draw verify --bundle verify-cup-round-NN.json (en lodtrækning i "
                   "divisionerne: dbf lot verify --bundle FIL). Der kræves ingen sæsonmappe."),
    "proofs_none": ("No draw has been committed yet.", "Ingen lodtrækning er forpligtet endnu."),
    "proof_what": ("Draw", "Lodtrækning"),
    "drawn_with_seed": ("Draw: seed {seed}", "Trukket med seed {seed} (samme seed giver samme lodtrækning)"),
    "proof_commitment": ("Commitment", "Forpligtelse"),
    "proof_state": ("Drawn", "Trukket"),
    "proof_field": ("field", "felt"),
    "proof_beacon_source": ("beacon", "fyrtårn"),
    "proof_beacon": ("beacon value", "fyrtårnets værdi"),
    "proof_secret": ("secret", "hemmelighed"),
    "proof_drawn": ("drawn", "trukket"),
    "proof_not_drawn": ("not drawn yet: the secret is revealed by the draw",
                        "ikke trukket endnu: hemmeligheden afsløres ved lodtrækningen"),
    "proof_withdrawn": ("withdrawn", "trukket tilbage"),
    "proof_lot": ("lot {lot} ({teams})", "lodtrækning {lot} ({teams})"),
    "dry_run_nothing": ("; dry run, nothing written", "; prøvekørsel, intet skrevet"),
    "pairing:provisional": ("provisional", "foreløbig"),
    "pairing:chosen": ("chosen", "valgt"),
    "pairing:default": ("default", "uden valg inden fristen"),
    # dbf qualification
    "qual_entered": ("{verb} {teams} ({list})", "{verb} {teams} ({list})"),
    "qual_direct": ("; Kreds II direct: {teams}", "; Kreds II direkte: {teams}"),
    "east_schedule_title": ("East qualification (§1.1.5.2): {rounds} of {boards}",
                            "Kvalifikation øst (§1.1.5.2): {rounds} à {boards}"),
    "east_result": ("{match}: {home} {a}-{b} {away}, VP {va}-{vb}", "{match}: {home} {a}-{b} {away}, VP {va}-{vb}"),
    "east_standings_title": ("East qualification (§1.1.5.2): {played} of {total} matches",
                             "Kvalifikation øst (§1.1.5.2): {played} af {total} kampe"),
    "west_entered": ("{verb} Kreds IV: {teams}", "{verb} Kreds IV: {teams}"),
    "qualifiers_written": ("wrote {file}: qualified {teams} (west {west}, east {east})",
                           "skrev {file}: kvalificeret {teams} (vest {west}, øst {east})"),
    # dbf result
    "verb:sheet_valid": ("the sheet is valid; nothing recorded", "resultatblanketten er gyldig; intet registreret"),
    "verb:would be recorded": ("would be recorded", "ville blive registreret"),
    "verb:amended": ("amended", "rettet"),
    "verb:recorded_p": ("recorded", "registreret"),
    "result_winner": ("{match}: {verb}; winner {winner} ({a}-{b} IMPs)", "{match}: {verb}; vinder {winner} ({a}-{b} IMP)"),
    "result_plain": ("{match}: {verb}", "{match}: {verb}"),
    "gp_short_title": ("GP (§1.5.10)", "GP (§1.5.10)"),
    "up_credited_line": ("UP credited (§1.5.4): {list}", "UP tildelt (§1.5.4): {list}"),
    "already_recorded": ("{match} is already recorded with this sheet; nothing changed",
                         "{match} er allerede registreret med denne resultatblanket; intet ændret"),
    "walkover_would": ("{match}: would record a walkover; {winner} would advance, {team} would be fined {kr} kr "
                       "(§1.5.15); nothing written (--dry-run)",
                       "{match}: walkover ville blive registreret, så {winner} går videre og {team} idømmes "
                       "en bøde på {kr} kr. (§1.5.15); intet skrevet (--dry-run)"),
    "batch:valid": ("valid", "gyldig"),
    "batch:rejected": ("rejected", "afvist"),
    "batch:recorded": ("recorded", "registreret"),
    "batch:would be recorded": ("would be recorded", "ville blive registreret"),
    "batch:already recorded": ("already recorded", "allerede registreret"),
    "batch:not recorded": ("not recorded (--all-or-nothing)", "ikke registreret (--all-or-nothing)"),
    "batch:skipped": ("skipped: not a sheet (*.yaml)", "sprunget over: ikke en resultatblanket (*.yaml)"),
    "batch:warning": ("warning", "advarsel"),
    "batch_line": ("{sheets}: {parts}", "{sheets}: {parts}"),   # sheets: count(n, "sheet")
    "batch_n:valid": ("{n} valid", "{n} gyldige"),
    "batch_n:recorded": ("{n} recorded", "{n} registreret"),
    "batch_n:would be recorded": ("{n} would be recorded", "{n} ville blive registreret"),
    "batch_n:already recorded": ("{n} already recorded", "{n} allerede registreret"),
    "batch_n:not recorded": ("{n} not recorded (--all-or-nothing)", "{n} ikke registreret (--all-or-nothing)"),
    "batch_n:rejected": ("{n} rejected", "{n} afviste"),
    # one sheet: the Danish adjective agrees ("1 gyldig", "2 gyldige")
    "batch_1:valid": ("{n} valid", "{n} gyldig"),
    "batch_1:rejected": ("{n} rejected", "{n} afvist"),
    "batch:line": ("(line {line})", "(linje {line})"),
    "walkover_line": ("{match}: walkover; {winner} advances, {team} fined {kr} kr (§1.5.15)",
                      "{match}: walkover; {winner} går videre, {team} idømt bøde på {kr} kr. (§1.5.15)"),
    # dbf season rollover
    "verb:wrote": ("wrote", "skrev"),
    "verb:would write": ("would write", "ville skrive"),
    "now_current": ("{to} is now the current season (dbf.toml); `dbf --season {season} ...` reaches {season}",
                    "{to} er nu den aktuelle sæson (dbf.toml); `dbf --season {season} ...` giver adgang til {season}"),
    # dbf seating
    "seating_title": ("Seating {match}: {home} (home) v {away} (away)",
                      "Pladsfordeling {match}: {home} (hjemme) – {away} (ude)"),
    "lineups_ok": ("line-ups of {segments}: no problem (§1.5.13)", "holdopstillinger for {segments}: ingen problemer (§1.5.13)"),
    # dbf system
    "system_natural": ("natural: neither HUM nor Åbent forsvar", "naturligt: hverken HUM eller Åbent forsvar"),
    "and": ("and", "og"),
    "system_registered": ("{verb} {file} for {team} pair {a}-{b}", "{verb} {file} for {team}, par {a}-{b}"),
    "verb:registered": ("registered", "registrerede"),
    "verb:would register": ("would register", "ville registrere"),
    "system_change_ok": ("change from {old} to {new}: allowed by §1.1.1.2a",
                         "ændring fra {old} til {new}: tilladt efter §1.1.1.2a"),
    "see_warning": (" (see the warning)", " (se advarslen)"),
    # dbf travel claim
    "travel_title": ("Travel claim {team}, {match}", "Rejseafregning {team}, {match}"),
    "travel_fares": ("fares: {persons} ({from_}) x {trips} x ({fare} + {reservation} reservation)",
                     "billetter: {persons} ({from_}) x {trips} x ({fare} + {reservation} pladsbillet)"),
    "travel_overnight": ("overnight allowance (§1.5.4)", "overnatningsgodtgørelse (§1.5.4)"),
    "recorded_file": ("{verb} {file}", "{verb} {file}"),
    # dbf trophy
    "trophy_outright": ("§1.5.1: {who} has won trophy no. {n} outright ({how}) with the final of {season}",
                        "§1.5.1: {who} har vundet pokal nr. {n} til ejendom ({how}) med finalen i {season}"),
    "recorded_finals": ("recorded finals: {list}", "registrerede finaler: {list}"),
    "trophy_no": ("trophy no. {n}: {state}", "pokal nr. {n}: {state}"),
    "held_by": ("held by {who}", "indehaves af {who}"),
    "no_holder": ("no holder yet", "ingen indehaver endnu"),
    "won_outright_line": ("won outright: trophy no. {n}, {season}, {who} ({how})",
                          "vundet til ejendom: pokal nr. {n}, {season}, {who} ({how})"),
    # dbf undo
    "undid": ("{verb}: {command} ({files})", "{verb}: {command} ({files})"),
    "verb:undid": ("undid", "fortrød"),
    "verb:would undo": ("would undo", "ville fortryde"),
    # dbf vp / imps
    "vp_table_title": ("WBF 20-VP scale, {boards} (blitz {blitz})", "WBF 20-VP-skala, {boards} (blitz {blitz})"),
    "vp_line": ("{imps} in {boards}: {won} - {lost} VP", "{imps} i {boards}: {won} - {lost} VP"),
    "imps_line": ("{points} points: {imps} (band {band})", "{points} point: {imps} (interval {band})"),
    # data words of tables (issue 18.5): the journal's file actions, the standings' tie-breaks
    "action:create": ("create", "opret"),
    "action:update": ("update", "ret"),
    "action:delete": ("delete", "slet"),
    "tiebreak:vp": ("vp", "VP"),
    "tiebreak:mini-league": ("mini-league", "indbyrdes VP"),
    "tiebreak:imp-quotient": ("imp-quotient", "IMP-kvotient"),
    "tiebreak:imp-difference": ("imp-difference", "IMP-forskel"),
    "tiebreak:lot": ("lot", "lodtrækning"),
    "attribution": ("Postcode data © GeoNames, CC BY 4.0", "Postnumre © GeoNames, CC BY 4.0"),
    "persons:option": ("option", "angivet"),
    "persons:sheet": ("sheet", "resultatblanketten"),
    "persons:default": ("default", "standard"),
})

#: column headings (lower case, as the tables print them): English -> Danish; ``t("col:" + en)``
COLUMNS_DA: dict[str, str] = {
    "team": "hold", "name": "navn", "club": "klub", "postcode": "postnr.", "entry": "starter i runde",
    "players": "spillere", "match": "kamp", "drawn first": "trukket først", "second": "trukket som nr. 2",
    "home": "hjemme", "away": "ude", "venue": "spillested", "km": "km", "UP": "UP", "date": "dato",
    "time": "tid", "why": "begrundelse", "pair": "par", "HUM": "HUM", "due": "frist", "what": "hvad",
    "§": "§", "status": "status", "leg": "etape", "from": "fra", "to": "til", "seed": "seedning",
    "division": "division", "base": "grundbeløb", "travel pool": "rejsepulje", "total": "i alt",
    "round": "runde", "GP": "GP", "player": "spiller", "kind": "type", "kr": "kr.", "note": "bemærkning",
    "owed": "skyldig", "paid": "betalt", "fines": "bøder", "balance": "saldo", "refunds": "refusion",
    "overdue": "forfaldent", "net": "netto", "when (UTC)": "tidspunkt (UTC)", "command": "kommando", "files": "filer",
    "stage": "fase", "teams": "hold", "carry-over": "overført", "home section 1": "hjemme i 1. sektion",
    "IMPs": "IMP", "IMPs incl. carry-over": "IMP inkl. overført", "winner": "vinder", "loser": "taber",
    "region": "kreds", "played": "spillet",
    "IMPs+": "IMP+", "IMPs-": "IMP-", "VP": "VP", "segment": "sektion", "seats first": "sætter sig først",
    "seats last": "sætter sig sidst", "item": "post", "captain": "kaptajn", "finals": "finaler",
    "in a row": "i træk", "needs": "mangler", "bid": "melding",
    "boards": "spil", "member": "medlemsnr.", "file": "fil", "first problem": "første problem",
}
MESSAGES.update({"col:" + en: (en, da) for en, da in COLUMNS_DA.items()})
#: dbf serve and what waits for the TD (issue 19)
MESSAGES.update({"col:" + en: (en, da) for en, da in {"reason": "årsag", "by": "fra", "sent": "sendt",
                                                       "link": "link"}.items()})
MESSAGES.update({
    "serve_rotated": ("rotated the secret of the captains' links: generation {n}; send the captains their new links "
                      "(dbf serve links --round N)",
                      "fornyede hemmeligheden bag holdkaptajnernes links: generation {n}; send holdkaptajnerne deres nye links "
                      "(dbf serve links --round N)"),
    "serve_would_rotate": ("would rotate the secret of the captains' links: generation {n}",
                           "ville forny hemmeligheden bag holdkaptajnernes links: generation {n}"),
    "pending_change": ("{match}: {what} {recorded} -> {disputed}", "{match}: {what} {recorded} -> {disputed}"),
    "pending_no_change": ("{match}: the dispute changes neither winner, IMPs, GP nor UP",
                          "{match}: indsigelsen ændrer hverken vinder, IMP, GP eller UP"),
    "change:winner": ("winner", "vinder"), "change:imps": ("IMPs", "IMP"), "change:gp": ("GP", "GP"),
    "change:up": ("UP", "UP"),
    "pending_none": ("nothing from the captains waits for a decision", "intet fra holdkaptajnerne venter på en afgørelse"),
    "pending_would_accept": ("would accept the sheet of {match} from {team}",
                             "ville godkende resultatblanketten for {match} fra {team}"),
    "pending_rejected": ("rejected the sheet of {match} from {team}; what is recorded stands",
                         "afviste resultatblanketten for {match} fra {team}; det registrerede står ved magt"),
    "pending_would_reject": ("would reject the sheet of {match} from {team}",
                             "ville afvise resultatblanketten for {match} fra {team}"),
})

#: countable nouns: key -> (English one, English many, Danish one, Danish many); :func:`count`
#: picks the form (singular for exactly one).
NOUNS: dict[str, tuple[str, str, str, str]] = {
    "error": ("error", "errors", "fejl", "fejl"),
    "warning": ("warning", "warnings", "advarsel", "advarsler"),
    "team": ("team", "teams", "hold", "hold"),
    "match": ("match", "matches", "kamp", "kampe"),
    "round": ("round", "rounds", "runde", "runder"),
    "board": ("board", "boards", "spil", "spil"),
    "IMP": ("IMP", "IMPs", "IMP", "IMP"),
    "page": ("page", "pages", "side", "sider"),
    "message": ("message", "messages", "besked", "beskeder"),
    "event": ("event", "events", "begivenhed", "begivenheder"),
    "segment": ("segment", "segments", "sektion", "sektioner"),
    "person": ("person", "persons", "person", "personer"),
    "trip": ("trip", "trips", "rejse", "rejser"),
    "sheet": ("sheet", "sheets", "resultatblanket", "resultatblanketter"),
    "day": ("day", "days", "dag", "dage"),
}

#: cup round names in Danish (model.ROUND_NAMES is English)
ROUND_NAMES_DA: dict[int, str] = {
    1: "1. runde", 2: "2. runde", 3: "1/64-finale", 4: "1/32-finale", 5: "1/16-finale",
    6: "1/8-finale", 7: "kvartfinale", 8: "semifinale", 9: "finale",
}


# --------------------------------------------------------------------------- names (issue 18.5)
#: Land masses (geography ids) in Danish; the others are spelt out by :func:`danish_spelling`.
REGION_NAMES_DA: dict[str, str] = {
    "jutland": "Jylland", "zealand": "Sjælland", "funen": "Fyn", "bornholm": "Bornholm",
    "lolland-falster": "Lolland-Falster", "moen": "Møn", "skaane": "Skåne", "mors": "Mors",
}
#: Crossings (geography ids) in Danish where spelling them out is not enough.
CROSSING_NAMES_DA: dict[str, str] = {
    "storebaelt": "Storebælt", "lillebaelt": "Lillebælt", "oestersoeen": "Østersøen",
    "kattegat": "Kattegat", "oeresund": "Øresund", "langelandsbaelt": "Langelandsbælt",
    "roemoe-daemningen": "Rømødæmningen", "faroe-north": "Farø (nord)", "faroe-south": "Farø (syd)",
    "storstroem": "Storstrøm", "aeroe-marstal": "Ærø-Marstal", "aeroe-soeby": "Ærø-Søby",
}


def danish_spelling(ident: str) -> str:
    """An ASCII id as Danish (``ae``/``oe``/``aa`` -> æ/ø/å), each part capitalised.

    >>> danish_spelling("samsoe-kalundborg"), danish_spelling("laesoe"), danish_spelling("aeroe")
    ('Samsø-Kalundborg', 'Læsø', 'Ærø')
    """
    parts = []
    for part in ident.split("-"):
        word = part.replace("ae", "æ").replace("oe", "ø").replace("aa", "å")
        parts.append(word[:1].upper() + word[1:])
    return "-".join(parts)


def crossing_name(ident: str, lang: str | None = None) -> str:
    """A crossing (``storebaelt``) as a Dane writes it (``Storebælt``); the id in English.

    >>> crossing_name("oestersoeen", "da"), crossing_name("fanoe", "da"), crossing_name("storebaelt", "en")
    ('Østersøen', 'Fanø', 'storebaelt')
    """
    if (lang or current_lang()).lower().startswith("da"):
        return CROSSING_NAMES_DA.get(ident) or danish_spelling(ident)
    return ident


def region_name(ident: str, lang: str | None = None) -> str:
    """A land mass (``jutland``) in Danish (``Jylland``); the id in English."""
    if (lang or current_lang()).lower().startswith("da"):
        return REGION_NAMES_DA.get(ident) or danish_spelling(ident)
    return ident


def versus(a: str, b: str, lang: str | None = None) -> str:
    """Two teams of a match: ``AAL-A v FRB-A``; in Danish with a dash, ``AAL-A – FRB-A``.

    >>> versus("AAL-A", "FRB-A", "da"), versus("AAL-A", "FRB-A", "en")
    ('AAL-A – FRB-A', 'AAL-A v FRB-A')
    """
    if (lang or current_lang()).lower().startswith("da"):
        return f"{a} – {b}"
    return f"{a} v {b}"


def decimal(text: str, lang: str | None = None) -> str:
    """A decimal written by the rules (``"12.5"``) with this language's mark (``"12,5"``).

    >>> decimal("-3.5-12.0", "da"), decimal("74.18", "en")
    ('-3,5-12,0', '74.18')
    """
    if (lang or current_lang()).lower().startswith("da"):
        import re

        return re.sub(r"(?<=\d)\.(?=\d)", ",", text)
    return text


def set_lang(lang: str | None) -> Token:
    """Make ``lang`` this run's language (``LANG.reset(token)`` puts the old one back).

    >>> token = set_lang("da"); t("captain"), LANG.reset(token)
    ('Kaptajn', None)
    """
    return LANG.set(lang or "")


def current_lang() -> str:
    """The language of this run: :data:`LANG` (``--lang``), else ``$DBF_LANG``, else English."""
    lang = (LANG.get() or os.environ.get("DBF_LANG") or "en").lower()[:2]
    return lang if lang in LANGS else "en"


def t(key: str, lang: str | None = None, **fields: object) -> str:
    """The text for ``key`` in ``lang`` (default: this run's language), fields filled in."""
    lang = (lang or current_lang()).lower()[:2]
    pair = MESSAGES.get(key)
    text = key if pair is None else pair[1 if lang == "da" else 0]
    return text.format(**fields) if fields else text


def word(prefix: str, value: object, lang: str | None = None) -> str:
    """A data word shown in a table (a pool, a side, a kind of leg) in this run's language; a
    value the table does not know is shown as it is. JSON keeps the value itself.

    >>> word("side", "east", "da"), word("side", "east", "en"), word("side", "north", "da"), word("side", None, "da")
    ('øst', 'east', 'north', '')
    """
    if value is None:
        return ""
    key = f"{prefix}:{value}"
    return t(key, lang) if key in MESSAGES else str(value)


def pool_name(pool: object, lang: str | None = None) -> str:
    """A cup pool's name (``east``, ``west-1``) in this run's language.

    >>> pool_name("west-1", "da"), pool_name("east", "da"), pool_name("west-1", "en"), pool_name("x", "da")
    ('vest-1', 'øst', 'west-1', 'x')
    """
    base, sep, rest = str(pool).partition("-")
    return word("pool", base, lang) + sep + rest


def team_label(team: object, lang: str | None = None) -> str:
    """A drawn team as a person reads it: the team id, or a pending place of the draw
    (``pending: C1-032``, §1.5.16 with §1.5.6) as "winner of C1-032".

    >>> team_label("KBH-3"), team_label("pending: C1-032", "en"), team_label("pending: C1-032", "da")
    ('KBH-3', 'winner of C1-032', 'vinderen af C1-032')
    """
    text = str(team)
    if text.startswith("pending: "):
        return t("pending_place", lang, match=text[len("pending: "):])
    return text


def heads(*names: str, lang: str | None = None) -> list[str]:
    """Column headings in this run's language (English: the names as given).

    >>> heads("team", "drawn first", lang="da"), heads("team", "UP", lang="en")
    (['hold', 'trukket først'], ['team', 'UP'])
    """
    return [t("col:" + n, lang) if ("col:" + n) in MESSAGES else n for n in names]


def count(n: int, noun: str, lang: str | None = None, *, en_plural: bool = False) -> str:
    """``n`` and the noun, singular for exactly one, in this run's language. ``en_plural``:
    English keeps the plural even for one, as that line has always printed (golden output).

    >>> count(1, "match", "en"), count(2, "match", "en"), count(2, "match", "da"), count(1, "warning", "da")
    ('1 match', '2 matches', '2 kampe', '1 advarsel')
    >>> count(3, "error", "da"), count(0, "team", "da")
    ('3 fejl', '0 hold')
    >>> count(1, "round", "en", en_plural=True), count(1, "round", "da", en_plural=True)
    ('1 rounds', '1 runde')
    """
    lang = (lang or current_lang()).lower()[:2]
    forms = NOUNS[noun]
    one, many = forms[2:] if lang == "da" else forms[:2]
    if en_plural and lang != "da":
        one = many
    return f"{n} {one if n == 1 else many}"


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


# --- names and dates of the published site, the calendars and the exports (issue 18.1, 18.3, 18.5) ----
#: division ids -> (English, Danish) names, as DBF writes them ("1. division", "3. division vest"; §1.1:
#: 3div-a is the west group, 3div-b the east, docs/readings/playoff-rollover.md). The CLI, the site,
#: the calendars and the exports all use these (one table, one :func:`division_name`).
DIVISION_NAMES: dict[str, tuple[str, str]] = {
    "1div": ("1st division", "1. division"),
    "2div": ("2nd division", "2. division"),
    "3div-a": ("3rd division west", "3. division vest"),
    "3div-b": ("3rd division east", "3. division øst"),
    "3div": ("3rd division", "3. division"),
}
MONTHS_EN = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
             "October", "November", "December")
MONTHS_DA = ("januar", "februar", "marts", "april", "maj", "juni", "juli", "august", "september",
             "oktober", "november", "december")
WEEKDAYS_EN = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
WEEKDAYS_DA = ("mandag", "tirsdag", "onsdag", "torsdag", "fredag", "lørdag", "søndag")
MESSAGES.update({
    "updated": ("Updated {when}", "Opdateret {when}"),
    "n_of_m": ("{n} of {m}", "{n} af {m}"),
    "n_of_m_matches": ("{n} of {m} matches", "{n} af {m} kampe"),
    "neutral_venue": ("neutral venue", "neutralt spillested"),
    "neutral_venue_long": ("Neutral venue chosen by DBF (§1.5.7): no home team.",
                           "Neutralt spillested valgt af DBF (§1.5.7): intet hjemmehold."),
    "next_match": ("Next match", "Næste kamp"),
    "cup_path": ("Cup path", "Vejen gennem pokalturneringen"),
    "fixtures": ("Fixtures to come", "Kommende kampe"),
    "cross_table": ("Cross-table", "Krydstabel"),
    "calendar": ("Calendar (.ics)", "Kalender (.ics)"),
    "out_in": ("out in the {round}", "ude i {round}"),
    "cup_winner": ("cup winner", "pokalvinder"),
    "earlier_rounds": ("Earlier rounds", "Tidligere runder"),
    "all_rounds": ("Rounds as lists", "Runderne som lister"),
    "to_be_announced": ("to be announced", "meddeles senere"),
    "member_no": ("DBF no.", "DBF-nr."),
    "entered_round": ("Entry round: {round}", "Indgangsrunde: {round}"),
    "credited_up": ("UP credited", "Godskrevne UP"),
    "vs": ("v", "–"),
    "at_home": ("home", "hjemme"),
    "away_game": ("away", "ude"),
    "teams_in": ("Teams", "Hold"),
    "played_of": ("Played", "Spillet"),
    "not_in_cup": ("not in the cup", "ikke med i pokalturneringen"),
    "ics_cup": ("Cup, {round}: {home} – {away}", "Pokalturneringen, {round}: {home} – {away}"),
    "ics_div": ("{division}, round {n}: {home} – {away}", "{division}, {n}. runde: {home} – {away}"),
    "ics_cup_desc": ("Match {match}, {round}. Home team: {home} (§1.5.5). Start {time} (§1.5.6).",
                     "Kamp {match}, {round}. Hjemmehold: {home} (§1.5.5). Start kl. {time} (§1.5.6)."),
    "ics_cup_desc_pending": ("Match {match}, {round}. Home team: decided when {awaited} is played (§1.5.5, "
                             "§1.5.16). Start {time} (§1.5.6).",
                             "Kamp {match}, {round}. Hjemmehold: afgøres, når {awaited} er spillet (§1.5.5, "
                             "§1.5.16). Start kl. {time} (§1.5.6)."),
    "ics_cup_desc_neutral": ("Match {match}, {round} at DBF's venue (§1.5.7). Start {time}.",
                             "Kamp {match}, {round} på DBF's spillested (§1.5.7). Start kl. {time}."),
    "ics_div_desc": ("Match {match}, {division} round {n} ({boards} boards). Seated as home: {home}.",
                     "Kamp {match}, {division} {n}. runde ({boards} spil). Hjemmehold: {home}."),
    "ics_calname": ("DBF {season}: {what}", "DBF {season}: {what}"),
})


def division_name(division_id: str, lang: str | None = None) -> str:
    """A division's name as DBF writes it; an unknown id is shown as it is.

    >>> division_name("1div", "da"), division_name("3div-b", "da"), division_name("3div-a", "en"), division_name("x", "da")
    ('1. division', '3. division øst', '3rd division west', 'x')
    """
    pair = DIVISION_NAMES.get(division_id)
    if pair is None:
        return division_id
    return pair[1 if (lang or current_lang()).lower()[:2] == "da" else 0]


def long_date(day, lang: str | None = None, *, weekday: bool = False) -> str:
    """``1. december 2026`` / ``1 December 2026`` (``weekday``: ``tirsdag 1. december 2026``).

    >>> import datetime as dt
    >>> long_date(dt.date(2026, 12, 1), "da"), long_date(dt.date(2026, 12, 1), "en", weekday=True)
    ('1. december 2026', 'Tuesday 1 December 2026')
    """
    da = (lang or current_lang()).lower()[:2] == "da"
    text = f"{day.day}. {MONTHS_DA[day.month - 1]} {day.year}" if da else f"{day.day} {MONTHS_EN[day.month - 1]} {day.year}"
    if weekday:
        text = f"{(WEEKDAYS_DA if da else WEEKDAYS_EN)[day.weekday()]} {text}"
    return text


def danish_moment(iso: str) -> str:
    """A moment written ``2027-02-01T07:30`` as a Dane reads it (a deadline on a Danish sheet).

    >>> danish_moment("2027-02-01T07:30")
    'mandag 1. februar 2027 kl. 07.30'
    """
    import datetime as dt

    day, _, hhmm = iso.partition("T")
    return f"{long_date(dt.date.fromisoformat(day), 'da', weekday=True)} kl. {clock(hhmm, 'da')}"


def clock(hh_mm: str, lang: str | None = None) -> str:
    """A time of day as Danes write it (``13.00``); English keeps ``13:00``.

    >>> clock("13:00", "da"), clock("13:00", "en")
    ('13.00', '13:00')
    """
    return hh_mm.replace(":", ".") if (lang or current_lang()).lower()[:2] == "da" else hh_mm


def local_stamp(when, lang: str | None = None) -> str:
    """A moment in local (Copenhagen) time with its zone: ``1. december 2026 kl. 07.59 CET`` /
    ``1 December 2026 at 07:59 CET``. ``when`` is an aware datetime (naive: taken as UTC).

    >>> import datetime as dt
    >>> local_stamp(dt.datetime(2026, 12, 1, 6, 59, tzinfo=dt.timezone.utc), "da")
    '1. december 2026 kl. 07.59 CET'
    >>> local_stamp(dt.datetime(2027, 6, 1, 6, 59, tzinfo=dt.timezone.utc), "en")
    '1 June 2027 at 08:59 CEST'
    """
    import datetime as dt
    from zoneinfo import ZoneInfo

    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.timezone.utc)
    local = when.astimezone(ZoneInfo("Europe/Copenhagen"))
    da = (lang or current_lang()).lower()[:2] == "da"
    hm = local.strftime("%H.%M" if da else "%H:%M")
    return f"{long_date(local.date(), lang)} {'kl.' if da else 'at'} {hm} {local.tzname()}"


# --------------------------------------------------------------------------- problems (issue 18.5)
#: Problems are data (rules/problems.py): their message and hint are English in the rules, in the
#: JSON and in the journal. Shown to a person under ``--lang da`` they are translated here, at the
#: edge, by template: ``dbfcli.i18n_da.PROBLEMS`` maps each English text (``{}`` where the f-string
#: has a value) to its Danish text; the values are carried over (a few words of them translated,
#: :data:`dbfcli.i18n_da.VALUES`). tests/test_danish_texts.py checks that every message and hint
#: in src/ has its Danish text.
_PROBLEM_PATTERNS: list | None = None


def _patterns() -> list:
    """(literal prefix, generic?, compiled regex, Danish template) for every English template:
    those that begin with words before those that begin with a value, each the most specific
    first (the longest literal text), so that ``{} in {}; {}`` is tried last;
    ``generic``: a template of few words, tried only when no specific one fits."""
    global _PROBLEM_PATTERNS
    if _PROBLEM_PATTERNS is None:
        import re
        from string import Formatter

        from .i18n_da import PROBLEMS

        made = []
        for en, da in PROBLEMS.items():
            parts = list(Formatter().parse(en))
            regex = "".join(re.escape(lit) + ("(.*?)" if field is not None else "") for lit, field, _s, _c in parts)
            literal = "".join(lit for lit, *_ in parts)
            generic = sum(c.isalpha() for c in literal) < 12
            prefix = parts[0][0] if parts else ""
            made.append(((not prefix, -len(literal)), prefix, generic, re.compile(r"\A" + regex + r"\Z", re.S), da))
        made.sort(key=lambda m: m[0])   # a text's own first words first: "system description: {}"
        _PROBLEM_PATTERNS = [m[1:] for m in made]   # before "{}: {} of {} teams not sent ({})"
    return _PROBLEM_PATTERNS


def _danish_value(value: str, depth: int) -> str:
    """A value put into a message (a count, a side, a nested message) in Danish."""
    import re

    from .i18n_da import VALUE_PATTERNS, VALUES

    if value in VALUES:
        return VALUES[value]
    if re.fullmatch(r"-?\d+\.\d+", value):
        return value.replace(".", ",")
    if re.fullmatch(r"\d{1,3}(,\d{3})+", value):   # thousands: 1,000,000 -> 1.000.000
        return value.replace(",", ".")
    if depth < 3 and " " in value:
        nested = _translate(value, depth + 1)
        if nested is not None:
            return nested
    for pattern, repl in VALUE_PATTERNS:
        value = pattern.sub(repl, value)
    return value


def _translate(text: str, depth: int) -> str | None:
    """``text`` in Danish, or None: a specific template, else its parts (``a; b``), else a
    generic template (few words), else the parts by those."""
    for generic in (False, True):
        done = _danish_problem(text, depth, generic)
        if done is None:
            done = _danish_parts(text, depth, generic)
        if done is not None:
            return done
    return None


def _danish_problem(text: str, depth: int = 0, generic: bool = True) -> str | None:
    for prefix, is_generic, regex, da in _patterns():
        if (generic or not is_generic) and text.startswith(prefix):
            m = regex.match(text)
            if m:
                return da.format(*(_danish_value(v, depth) for v in m.groups()))
    head, sep, rest = text.partition(": ")
    if sep and head and " " not in head and depth < 3:   # "1div-SF2: <a message>": the id stays
        inner = _danish_problem(rest, depth + 1, generic) or _danish_parts(rest, depth + 1, generic)
        if inner is not None:
            return f"{head}: {inner}"
    return None


def problem_text(text: str, lang: str | None = None) -> str:
    """A problem's message or hint as shown in this run's language (English: as it is); also
    the other English data texts of the rules that are shown to people (what a deadline is,
    what a lot decides).

    >>> problem_text("team ODE-1 has 7 players; a cup team has 4-6", "da")
    'hold ODE-1 har 7 spillere; et pokalhold har 4-6'
    >>> problem_text("team ODE-1 has 7 players; a cup team has 4-6", "en")
    'team ODE-1 has 7 players; a cup team has 4-6'
    """
    if not text or (lang or current_lang()).lower()[:2] != "da":
        return text
    key = getattr(text, "key", None)
    if key is not None:                       # a keyed text (rules.problems.Msg): from its key
        return _keyed_danish(text)
    if text.startswith(("dbf ", "`dbf ")):    # a command line to type stays as it is
        return text
    whole = _translate(text, 0)
    return text if whole is None else whole


def _keyed_danish(text) -> str:
    """A :class:`~dbfcli.rules.problems.Msg` in Danish: its key's Danish template
    (``i18n_da.PROBLEMS``) with its values, each a Msg rendered the same way or a value
    (a count, a side: the word tables ``VALUES``/``VALUE_PATTERNS``, a decimal comma) in
    Danish (:func:`_danish_value`); nothing is parsed back into a template. A key of values and punctuation
    alone (``{}; {}``) is its own template. No key without Danish is left in src/
    (tests/test_danish_texts.py); one would show in English."""
    from .i18n_da import PROBLEMS

    da = PROBLEMS.get(text.key)
    if da is None:
        if any(c.isalpha() for c in text.key.replace("{}", "")):
            return str(text)
        da = text.key
    return da.format(*(_keyed_danish(a) if getattr(a, "key", None) is not None else _danish_value(a, _NO_NESTING)
                       for a in text.args))


#: the depth at which :func:`_danish_value` no longer looks for a message inside a value: a
#: keyed text's values are words and numbers, or keyed texts themselves, never parsed
_NO_NESTING = 3


def _danish_parts(text: str, depth: int, generic: bool = True) -> str | None:
    """A text joined from several messages (``a; b``; a message may hold ``;`` itself): the
    longest run of parts that is one known text, then the next."""
    parts = text.split("; ")
    if len(parts) < 2:
        return None
    out, i, known = [], 0, False
    while i < len(parts):
        for j in range(len(parts) - (i == 0), i, -1):   # the whole text was tried already
            done = _danish_problem("; ".join(parts[i:j]), depth, generic)
            if done is not None:
                out.append(done)
                known, i = True, j
                break
        else:
            out.append(parts[i])
            i += 1
    return "; ".join(out) if known else None


def place_text(where: object, lang: str | None = None) -> str:
    """Where a problem was found (``cup/teams.yaml:12``; no file: ``line 3`` / ``linje 3``)."""
    text = str(where) if where is not None else ""
    if text.startswith("line ") and (lang or current_lang()).lower()[:2] == "da":
        return "linje " + text[5:]
    return text
