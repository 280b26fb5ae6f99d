"""The Danish of dbf's ``--help`` (issue 28), data for :mod:`dbfcli.cli._danish`.

:data:`HELP` maps each help text as the command or option gives it in English (its
docstring, its ``help=``) to its Danish. tests/cli/test_help_danish.py fails on a help text
without Danish here, so a changed English help asks for its Danish at once; and it runs
every command's ``--help`` under ``--lang da`` against a list of English words.

The words are those of the regulations and of i18n_da.py (holdkaptajn, turneringsleder,
resultatblanket, sektion, halvleg, oversidder, afbud, lodtrækning, seed, forpligtelse,
fyrtårn). Command names, options and file names stay as they are typed.

Imported only when Danish help is shown.
"""

from __future__ import annotations

#: Click's section headings.
HEADINGS = {"Options": "Tilvalg", "Commands": "Kommandoer", "Arguments": "Argumenter"}

#: What Click adds to an option's help, and the help option's own line.
MARKS = {
    "[default: ": "[standard: ",
    "[required]": "[påkrævet]",
    "; required]": "; påkrævet]",
    "Show this message and exit.": "Vis denne hjælp, og afslut.",
}

#: Usage-line and option metavars (cli/params.py) in Danish.
METAVARS = {
    "OPTIONS": "TILVALG", "COMMAND": "KOMMANDO", "ARGS": "ARG", "FILE": "FIL", "DIR": "MAPPE",
    "TEAM": "HOLD", "MATCH": "KAMP", "POSTCODE": "POSTNR", "CARD": "KORT", "OLD": "GAMMELT",
    "NEW": "NYT", "MEMBER": "MEDLEM", "IMPS": "IMP", "POINTS": "POINT", "ROUND": "RUNDE",
    "ACTION": "HANDLING", "PATH": "STI", "DATE": "DATO", "SEASON": "SÆSON", "HH:MM": "TT:MM",
    "HOST:PORT": "VÆRT:PORT", "SCALE": "SKALA", "NAME": "NAVN", "WEST": "VEST", "EAST": "ØST",
    "HOME": "HJEMME", "AWAY": "UDE", "ADDRESS": "ADRESSE", "WHY": "HVORFOR", "CLUB": "KLUB",
    "SECONDS": "SEKUNDER", "TEXT": "TEKST", "WHEN": "HVORNÅR", "NUMBER": "TAL", "KEY": "NØGLE",
    "FORMAT": "FORMAT", "URL": "URL", "IPS": "IP'ER", "BY": "HVEM", "WITNESS": "VIDNE",
    "ORDER": "RÆKKEFØLGE", "PAY_TEAM": "HOLD", "AMOUNT": "BELØB", "TEAMS": "HOLD", "BUNDLE": "BUNDT", "SOURCE": "KILDE", "VALUE": "VÆRDI",
}

#: Click's names of a value's type in a usage error ("'x' is not a valid int range").
TYPE_WORDS = {"integer range": "heltal", "int range": "heltal", "integer": "heltal",
              "float range": "tal", "float": "tal", "boolean": "ja/nej-værdi", "path": "sti"}

#: English help text -> Danish.
HELP: dict[str, str] = {
    "dbf: the tournament director's toolkit for Danish team bridge (DBF): the cup (§1.5) and the divisions (§1.1).\n\nExample: dbf --dir tournaments cup teams":
        'dbf: turneringslederens værktøj til dansk holdbridge (DBF): pokalturneringen (§1.5) og divisionerne (§1.1).\n\nEksempel: dbf --dir tournaments cup teams',
    'Tournaments folder (else $DBF_DIR, else ./tournaments).':
        'Turneringsmappen (ellers $DBF_DIR, ellers ./tournaments).',
    'Season, e.g. 2026-27 (else $DBF_SEASON, dbf.toml, newest).':
        'Sæson, fx 2026-27 (ellers $DBF_SEASON, dbf.toml, den nyeste).',
    'Exactly one JSON document on stdout.':
        'Præcis ét JSON-dokument på stdout.',
    "Seconds to wait for another dbf's lock (then exit 3).":
        "Antal sekunder, der ventes på en anden dbf's lås (derefter exit 3).",
    'Language of what people read: en or da (else $DBF_LANG, else lang in season.toml).':
        'Sprog for det, folk læser: en eller da (ellers $DBF_LANG, ellers lang i season.toml).',
    'Version and data attribution.':
        'Version og kildeangivelse for data.',
    'Install completion for the current shell.':
        'Installér fuldførelse for den aktuelle skal.',
    'Show completion for the current shell, to copy it or customize the installation.':
        'Vis fuldførelse for den aktuelle skal, så den kan kopieres eller installationen tilpasses.',
    'Validate every state file of the season; exit 1 if any rule is broken, 2 if a file is unreadable.\n\nEvery store module that defines ``check_season(store)`` takes part: settings,\nteams (§1.5.11, §1.5.12a, §1.5.3, §1.5.8), divisions (§1.1), draws, results, systems.\n\nExample: dbf check':
        'Kontrollér hver tilstandsfil i sæsonen; exit 1, hvis en regel er brudt, 2, hvis en fil ikke kan læses.\n\nHvert lagermodul, der definerer ``check_season(store)``, er med: indstillinger,\nhold (§1.5.11, §1.5.12a, §1.5.3, §1.5.8), divisioner (§1.1), lodtrækninger, resultater, systemer.\n\nEksempel: dbf check',
    'Print exactly one JSON document on stdout.':
        'Skriv præcis ét JSON-dokument på stdout.',
    'What is due or overdue: draws of the rounds the field plays (§1.5.16), result\nsheets and fees 18 hours after the end of play (agreed or official start + 7.5 min a board; §1.5.14, §1.5.15),\nHUM cards (§1.5.1.1, §2.10.5), division system descriptions (§1.1.1.2), the\nplay-off choice (§1.1.2.8). Made for cron: plain text, --quiet, --fail-on-overdue.\n\nExample: dbf deadlines --fail-on-overdue --quiet':
        'Hvad der forfalder eller er overskredet: lodtrækninger for de runder, feltet spiller (§1.5.16),\nresultatblanketter og indskud 18 timer efter spillets afslutning (aftalt eller officiel start + 7,5 min pr. spil; §1.5.14, §1.5.15),\nHUM-kort (§1.5.1.1, §2.10.5), divisionernes systembeskrivelser (§1.1.1.2),\nslutspilsvalget (§1.1.2.8). Lavet til cron: ren tekst, --quiet, --fail-on-overdue.\n\nEksempel: dbf deadlines --fail-on-overdue --quiet',
    'Pretend it is this date or date-time.':
        'Lad som om det er denne dato eller dato og klokkeslæt.',
    'Exit 1 when anything is overdue.':
        'Exit 1, når noget er overskredet.',
    'Print nothing when nothing is due.':
        'Skriv intet, når intet forfalder.',
    'Every deadline, done and far ahead too.':
        'Hver frist, også de overholdte og de fjerne.',
    'Show what is due within this many days.':
        'Vis hvad der forfalder inden for så mange dage.',
    'Print the table as CSV on stdout (UTF-8 with BOM).':
        'Skriv tabellen som CSV på stdout (UTF-8 med BOM).',
    'excel: comma and decimal point (default); excel-da: semicolon and decimal comma.':
        'excel: komma og decimalpunktum (standard); excel-da: semikolon og decimalkomma.',
    "Road distance estimate, sea crossings and UP from postcode FROM to TO (§1.5.4).\n\nThe km are a road estimate over Denmark's land masses, bridges and ferries\n(whole km, sailing distance included); UP is 1 per commenced 30 km plus\nferry UP (Storebælt, Kattegat, Østersøen) plus the round's overnight UP.\nPostcode data © GeoNames, CC BY 4.0.\n\nExample: dbf distance 8000 1050 --round 7":
        'Anslået vejafstand, overfarter og UP fra postnummer FRA til TIL (§1.5.4).\n\nKilometertallet er et anslag af vejen over Danmarks landområder, broer og færger\n(hele km, sejlafstand medregnet); UP er 1 pr. påbegyndt 30 km plus\nfærge-UP (Storebælt, Kattegat, Østersøen) plus rundens overnatnings-UP.\nPostnummerdata © GeoNames, CC BY 4.0.\n\nEksempel: dbf distance 8000 1050 --round 7',
    'Postcode travelled from, e.g. 8000.':
        'Postnummer der rejses fra, fx 8000.',
    'Postcode of the venue, e.g. 1050.':
        'Spillestedets postnummer, fx 1050.',
    'Cup round 1-9: adds the §1.5.4 overnight UP for rounds 7, 8, 9.':
        "Pokalrunde 1-9: lægger §1.5.4's overnatnings-UP til for runde 7, 8, 9.",
    'Create DIR/SEASON/ with a commented season.toml of defaults.\n\nExample: dbf --dir tournaments init --season 2027-28':
        'Opret MAPPE/SÆSON/ med en kommenteret season.toml med standardværdier.\n\nEksempel: dbf --dir tournaments init --season 2027-28',
    'Season to create, e.g. 2026-27.':
        'Sæsonen der oprettes, fx 2026-27.',
    'Show what would change; write nothing.':
        'Vis hvad der ville ændres; skriv intet.',
    "The cup's UP ledger (§1.5.4): UP credited per team, each from a recorded sheet.\n\nExample: dbf up KBH-3 --json":
        'Pokalens UP-regnskab (§1.5.4): UP godskrevet til hvert hold, hver fra en registreret resultatblanket.\n\nEksempel: dbf up KBH-3 --json',
    'Only this team.':
        'Kun dette hold.',
    "Guldpoint awarded in this season's cup (§1.5.10; §1.5.14 penalties applied).\n\nExample: dbf gp --csv > gp.csv":
        'Guldpoint tildelt i sæsonens pokalturnering (§1.5.10; fradrag efter §1.5.14 medregnet).\n\nEksempel: dbf gp --csv > gp.csv',
    'Only this member number.':
        'Kun dette medlemsnummer.',
    'The cup\'s fee ledger (§1.5.15): round fees per player, additions (§1.5.11),\njoined substitutes (§1.5.12), walkover fines; what is owed, paid, outstanding and\noverdue (past its §1.5.15 date: with the sheet of the round before, 18 hours after\nthe end of play, §1.5.14; after a bye, as if played on the official day); and the\ntravel refunds DBF owes each team (recorded claims, §1.5.17, §1.5.4).\n\n`dbf fees pay TEAM AMOUNT --on DATE [--note TEXT]` records money received (whole\nkroner; cup/payments.yaml, journaled); it settles the team\'s oldest charges first.\n\nExample: dbf fees pay ODE-1 300 --on 2027-01-12 --note "bank 4471"':
        'Pokalens indskudsregnskab (§1.5.15): rundeindskud for hver spiller, tilføjelser (§1.5.11),\nindtrådte substitutter (§1.5.12), bøder for walkover; hvad der skyldes, er betalt, udestår og\ner overskredet (efter fristen i §1.5.15: med resultatblanketten fra runden før, 18 timer efter\nspillets afslutning, §1.5.14; efter en oversidder, som om der var spillet på den officielle dag); og\nden rejsegodtgørelse, DBF skylder hvert hold (registrerede krav, §1.5.17, §1.5.4).\n\n`dbf fees pay HOLD BELØB --on DATO [--note TEKST]` registrerer modtagne penge (hele\nkroner; cup/payments.yaml, i journalen); holdets ældste poster udlignes først.\n\nEksempel: dbf fees pay ODE-1 300 --on 2027-01-12 --note "bank 4471"',
    'Only this team; or `pay TEAM AMOUNT`.':
        'Kun dette hold; eller `pay HOLD BELØB`.',
    'pay: the team that paid.':
        '`pay`: holdet der betalte.',
    'pay: whole kroner received.':
        '`pay`: hele kroner modtaget.',
    'pay: the day it was received (YYYY-MM-DD).':
        '`pay`: dagen beløbet blev modtaget (ÅÅÅÅ-MM-DD).',
    'pay: a note (e.g. the bank reference).':
        '`pay`: en note (fx bankens reference).',
    "pay: the round it is for (default: the team's last).":
        '`pay`: runden beløbet gælder (standard: holdets seneste).',
    'Pretend today is this date (YYYY-MM-DD).':
        'Lad som om i dag er denne dato (ÅÅÅÅ-MM-DD).',
    'Every write to the season: when, which command, what changed.\n\nExample: dbf log -n 5':
        'Hver skrivning til sæsonen: hvornår, hvilken kommando, hvad der ændredes.\n\nEksempel: dbf log -n 5',
    'Show only the last N writes (0: all).':
        'Vis kun de sidste N skrivninger (0: alle).',
    "Play-off pairings, carry-over (§1.1.2.10), home per section (§1.1.2.9) and results.\n\n`dbf playoff 1div` shows the semi-finals (and the final once both are played);\n`dbf playoff 3div` the runners-up match (§1.1.4.2).\n`dbf playoff 1div choose TEAM` records no. 1's choice of opponent (§1.1.2.8; refused after the deadline).\n`dbf playoff DIV result MATCH --half A-B x4 [--extra A-B ...]` records a result (§1.1.2.7, §1.1.2.11);\nIMPs in the order of the match's teams as shown.\n\nExample: dbf playoff 1div result 1div-SF1 --half 30-20 --half 10-12 --half 40-40 --half 5-9":
        "Slutspillets kampe, overført score (§1.1.2.10), hjemmebane pr. sektion (§1.1.2.9) og resultater.\n\n`dbf playoff 1div` viser semifinalerne (og finalen, når begge er spillet);\n`dbf playoff 3div` kampen mellem toerne (§1.1.4.2).\n`dbf playoff 1div choose HOLD` registrerer nr. 1's valg af modstander (§1.1.2.8; afvises efter fristen).\n`dbf playoff DIV result KAMP --half A-B x4 [--extra A-B ...]` registrerer et resultat (§1.1.2.7, §1.1.2.11);\nIMP i den rækkefølge, kampens hold vises i.\n\nEksempel: dbf playoff 1div result 1div-SF1 --half 30-20 --half 10-12 --half 40-40 --half 5-9",
    '1div, or 3div (3div-a / 3div-b) for the runners-up match.':
        '1div, eller 3div (3div-a / 3div-b) for kampen mellem toerne.',
    'none: show; `choose TEAM`; `result MATCH`.':
        'intet: vis; `choose HOLD`; `result KAMP`.',
    'TEAM for choose, MATCH for result.':
        'HOLD til `choose`, KAMP til `result`.',
    "result: IMPs of one half of 16 boards, A-B in the match's team order; 4 times.":
        '`result`: IMP i én halvleg på 16 spil, A-B i kampens holdrækkefølge; 4 gange.',
    'result: IMPs of a 4-board extra round (§1.1.2.11), A-B.':
        '`result`: IMP i en omspilsrunde på 4 spil (§1.1.2.11), A-B.',
    'Seed for the home lots (§1.1.2.9; default: the recorded one, else lots drawn with `dbf lot draw`).':
        'Seed til lodtrækningen om hjemmebane (§1.1.2.9; standard: den registrerede, ellers lod trukket med `dbf lot draw`).',
    "A short press report (Markdown, ready to paste into an e-mail): a cup round's results,\nupsets by seeding (§1.5.3) and the next round's draw; or a division weekend's results and\nstandings (§1.5.16: results available to the press).\n\nExample: dbf press 3    |    dbf --lang da press 2div --weekend 1":
        'En kort pressemeddelelse (Markdown, klar til at sætte ind i en e-mail): en pokalrundes resultater,\noverraskelser efter seedning (§1.5.3) og næste rundes lodtrækning; eller en divisionsweekends resultater og\nstilling (§1.5.16: resultaterne er tilgængelige for pressen).\n\nEksempel: dbf press 3    |    dbf --lang da press 2div --weekend 1',
    'Cup round 1-9, or a division id (1div, 2div, 3div-a, 3div-b) with --weekend.':
        'Pokalrunde 1-9, eller en division (1div, 2div, 3div-a, 3div-b) med --weekend.',
    'Division weekend 1-4 (with a division id).':
        'Divisionsweekend 1-4 (med en division).',
    'Also write the report to this file.':
        'Skriv også meddelelsen til denne fil.',
    "Write the season's website: a page per team (its matches, cup path, next match, players,\nUP and GP, its calendar), the bracket, draws and schedules, results, UP and GP tables,\ndivision standings, fixtures, cross-table and play-off, trophy history. Static HTML:\nopens from disk, uploads anywhere.\n\nExample: dbf publish --out /tmp/site && xdg-open /tmp/site/index.html":
        'Skriv sæsonens hjemmeside: en side for hvert hold (dets kampe, vej gennem pokalen, næste kamp, spillere,\nUP og GP, dets kalender), turneringsskemaet, lodtrækninger og programmer, resultater, UP- og GP-tabeller,\ndivisionernes stilling, kampprogram, krydstabel og slutspil, vandrepokalens historie. Statisk HTML:\nåbner fra disken, kan lægges op hvor som helst.\n\nEksempel: dbf publish --out /tmp/site && xdg-open /tmp/site/index.html',
    'Folder to write the site to (default: DIR/SEASON/site).':
        'Mappen siden skrives til (standard: MAPPE/SÆSON/site).',
    "Seating order (§1.5.13: away first in odd segments, last in even) and, with\n--lineups, the checks on unchanged pairs (consecutive segments, at most three meetings;\nHUM pairs may be met every segment). Home and away are the ones `dbf schedule cup`\ngives (§1.5.5: most UP, on equal UP the team drawn first; §1.5.13: a team with a pair\nthat may play HUM in the match, `dbf system register`, is away; §1.5.7: at DBF's venue\nthe team drawn first sits as home); --home/--away override them, with a note.\n\nExample: dbf seating C3-007 --lineups lineups.yaml":
        "Bordplacering (§1.5.13: udeholdet sætter sig først i ulige sektioner, sidst i lige) og, med\n--lineups, kontrollen af uændrede par (på hinanden følgende sektioner, højst tre møder;\nHUM-par må mødes i hver sektion). Hjemme og ude er dem, `dbf schedule cup`\ngiver (§1.5.5: flest UP, ved lige UP det først udtrukne hold; §1.5.13: et hold med et par,\nder må spille HUM i kampen, `dbf system register`, er ude; §1.5.7: på DBF's spillested\nsidder det først udtrukne hold som hjemmehold); --home/--away tilsidesætter dem, med en note.\n\nEksempel: dbf seating C3-007 --lineups lineups.yaml",
    'Cup match id, e.g. C3-007.':
        'Pokalkampens id, fx C3-007.',
    "The home team (default: the schedule's, §1.5.5).":
        'Hjemmeholdet (standard: programmets, §1.5.5).',
    "The away team (default: the schedule's, §1.5.5).":
        'Udeholdet (standard: programmets, §1.5.5).',
    'Segments (default 5; 6 from the quarter-final).':
        'Sektioner (standard 5; 6 fra kvartfinalen).',
    'Line-ups per segment (YAML) to check.':
        'Holdopstillinger pr. sektion (YAML), der skal kontrolleres.',
    'A captain demanded: unchanged pairs not in consecutive segments.':
        'En holdkaptajn har krævet: uændrede par ikke i på hinanden følgende sektioner.',
    "DIV's table: played, won/drawn/lost, IMPs, VP, rank and marks (play-off, promoted,\nrunner-up play-off, relegated), from the matches recorded so far.\n\nVP per match on the season's scale (`vp_scale`, default the WBF 20-VP continuous\nscale) with the match's own boards. Ties: VP, mini-league VP among the tied teams,\nIMP quotient, IMP difference, then lots (docs/readings/divisions-standings.md).\n\nExample: dbf standings 1div --round 6 --json":
        "Stillingen i DIV: spillede, vundne/uafgjorte/tabte, IMP, VP, placering og mærker (slutspil, oprykning,\nkamp mellem toerne, nedrykning), ud fra de kampe, der er registreret indtil nu.\n\nVP pr. kamp på sæsonens skala (`vp_scale`, standard WBF's kontinuerlige 20-VP-skala)\nmed kampens egne spil. Ved lighed: VP, VP i miniturneringen mellem de lige hold,\nIMP-kvotient, IMP-difference, derefter lodtrækning (docs/readings/divisions-standings.md).\n\nEksempel: dbf standings 1div --round 6 --json",
    'Division: 1div, 2div, 3div-a or 3div-b.':
        'Division: 1div, 2div, 3div-a eller 3div-b.',
    'The table after round N (later rounds left out).':
        'Stillingen efter runde N (senere runder udeladt).',
    'The challenge trophy (§1.5.1): who holds it, who is closest to winning it\noutright (3 finals in a row or 5 in all), and every outright win so far.\n\nThe finals are those of the history file (DIR/trophy.yaml, or --history) and\nthe finals recorded in every season folder (the captain of the team that won\nround 9).\n\nExample: dbf trophy --history finals.yaml --json':
        'Vandrepokalen (§1.5.1): hvem der har den, hvem der er nærmest til at vinde den\ntil ejendom (3 finaler i træk eller 5 i alt), og hver vundet pokal indtil nu.\n\nFinalerne er dem i historikfilen (MAPPE/trophy.yaml, eller --history) og\nde finaler, der er registreret i hver sæsonmappe (holdkaptajnen for holdet, der vandt\nrunde 9).\n\nEksempel: dbf trophy --history finals.yaml --json',
    'Finals file (default DIR/trophy.yaml).':
        'Fil med finaler (standard MAPPE/trophy.yaml).',
    'Revert the last write to the season (as shown by `dbf log`); the undo is journaled too,\nso a second `dbf undo` redoes. Refuses when a file was changed since by hand.\n\nExample: dbf undo --dry-run':
        'Fortryd den seneste skrivning til sæsonen (som `dbf log` viser den); fortrydelsen kommer også i journalen,\nså endnu en `dbf undo` gør den om. Afviser, når en fil siden er ændret manuelt.\n\nEksempel: dbf undo --dry-run',
    'Victory points for an IMP margin on the WBF 20-VP continuous scale (2013).\n\nVP = 10 + 10(1 - t^(3M/X))/(1 - t^3), t = (sqrt 5 - 1)/2, X = 15 sqrt N, to 2 decimals,\nwith the published tables\' concavity correction; the loser gets 20 - winner.\nWithout IMPS: the whole scale for N boards, margin 0 to the blitz. --scale picks\nanother scale: "season" (season.toml\'s vp_scale) or a VP table file of the season.\n\nExample: dbf vp 21 --boards 36 --json':
        'Victorypoint (VP) for en IMP-margin på WBF\'s kontinuerlige 20-VP-skala (2013).\n\nVP = 10 + 10(1 - t^(3M/X))/(1 - t^3), t = (sqrt 5 - 1)/2, X = 15 sqrt N, med 2 decimaler,\nmed de offentliggjorte tabellers konkavitetskorrektion; taberen får 20 - vinderen.\nUden IMP: hele skalaen for N spil, margin 0 til blitz. --scale vælger\nen anden skala: "season" (season.toml\'s vp_scale) eller en VP-tabelfil i sæsonen.\n\nEksempel: dbf vp 21 --boards 36 --json',
    'IMP margin (its sign is ignored). Leave out for the whole scale.':
        'IMP-margin (fortegnet ses der bort fra). Udelad for hele skalaen.',
    'Boards in the match (§1.1.2.1: 36 with screens, 40 without).':
        'Spil i kampen (§1.1.2.1: 36 med skærme, 40 uden).',
    '"wbf-20", "season" (the season\'s vp_scale) or a VP table file in the season.':
        '"wbf-20", "season" (sæsonens vp_scale) eller en VP-tabelfil i sæsonen.',
    'IMPs for a point difference on one board (WBF IMP scale, Law 78B; sign kept).\n\nExample: dbf imps 430 --json':
        "IMP for en pointdifference i ét spil (WBF's IMP-skala, lov 78B; fortegn bevaret).\n\nEksempel: dbf imps 430 --json",
    'Point difference on a board (negative: the other side).':
        'Pointdifference i et spil (negativ: den anden side).',
    'The cup (Pokalturneringen, §1.5): teams, added players.':
        'Pokalturneringen (§1.5): hold, tilføjede spillere.',
    'Register cup teams from FILE; re-entering an existing id updates that team.\n\nChecks §1.5.11 (4-6 players), the captain, postcodes (§1.5.8) and players on\ntwo teams (§1.5.12a) over the whole cup after the update.\n\nExample: dbf cup enter teams.yaml':
        'Tilmeld pokalhold fra FIL; et eksisterende id tilmeldt igen opdaterer holdet.\n\nKontrollerer §1.5.11 (4-6 spillere), holdkaptajnen, postnumre (§1.5.8) og spillere på\nto hold (§1.5.12a) i hele pokalturneringen efter opdateringen.\n\nEksempel: dbf cup enter teams.yaml',
    'Teams file, YAML or CSV (docs/interface.md).':
        'Holdfil, YAML eller CSV (docs/interface.md).',
    "The cup's teams with club, postcode, entry round (§1.5.3) and players: the roster,\nadditions (§1.5.11) and joined substitutes (§1.5.12), less players withdrawn.\n\nExample: dbf cup teams --json":
        'Pokalens hold med klub, postnummer, indgangsrunde (§1.5.3) og spillere: holdlisten,\ntilføjelser (§1.5.11) og indtrådte substitutter (§1.5.12), fratrukket udtrådte spillere.\n\nEksempel: dbf cup teams --json',
    'Record that a team of 4-5 adds a player from round N (§1.5.11), told to the TD\nbefore the match; written to cup/additions.yaml. Refused (exit 1) when the team\nwould have more than 6 players (§1.5.11), when the player is on another cup team\n(§1.5.12a), when the TD is told after the team\'s match of that round, or when the\nteam is already out. Round fees are due for the player from that round (`dbf fees`).\n\nExample: dbf cup add-player ODE-1 --round 3 --id 100240 --name "Eva Berg" --club 4100':
        'Registrér, at et hold på 4-5 spillere tilføjer en spiller fra runde N (§1.5.11), meddelt\nturneringslederen før kampen; skrives i cup/additions.yaml. Afvises (exit 1), når holdet\nville få mere end 6 spillere (§1.5.11), når spilleren er på et andet pokalhold\n(§1.5.12a), når turneringslederen får besked efter holdets kamp i den runde, eller når\nholdet allerede er ude. Rundeindskud betales for spilleren fra den runde (`dbf fees`).\n\nEksempel: dbf cup add-player ODE-1 --round 3 --id 100240 --name "Eva Berg" --club 4100',
    'Cup team id, e.g. ODE-1.':
        'Pokalholdets id, fx ODE-1.',
    'The round the player enters (1-9).':
        'Runden, hvor spilleren træder ind (1-9).',
    "The player's member number.":
        'Spillerens medlemsnummer.',
    "The player's name.":
        'Spillerens navn.',
    "The player's club number.":
        'Spillerens klubnummer.',
    "The player's division this season (1-3).":
        'Spillerens division i denne sæson (1-3).',
    'When the TD was told (YYYY-MM-DD; default today).':
        'Hvornår turneringslederen fik besked (ÅÅÅÅ-MM-DD; standard i dag).',
    'Take a player who has not played off a team from round N (§1.5.11), so that a\nsubstitute may join it (§1.5.12) or a player be added without making it more than 6;\nwritten to cup/withdrawals.yaml. Refused (exit 1, §1.5.11) when he has played for the\nteam, when the team is out, when its match of that round is recorded, or when it would\nkeep fewer than 4 players; exit 2 for an unknown team or a player not on it. He pays no\nround fee from that round (`dbf fees`).\n\nExample: dbf cup withdraw-player ODE-1 100240 --note "moved abroad"':
        'Tag en spiller, der ikke har spillet, af et hold fra runde N (§1.5.11), så en\nsubstitut kan træde ind (§1.5.12) eller en spiller tilføjes uden at holdet får mere end 6;\nskrives i cup/withdrawals.yaml. Afvises (exit 1, §1.5.11), når spilleren har spillet for\nholdet, når holdet er ude, når dets kamp i den runde er registreret, eller når holdet\nville beholde færre end 4 spillere; exit 2 for et ukendt hold eller en spiller, der ikke er på det.\nSpilleren betaler intet rundeindskud fra den runde (`dbf fees`).\n\nEksempel: dbf cup withdraw-player ODE-1 100240 --note "flyttet til udlandet"',
    "The first round he is off the team (default: the team's next round).":
        'Den første runde spilleren er ude af holdet (standard: holdets næste runde).',
    'When the TD decided (YYYY-MM-DD; default today).':
        'Hvornår turneringslederen besluttede det (ÅÅÅÅ-MM-DD; standard i dag).',
    'Why, for the journal and the file.':
        'Hvorfor, til journalen og filen.',
    'The divisions (§1.1): teams.':
        'Divisionerne (§1.1): hold.',
    "Register DIV's teams from FILE, in seeding order (last season's order, §1.1.2.3).\n\nThe file replaces the division's roster. Checks 12 teams (§1.1.2.1), captains,\npostcodes, and that no team or player is in two divisions.\n\nExample: dbf division enter 1div first-division.yaml":
        'Tilmeld holdene i DIV fra FIL i seedningsrækkefølge (sidste sæsons rækkefølge, §1.1.2.3).\n\nFilen erstatter divisionens holdliste. Kontrollerer 12 hold (§1.1.2.1), holdkaptajner,\npostnumre, og at intet hold eller ingen spiller er i to divisioner.\n\nEksempel: dbf division enter 1div first-division.yaml',
    'Teams file, YAML or CSV.':
        'Holdfil, YAML eller CSV.',
    "DIV's teams in seeding order.\n\nExample: dbf division teams 2div --json":
        'Holdene i DIV i seedningsrækkefølge.\n\nEksempel: dbf division teams 2div --json',
    "Entry fees of the division teams (§1.1.1.3): base amount + travel refund pool\ncontribution per team, from season.toml, and each division's pool total.\n\nExample: dbf division fees 1div --json":
        'Divisionsholdenes indskud (§1.1.1.3): grundbeløb + bidrag til puljen for\nrejsegodtgørelse pr. hold, fra season.toml, og hver divisions samlede pulje.\n\nEksempel: dbf division fees 1div --json',
    'Division (default: all four).':
        'Division (standard: alle fire).',
    'Draws by lot: `draw cup --round N` (§1.5.2, §1.5.3, §1.5.16); `draw commit` before, `draw verify` after.':
        'Lodtrækninger: `draw cup --round N` (§1.5.2, §1.5.3, §1.5.16); `draw commit` før, `draw verify` efter.',
    'Draw round N of the cup by lot and record it in cup/draws/round-NN.yaml.\n\nRounds 1-2 are drawn in the pools (1 east, 2 west of the Great Belt), with no\ntwo teams of one captain\'s club meeting in round 1 and a match for every\nnon-division team (§1.5.2); division teams enter in round 3 or 4 (§1.5.3);\nbyes go by lot. The previous round must have every result, except a match\nwith a recorded dispensation (§1.5.6): its winner is drawn as a pending\nplace, "winner of C1-032", filled when its result is recorded. The seed is\nrecorded: the same seed on the same state gives the same draw. A drawn\nround is redrawn only with --force and only while it has no results.\nWhile a dispute or a sheet with errors of form of the previous round waits\nfor the TD (`dbf result pending`), the draw is refused (§1.5.16, exit 1);\n--force draws anyway and the journal names what waited.\nAfter `dbf draw commit --round N` the draw uses the committed secret (with\n--beacon when the commitment names a beacon source), reveals it in the draw\nfile, and `dbf draw verify --round N` checks it.\n\nExample: dbf draw cup --round 1 --seed 2627':
        'Træk lod om pokalens runde N, og registrér den i cup/draws/round-NN.yaml.\n\nRunde 1-2 trækkes i puljerne (1 øst, 2 vest for Storebælt), så to hold fra\nsamme holdkaptajns klub ikke mødes i runde 1, og hvert hold uden for divisionerne\nfår en kamp (§1.5.2); divisionshold træder ind i runde 3 eller 4 (§1.5.3);\noversiddere udtrækkes ved lod. Den forrige runde skal have alle resultater, undtagen en kamp\nmed en registreret dispensation (§1.5.6): dens vinder trækkes som en ventende\nplads, "vinderen af C1-032", der udfyldes, når resultatet registreres. Seedet\nregistreres: samme seed på samme tilstand giver samme lodtrækning. En trukket\nrunde trækkes kun om med --force og kun, mens den ikke har resultater.\nMens en protest eller en resultatblanket med formfejl fra den forrige runde venter\npå turneringslederen (`dbf result pending`), afvises lodtrækningen (§1.5.16, exit 1);\n--force trækker alligevel, og journalen nævner, hvad der ventede.\nEfter `dbf draw commit --round N` bruger lodtrækningen den forpligtede hemmelighed (med\n--beacon, når forpligtelsen nævner et fyrtårn), afslører den i lodtrækningsfilen,\nog `dbf draw verify --round N` efterprøver den.\n\nEksempel: dbf draw cup --round 1 --seed 2627',
    'Cup round 1-9 (3 = 1/64 final, 9 = final).':
        'Pokalrunde 1-9 (3 = 1/64-finale, 9 = finale).',
    'Seed of the lot (default: a fresh random one).':
        'Lodtrækningens seed (standard: et nyt tilfældigt).',
    "The public random value of the beacon the commitment names (e.g. a drand round's randomness).":
        'Den offentlige tilfældige værdi fra det fyrtårn, forpligtelsen nævner (fx en drand-rundes tilfældighed).',
    'Redraw a drawn round that has no results yet; or draw while a sheet of the previous round waits for the TD (§1.5.16; the journal says so).':
        'Træk om i en trukket runde, der endnu ikke har resultater; eller træk, mens en resultatblanket fra den forrige runde venter på turneringslederen (§1.5.16; journalen siger det).',
    'Before the draw of cup round N: make a fresh secret, keep it in SEASON/.draw-secrets\n(never in git or the site), and record a commitment (SHA-256) to it, the season, the\nround and the field as it will be drawn, in cup/commitments/round-NN.yaml. Publish it\n(dbf publish, dbf notify commitment) before the draw; `dbf draw cup --round N` then\ndraws with the secret and reveals it, and anyone can check the draw with `dbf draw\nverify` (§1.5.16). The round must be drawable now (§1.5.2, §1.5.3, §1.5.16).\n\nExample: dbf draw commit --round 3 --beacon-source "drand quicknet round 12345678"':
        'Før lodtrækningen i pokalrunde N: lav en ny hemmelighed, gem den i SÆSON/.draw-secrets\n(aldrig i git eller på hjemmesiden), og registrér en forpligtelse (SHA-256) til den, sæsonen,\nrunden og feltet, som det vil blive trukket, i cup/commitments/round-NN.yaml. Offentliggør den\n(dbf publish, dbf notify commitment) før lodtrækningen; `dbf draw cup --round N` trækker\nderefter med hemmeligheden og afslører den, og alle kan efterprøve lodtrækningen med `dbf draw\nverify` (§1.5.16). Runden skal kunne trækkes nu (§1.5.2, §1.5.3, §1.5.16).\n\nEksempel: dbf draw commit --round 3 --beacon-source "drand quicknet round 12345678"',
    "A public random value the draw will be mixed with, named before the commit and unknown at it (e.g. 'drand quicknet round 12345678').":
        "En offentlig tilfældig værdi, som lodtrækningen blandes med, nævnt før forpligtelsen og ukendt, da den blev lavet (fx 'drand quicknet round 12345678').",
    'Replace a commitment not drawn yet (the old one is published as withdrawn, its secret revealed).':
        'Erstat en forpligtelse, der endnu ikke er trukket (den gamle offentliggøres som trukket tilbage, med hemmeligheden afsløret).',
    'Recompute a committed draw from its field, secret and beacon with its own algorithm\nversion, check the secret against the commitment and the field against its digest:\nexit 0 when it verifies, 1 naming what differs (a match, a bye, the secret, the field).\n\nExample: dbf draw verify --round 3   |   dbf draw verify --bundle site/verify-cup-round-03.json':
        'Genberegn en forpligtet lodtrækning ud fra dens felt, hemmelighed og fyrtårn med dens egen algoritmeversion, efterprøv hemmeligheden mod forpligtelsen og feltet mod dets digest:\nexit 0, når den holder, 1 med navn på det, der afviger (en kamp, en oversidder, hemmeligheden, feltet).\n\nEksempel: dbf draw verify --round 3   |   dbf draw verify --bundle site/verify-cup-round-03.json',
    'A committed cup round of this season.':
        'En forpligtet pokalrunde i denne sæson.',
    'A verification bundle (verify-*.json of the published site); no season folder needed.':
        'Et efterprøvningsbundt (verify-*.json fra den offentliggjorte hjemmeside); ingen sæsonmappe nødvendig.',
    'Exports for the federation: `export usebio --round N | --division DIV`.':
        'Eksport til forbundet: `export usebio --round N | --division DIV`.',
    'A cup round or a division as USEBIO 1.3 XML: teams, players with their DBF member\nnumbers (NATIONAL_ID_NUMBER), matches and IMPs, the GP awarded in the round as master\npoints (§1.5.10); a division\'s teams with their place and VP (§1.1). Written to --out\nFILE, else printed (with --json: under "xml").\n\nExample: dbf export usebio --round 3 --out c3.xml   |   dbf export usebio --division 1div':
        'En pokalrunde eller en division som USEBIO 1.3 XML: hold, spillere med deres DBF-medlemsnumre (NATIONAL_ID_NUMBER), kampe og IMP, de GP, der er tildelt i runden, som mesterpoint\n(§1.5.10); en divisions hold med placering og VP (§1.1). Skrives til --out\nFIL, ellers på stdout (med --json: under "xml").\n\nEksempel: dbf export usebio --round 3 --out c3.xml   |   dbf export usebio --division 1div',
    'Cup round 1-9 to export.':
        'Pokalrunde 1-9, der eksporteres.',
    'Division to export: 1div, 2div, 3div-a, 3div-b.':
        'Division der eksporteres: 1div, 2div, 3div-a, 3div-b.',
    'Write the XML to FILE (default: stdout).':
        'Skriv XML til FIL (standard: stdout).',
    'Lots of the divisions: ties after every tie-break (§1.1.3.2), home in a play-off match (§1.1.2.9, §1.1.4.2), a vacancy place too late for a match (§1.1.1.1).':
        'Divisionernes lodtrækninger: lighed efter alle placeringskriterier (§1.1.3.2), hjemmebane i en slutspilskamp (§1.1.2.9, §1.1.4.2), en vakanceplads for sent til en kamp (§1.1.1.1).',
    'The lots still to draw (with the command that draws each) and those recorded.\n\nExample: dbf lot list --json':
        'De lodtrækninger, der mangler (med kommandoen der trækker hver), og de registrerede.\n\nEksempel: dbf lot list --json',
    'dbf draws the lot KEY: the order from the operating system\'s randomness (a fresh seed,\nrecorded, so `rules.lots.draw_order(teams, seed)` replays it), with who and the witnesses.\nAfter `dbf lot commit KEY` the lot is drawn with the committed secret (and --beacon),\nrevealed in the lot, and `dbf lot verify KEY` checks it.\n\nExample: dbf lot draw 2div --by "Jens Hansen" --witness "Anne Holm"':
        'dbf trækker lod om NØGLE: rækkefølgen fra styresystemets tilfældighed (et nyt seed,\nregistreret, så `rules.lots.draw_order(teams, seed)` gentager den), med hvem der trak lod, og vidnerne.\nEfter `dbf lot commit NØGLE` trækkes lod med den forpligtede hemmelighed (og --beacon),\nder afsløres i lodtrækningen, og `dbf lot verify NØGLE` efterprøver den.\n\nEksempel: dbf lot draw 2div --by "Jens Hansen" --witness "Anne Holm"',
    'What the lot decides: a division (2div), a play-off match (1div-SF1, 3div-PO) or a vacancy match (3div-PO3, Q-PO1).':
        'Hvad lodtrækningen afgør: en division (2div), en slutspilskamp (1div-SF1, 3div-PO) eller en vakancekamp (3div-PO3, Q-PO1).',
    'Who drew the lot (the TD).':
        'Hvem der trak lod (turneringslederen).',
    "The teams drawn among, A,B[,C] (default: the pending lot's).":
        'Holdene der trækkes lod mellem, A,B[,C] (standard: den ventende lodtræknings).',
    'Who witnessed the draw; repeat for more.':
        'Hvem der overværede lodtrækningen; gentag for flere.',
    'When it was drawn (YYYY-MM-DDTHH:MM; default: now, UTC).':
        'Hvornår der blev trukket lod (ÅÅÅÅ-MM-DDTtt:mm; standard: nu, UTC).',
    "The beacon's value, when the lot's commitment names a beacon source.":
        'Fyrtårnets værdi, når lodtrækningens forpligtelse nævner et fyrtårn.',
    'Before dbf draws the lot KEY: a fresh secret, kept in SEASON/.draw-secrets (never in\ngit or the site), and a commitment to it, the season, the lot and its teams, recorded in\ndivisions/lot-commitments.yaml and published (dbf publish). `dbf lot draw KEY` then\ndraws with the secret and reveals it; `dbf lot verify KEY` checks it.\n\nExample: dbf lot commit 2div --beacon-source "drand quicknet round 12345678"':
        'Før dbf trækker lod om NØGLE: en ny hemmelighed, gemt i SÆSON/.draw-secrets (aldrig i\ngit eller på hjemmesiden), og en forpligtelse til den, sæsonen, lodtrækningen og dens hold, registreret i\ndivisions/lot-commitments.yaml og offentliggjort (dbf publish). `dbf lot draw NØGLE` trækker\nderefter med hemmeligheden og afslører den; `dbf lot verify NØGLE` efterprøver den.\n\nEksempel: dbf lot commit 2div --beacon-source "drand quicknet round 12345678"',
    'Recompute a committed lot from its teams, secret and beacon, check the secret against\nthe commitment and the teams against the field committed: exit 0 when it verifies, 1\nnaming what differs (the order, the secret, the field).\n\nExample: dbf lot verify 2div   |   dbf lot verify --bundle site/verify-lot-2div-ALL-B-KBH-A.json':
        'Genberegn en forpligtet lodtrækning ud fra dens hold, hemmelighed og fyrtårn, efterprøv hemmeligheden mod\nforpligtelsen og holdene mod det forpligtede felt: exit 0, når den holder, 1\nmed navn på det, der afviger (rækkefølgen, hemmeligheden, feltet).\n\nEksempel: dbf lot verify 2div   |   dbf lot verify --bundle site/verify-lot-2div-ALL-B-KBH-A.json',
    'A verification bundle (verify-lot-*.json of the published site); no season folder needed.':
        'Et efterprøvningsbundt (verify-lot-*.json fra den offentliggjorte hjemmeside); ingen sæsonmappe nødvendig.',
    'Take a recorded lot back, as its own journaled write (`dbf log` shows it, `dbf undo` puts\nit back): for a lot whose tie a corrected result has broken, before the correction. Refused\n(exit 1, nothing written) while a recorded play-off result stands on it or next season was\nbuilt with it.\n\nExample: dbf lot remove 2div --teams ESB-A,FYN-A':
        'Tag en registreret lodtrækning tilbage som sin egen skrivning i journalen (`dbf log` viser den, `dbf undo` sætter\nden tilbage): for en lodtrækning, hvis lighed et rettet resultat har brudt, før rettelsen. Afvises\n(exit 1, intet skrevet), mens et registreret slutspilsresultat bygger på den, eller næste sæson er\nbygget med den.\n\nEksempel: dbf lot remove 2div --teams ESB-A,FYN-A',
    'The teams of the lot, A,B[,C] (when KEY has more than one recorded lot).':
        'Lodtrækningens hold, A,B[,C] (når NØGLE har mere end én registreret lodtrækning).',
    'Record a lot the TD drew by hand: the order drawn (first = better place / home / goes up).\n\nExample: dbf lot record 2div --order KBH-A,ALL-B --by "Jens Hansen" --witness "Anne Holm" --at 2027-03-01T19:30':
        'Registrér en lodtrækning, turneringslederen trak manuelt: den trukne rækkefølge (først = bedre placering / hjemme / rykker op).\n\nEksempel: dbf lot record 2div --order KBH-A,ALL-B --by "Jens Hansen" --witness "Anne Holm" --at 2027-03-01T19:30',
    'The drawn order, first drawn first: A,B[,C].':
        'Den trukne rækkefølge, først trukket først: A,B[,C].',
    'E-mails to the captains (§1.5.16): `notify draw --round N`.':
        'E-mails til holdkaptajnerne (§1.5.16): `notify draw --round N`.',
    "Write one e-mail (.eml) per captain of cup round N: match, opponent, home or away, venue\n(street address when the teams file has it), weekday, date and time, UP of the trip, the\nopponent captain's name, e-mail and phone to agree the time (§1.5.6), the result-sheet\ndeadline (§1.5.14: 18 hours after the match) and the pre-filled sheet attached.\nWith --smtp HOST:PORT the messages are sent instead (captains without an address are skipped).\n\nExample: dbf notify draw --round 3 --out mail/   |   dbf notify draw --round 3 --smtp localhost:25":
        'Skriv én e-mail (.eml) til hver holdkaptajn i pokalrunde N: kamp, modstander, hjemme eller ude, spillested\n(gadeadresse, når holdfilen har den), ugedag, dato og tid, rejsens UP, navn, e-mail og telefon på\nmodstanderholdets holdkaptajn til at aftale tidspunktet (§1.5.6), fristen for resultatblanketten\n(§1.5.14: 18 timer efter kampen) og den forudfyldte resultatblanket vedhæftet.\nMed --smtp VÆRT:PORT sendes meddelelserne i stedet (holdkaptajner uden adresse springes over).\n\nEksempel: dbf notify draw --round 3 --out mail/   |   dbf notify draw --round 3 --smtp localhost:25',
    'Cup round 1-9 whose draw is sent.':
        'Pokalrunde 1-9, hvis lodtrækning sendes.',
    'Folder for the .eml files (one per captain).':
        'Mappe til .eml-filerne (én pr. holdkaptajn).',
    'HOST:PORT of an SMTP server: send instead of writing files.':
        'VÆRT:PORT for en SMTP-server: send i stedet for at skrive filer.',
    'Sender address (else mail_from in DIR/dbf.toml, else td@example.invalid).':
        'Afsenderadresse (ellers mail_from i MAPPE/dbf.toml, ellers td@example.invalid).',
    'Do not attach the pre-filled sheet.':
        'Vedhæft ikke den forudfyldte resultatblanket.',
    "Before the draw of cup round N: one e-mail per captain of every cup team still in the\ncup with the commitment to the draw (`dbf draw commit`) and its beacon source, so the\ncaptains hold it before the draw; the draw's e-mail (`notify draw`) reveals the secret\n(§1.5.16).\n\nExample: dbf notify commitment --round 3 --out mail/":
        'Før lodtrækningen i pokalrunde N: én e-mail til holdkaptajnen for hvert pokalhold, der stadig er med\ni pokalturneringen, med forpligtelsen til lodtrækningen (`dbf draw commit`) og dens fyrtårn, så\nholdkaptajnerne har den før lodtrækningen; lodtrækningens e-mail (`notify draw`) afslører hemmeligheden\n(§1.5.16).\n\nEksempel: dbf notify commitment --round 3 --out mail/',
    '1div, 2div, 3div-a or 3div-b.':
        '1div, 2div, 3div-a eller 3div-b.',
    'The division weekend (1-4).':
        'Divisionsweekenden (1-4).',
    'For cron: remind the captains of a cup result sheet that is overdue (§1.5.14: the\nwinning team sends it within 18 hours; both captains are told, as the winner is not known\nuntil it arrives) and a team of a cup fee it owes (§1.5.14/§1.5.15). Nothing due: no mail.\n\nExample: dbf notify reminders --smtp localhost:25':
        'Til cron: mind holdkaptajnerne om en resultatblanket fra pokalen, der er overskredet (§1.5.14: det\nvindende hold sender den inden for 18 timer; begge holdkaptajner får besked, da vinderen ikke kendes,\nfør den kommer) og et hold om et pokalindskud, det skylder (§1.5.14/§1.5.15). Intet forfaldent: ingen mail.\n\nEksempel: dbf notify reminders --smtp localhost:25',
    'Pretend it is this time (YYYY-MM-DDTHH:MM).':
        'Lad som om klokken er dette (ÅÅÅÅ-MM-DDTtt:mm).',
    'Qualification to the 3rd division (§1.1.5.1-2): the east tournament, Kreds IV, the qualifiers file.':
        'Kvalifikation til tredje division (§1.1.5.1-2): østturneringen, Kreds IV, kvalifikationsfilen.',
    "The qualifiers file for `dbf season rollover --qualifiers` (§1.1.5.1-2): Kreds IV's\nranking (west), Kreds II's direct team and the east tournament's final ranking, with a\nteam record for each. Needs the east tournament complete (exit 1 otherwise).\n\nExample: dbf qualification qualifiers --membership 5200 4800 --out qualifiers.yaml":
        "Kvalifikationsfilen til `dbf season rollover --qualifiers` (§1.1.5.1-2): Kreds IV's\nrækkefølge (vest), Kreds II's direkte hold og østturneringens endelige rækkefølge, med en\nholdpost for hvert. Kræver, at østturneringen er færdigspillet (ellers exit 1).\n\nEksempel: dbf qualification qualifiers --membership 5200 4800 --out qualifiers.yaml",
    'Write the qualifiers file here.':
        'Skriv kvalifikationsfilen her.',
    'Members west and east of the Great Belt (§1.1.5.1).':
        'Medlemmer vest og øst for Storebælt (§1.1.5.1).',
    'The east qualification tournament (§1.1.5.2): 1 Bornholm, 2 Copenhagen, 3 Kreds II.':
        'Østturneringen (§1.1.5.2): 1 Bornholm, 2 København, 3 Kreds II.',
    "Enter the east tournament's teams, each with `region: bornholm | copenhagen | kreds2`\n(§1.1.5.2: 1 + 2 + 3), and under `direct:` Kreds II's own qualifier. Refused once results\nare recorded (the schedule follows the entry order).\n\nExample: dbf qualification east enter east.yaml":
        "Tilmeld østturneringens hold, hver med `region: bornholm | copenhagen | kreds2`\n(§1.1.5.2: 1 + 2 + 3), og under `direct:` Kreds II's egen kvalificerede. Afvises, når resultater\ner registreret (programmet følger tilmeldingsrækkefølgen).\n\nEksempel: dbf qualification east enter east.yaml",
    'A teams file (YAML, teams-file form; see docs/readings/playoff-rollover.md).':
        'En holdfil (YAML, på holdfilens form; se docs/readings/playoff-rollover.md).',
    'The areas agreed another field than 1 + 2 + 3 (§1.1.5.2).':
        'Områderne har aftalt et andet felt end 1 + 2 + 3 (§1.1.5.2).',
    "The east tournament's all-play-all (§1.1.5.2): 5 rounds of 24-board matches over one\nweekend, match ids QE-Rnn-mm (circle method over the entry order).\n\nExample: dbf qualification east schedule --json":
        'Østturneringens alle-mod-alle (§1.1.5.2): 5 runder med kampe på 24 spil over én\nweekend, kamp-id QE-Rnn-mm (cirkelmetoden over tilmeldingsrækkefølgen).\n\nEksempel: dbf qualification east schedule --json',
    'Record one east-tournament match (24 boards, §1.1.5.2): IMPs home first. Re-recording\na match replaces its result.\n\nExample: dbf qualification east result QE-R01-01 --imps 52 31':
        'Registrér én kamp i østturneringen (24 spil, §1.1.5.2): IMP, hjemmeholdet først. En kamp\nregistreret igen får sit resultat erstattet.\n\nEksempel: dbf qualification east result QE-R01-01 --imps 52 31',
    'Match id, e.g. QE-R01-02.':
        'Kampens id, fx QE-R01-02.',
    'IMPs of the home team, then the away team.':
        'Hjemmeholdets IMP, derefter udeholdets.',
    "The east tournament's table (§1.1.5.2): VP by the WBF 20-VP scale for 24 boards, then IMP\ndifference, then the mutual match; teams still level are flagged for lots. The first two\nqualify (Kreds II's direct team takes the third east place).\n\nExample: dbf qualification east standings --json":
        "Østturneringens stilling (§1.1.5.2): VP efter WBF's 20-VP-skala for 24 spil, derefter IMP-difference, derefter den indbyrdes kamp; hold der stadig står lige, markeres til lodtrækning. De to første\nkvalificerer sig (Kreds II's direkte hold tager den tredje østplads).\n\nEksempel: dbf qualification east standings --json",
    "Kreds IV's three places west of the Great Belt (§1.1.5.2).":
        "Kreds IV's tre pladser vest for Storebælt (§1.1.5.2).",
    "Enter Kreds IV's teams in its ranking order, best first (§1.1.5.2: Kreds IV finds the\nthree west teams; the 4th and on are the reserves of §1.1.1.1).\n\nExample: dbf qualification west enter kreds4.yaml":
        "Tilmeld Kreds IV's hold i dens rækkefølge, bedste først (§1.1.5.2: Kreds IV finder de\ntre vesthold; nr. 4 og derefter er reserverne efter §1.1.1.1).\n\nEksempel: dbf qualification west enter kreds4.yaml",
    'Result sheets (§1.5.9-§1.5.15, §2.11): check, submit, amend, walkover.':
        'Resultatblanketter (§1.5.9-§1.5.15, §2.11): kontrollér, indsend, ret, walkover.',
    "Pre-filled result sheets: one per match with all dbf knows (§1.5.4-§1.5.14).\n\nMatch id, round, date and time, venue, both rosters with additions, segments and\nboards (§1.5.9), the UP dbf computes for the away team's trip (§1.5.4), natural_pairs\nwhere a HUM pair plays (§1.5.1.2), the §1.5.14 deadline, and comments saying what to\nfill in: the IMPs and the boards each player played. --format html prints one A4\npage per match for captains who fill it in by hand.\n\nExample: dbf result blank --round 1 --out sheets/":
        'Forudfyldte resultatblanketter: én til hver kamp med alt, hvad dbf ved (§1.5.4-§1.5.14).\n\nKamp-id, runde, dato og tid, spillested, begge holdlister med tilføjelser, sektioner og\nspil (§1.5.9), de UP, dbf beregner for udeholdets rejse (§1.5.4), natural_pairs\nhvor et HUM-par spiller (§1.5.1.2), fristen efter §1.5.14, og kommentarer om, hvad der skal\nudfyldes: IMP og de spil, hver spiller har spillet. --format html skriver én A4-side pr. kamp til holdkaptajner, der udfylder den i hånden.\n\nEksempel: dbf result blank --round 1 --out sheets/',
    'Match ids, e.g. C1-001.':
        'Kamp-id, fx C1-001.',
    'Every match of this cup round.':
        'Hver kamp i denne pokalrunde.',
    'Folder to write into (default: here).':
        'Mappe der skrives i (standard: her).',
    'yaml (one sheet per match) or html (printable, one A4 page per match).':
        'yaml (én resultatblanket pr. kamp) eller html (til udskrift, én A4-side pr. kamp).',
    "Turn a scoring program's file into a result sheet (§1.5.9, §1.5.10, §1.5.14).\n\nScores each board at both tables (contracts scored by the bridge scoring table,\nchecked against the scores the file states), IMPs per board by the WBF table and\nper segment, and the boards each player played from who sat where; names are\nmatched to the rosters (member number where the file has one). Reports what it\ncould not know (the UP of the trip, who signed). Formats: docs/formats/import.md.\n\nExample: dbf result import round1.pbn --match C1-001 --out C1-001.yaml":
        "Gør en fil fra et regneprogram til en resultatblanket (§1.5.9, §1.5.10, §1.5.14).\n\nBeregner hvert spil ved begge borde (kontrakter scoret efter bridgens scoretabel,\nkontrolleret mod de scorer, filen angiver), IMP pr. spil efter WBF's tabel og\npr. sektion, og de spil, hver spiller har spillet, ud fra hvem der sad hvor; navne\nfindes på holdlisterne (medlemsnummer hvor filen har et). Melder, hvad den\nikke kunne vide (rejsens UP, hvem der skrev under). Formater: docs/formats/import.md.\n\nEksempel: dbf result import round1.pbn --match C1-001 --out C1-001.yaml",
    "The scoring program's file: PBN, LIN, USEBIO XML or CSV.":
        'Regneprogrammets fil: PBN, LIN, USEBIO XML eller CSV.',
    'The match id, e.g. C3-007 or 1div-R01-03.':
        'Kampens id, fx C3-007 eller 1div-R01-03.',
    "pbn, lin, usebio or csv (else by the file's suffix).":
        'pbn, lin, usebio eller csv (ellers efter filens endelse).',
    'Where to write the sheet (default MATCH.yaml here).':
        'Hvor resultatblanketten skrives (standard: KAMP.yaml her).',
    'Then submit the sheet (dbf result submit).':
        'Indsend derefter resultatblanketten (dbf result submit).',
    "In a file of many matches, the one to take, as the file labels it ('AUSTRIA v DENMARK').":
        "I en fil med mange kampe: den der skal tages, som filen betegner den ('AUSTRIA v DENMARK').",
    "The UP of the away team's trip, as confirmed (§1.5.4).":
        'UP for udeholdets rejse, som bekræftet (§1.5.4).',
    'Member number of who signed (§1.5.14).':
        'Medlemsnummer på den, der skrev under (§1.5.14).',
    'Boards a segment (default 8, §1.5.9).':
        'Spil pr. sektion (standard 8, §1.5.9).',
    'YAML map: a name as the file writes it -> member number; kept in the season (imports/names.yaml).':
        'YAML-tabel: et navn, som filen skriver det -> medlemsnummer; gemmes i sæsonen (imports/names.yaml).',
    'The boards the captains agreed (§1.5.9, through the quarter-final).':
        'De spil, holdkaptajnerne har aftalt (§1.5.9, til og med kvartfinalen).',
    'What the captains sent over `dbf serve` that waits for the TD: sheets whose only\nerrors are of form (§1.5.14) and disputes of a recorded sheet.\n\nExample: dbf result pending':
        'Det, holdkaptajnerne har sendt via `dbf serve`, som venter på turneringslederen: resultatblanketter, hvis eneste\nfejl er formfejl (§1.5.14), og protester mod en registreret resultatblanket.\n\nEksempel: dbf result pending',
    "Record what waits for MATCH: a sheet with only errors of form with the §1.5.14\npenalty (as `result submit --accept-with-penalty`), or a dispute's sheet in place of\nthe recorded one (as `result amend`).\n\nExample: dbf result accept C3-007":
        'Registrér det, der venter for KAMP: en resultatblanket med kun formfejl med fradraget efter §1.5.14\n(som `result submit --accept-with-penalty`), eller en protests resultatblanket i stedet for\nden registrerede (som `result amend`).\n\nEksempel: dbf result accept C3-007',
    'Match id, e.g. C3-007.':
        'Kampens id, fx C3-007.',
    'Keep what is recorded for MATCH and drop what a captain sent for a decision.\n\nExample: dbf result reject C3-007':
        'Behold det registrerede for KAMP, og kassér det, en holdkaptajn har sendt til afgørelse.\n\nEksempel: dbf result reject C3-007',
    'Validate result sheets; record nothing. Every problem is listed with file:line and §.\n\nMany sheets (or a folder): a summary table, each sheet also checked against the\nothers (§1.5.12a: nobody plays for two teams in one round; one sheet a match).\n\nExample: dbf result check C3-007.yaml --json   |   dbf result check sheets/':
        'Kontrollér resultatblanketter; registrér intet. Hvert problem vises med fil:linje og §.\n\nMange resultatblanketter (eller en mappe): en oversigtstabel, hver resultatblanket også kontrolleret mod de\nandre (§1.5.12a: ingen spiller for to hold i samme runde; én resultatblanket pr. kamp).\n\nEksempel: dbf result check C3-007.yaml --json   |   dbf result check sheets/',
    'Result sheets, YAML (docs/interface.md "Result sheet"), or a folder of them (its *.yaml in name order): each is also checked against the others.':
        'Resultatblanketter, YAML (docs/interface.md "Result sheet"), eller en mappe med dem (dens *.yaml i navneorden): hver kontrolleres også mod de andre.',
    'When the sheet was received, if the sheet has no submitted_at (YYYY-MM-DDTHH:MM; default: now).':
        'Hvornår resultatblanketten blev modtaget, hvis den ikke har submitted_at (ÅÅÅÅ-MM-DDTtt:mm; standard: nu).',
    'Validate result sheets and record each one only if valid (§1.5.9-§1.5.15, §2.11).\n\nA sheet whose only errors are of form (§1.5.14) is recorded with\n--accept-with-penalty (1 GP less per winning player). Resubmitting the\nsame sheet changes nothing; a different sheet for a recorded match needs\n`dbf result amend`. Many sheets (or a folder: a whole round): one lock and\none read of the season, each sheet also checked against the others\n(§1.5.12a), each valid one recorded as its own write (`dbf log`, `dbf undo`),\na summary table, exit 1 if any was rejected; --all-or-nothing records none\nunless all are valid.\n\nExample: dbf result submit C3-007.yaml --json   |   dbf result submit sheets/':
        'Kontrollér resultatblanketter, og registrér hver kun, hvis den er gyldig (§1.5.9-§1.5.15, §2.11).\n\nEn resultatblanket, hvis eneste fejl er formfejl (§1.5.14), registreres med\n--accept-with-penalty (1 GP mindre pr. spiller på vinderholdet). Samme resultatblanket\nindsendt igen ændrer intet; en anden resultatblanket for en registreret kamp kræver\n`dbf result amend`. Mange resultatblanketter (eller en mappe: en hel runde): én lås og\nén læsning af sæsonen, hver resultatblanket også kontrolleret mod de andre\n(§1.5.12a), hver gyldig registreret som sin egen skrivning (`dbf log`, `dbf undo`),\nen oversigtstabel, exit 1, hvis nogen blev afvist; --all-or-nothing registrerer ingen,\nmedmindre alle er gyldige.\n\nEksempel: dbf result submit C3-007.yaml --json   |   dbf result submit sheets/',
    'Record a sheet whose only errors are of form (§1.5.14): 1 GP less per winning player.':
        'Registrér en resultatblanket, hvis eneste fejl er formfejl (§1.5.14): 1 GP mindre pr. spiller på vinderholdet.',
    'With many sheets: record none unless every one is valid.':
        'Med mange resultatblanketter: registrér ingen, medmindre hver eneste er gyldig.',
    "Replace the recorded sheet of a match with FILE (validated like submit).\n\nRefused when the amendment changes the winner and the next round is already drawn,\nunless --move-to-next-round (§1.5.16): the new winner then takes the old winner's\nplace in the next round's match (or bye) while that match has no result (refused,\nexit 1, when it has one); the draw, schedule and home team follow, and the journal\nsays so.\n\nExample: dbf result amend C3-007.yaml --move-to-next-round":
        'Erstat en kamps registrerede resultatblanket med FIL (kontrolleret som ved submit).\n\nAfvises, når rettelsen ændrer vinderen, og næste runde allerede er trukket,\nmedmindre --move-to-next-round (§1.5.16): den nye vinder tager så den gamle vinders\nplads i næste rundes kamp (eller oversidderplads), mens den kamp ikke har noget resultat (afvises,\nexit 1, når den har et); lodtrækning, program og hjemmehold følger med, og journalen\nsiger det.\n\nEksempel: dbf result amend C3-007.yaml --move-to-next-round',
    'Result sheet, YAML (docs/interface.md "Result sheet").':
        'Resultatblanket, YAML (docs/interface.md "Result sheet").',
    "§1.5.16: a new winner takes the old winner's place in the next round drawn, while that match has no result.":
        '§1.5.16: en ny vinder tager den gamle vinders plads i den næste trukne runde, mens den kamp ikke har noget resultat.',
    "Record a walkover (§1.5.15): the withdrawing team is fined the opponents' fee for\nthe round; the opponents advance and pay no fee for the next round.\n\nExample: dbf result walkover C3-007 --withdrawn ODE-1":
        'Registrér en walkover (§1.5.15): holdet, der trækker sig, idømmes en bøde svarende til modstandernes indskud for\nrunden; modstanderne går videre og betaler intet indskud for næste runde.\n\nEksempel: dbf result walkover C3-007 --withdrawn ODE-1',
    'The team that withdrew.':
        'Holdet der trak sig.',
    'Schedules: `schedule cup --round N` (§1.5.5-1.5.8), `schedule DIV` (§1.1.2.1, §1.1.2.3).':
        'Programmer: `schedule cup --round N` (§1.5.5-1.5.8), `schedule DIV` (§1.1.2.1, §1.1.2.3).',
    "1div: the all-play-all round by round, dates and match ids (§1.1.2.1, §1.1.2.3).\n\nLast season's nos. 1-4 (the first four of the entry order) meet in the last three rounds. Byes show as away null. Once frozen (--freeze, or the first recorded result) the stored schedule is shown and used, whatever the roster or the algorithm.\n\nExample: dbf schedule 1div --json":
        '1div: alle-mod-alle runde for runde, datoer og kamp-id (§1.1.2.1, §1.1.2.3).\n\nSidste sæsons nr. 1-4 (de fire første i tilmeldingsrækkefølgen) mødes i de sidste tre runder. Oversiddere vises som ude null. Når programmet er fastlåst (--freeze, eller det første registrerede resultat), vises og bruges det gemte program, uanset holdliste eller algoritme.\n\nEksempel: dbf schedule 1div --json',
    'Also write the matches to this iCalendar file.':
        'Skriv også kampene til denne iCalendar-fil.',
    'Store the schedule (divisions/schedule-DIV.yaml): its match ids never change again.':
        'Fastlås programmet (divisions/schedule-DIV.yaml): dets kamp-id ændres aldrig igen.',
    'With --freeze: replace a stored schedule (only while no result of the division is recorded).':
        'Med --freeze: erstat et fastlåst program (kun mens intet resultat i divisionen er registreret).',
    "With --ics: only this team's matches.":
        'Med --ics: kun dette holds kampe.',
    "2div: the all-play-all round by round, dates and match ids (§1.1.2.1, §1.1.2.3).\n\nLast season's nos. 1-4 (the first four of the entry order) meet in the last three rounds. Byes show as away null. Once frozen (--freeze, or the first recorded result) the stored schedule is shown and used, whatever the roster or the algorithm.\n\nExample: dbf schedule 2div --json":
        '2div: alle-mod-alle runde for runde, datoer og kamp-id (§1.1.2.1, §1.1.2.3).\n\nSidste sæsons nr. 1-4 (de fire første i tilmeldingsrækkefølgen) mødes i de sidste tre runder. Oversiddere vises som ude null. Når programmet er fastlåst (--freeze, eller det første registrerede resultat), vises og bruges det gemte program, uanset holdliste eller algoritme.\n\nEksempel: dbf schedule 2div --json',
    "3div-a: the all-play-all round by round, dates and match ids (§1.1.2.1, §1.1.2.3).\n\nLast season's nos. 1-4 (the first four of the entry order) meet in the last three rounds. Byes show as away null. Once frozen (--freeze, or the first recorded result) the stored schedule is shown and used, whatever the roster or the algorithm.\n\nExample: dbf schedule 3div-a --json":
        '3div-a: alle-mod-alle runde for runde, datoer og kamp-id (§1.1.2.1, §1.1.2.3).\n\nSidste sæsons nr. 1-4 (de fire første i tilmeldingsrækkefølgen) mødes i de sidste tre runder. Oversiddere vises som ude null. Når programmet er fastlåst (--freeze, eller det første registrerede resultat), vises og bruges det gemte program, uanset holdliste eller algoritme.\n\nEksempel: dbf schedule 3div-a --json',
    "3div-b: the all-play-all round by round, dates and match ids (§1.1.2.1, §1.1.2.3).\n\nLast season's nos. 1-4 (the first four of the entry order) meet in the last three rounds. Byes show as away null. Once frozen (--freeze, or the first recorded result) the stored schedule is shown and used, whatever the roster or the algorithm.\n\nExample: dbf schedule 3div-b --json":
        '3div-b: alle-mod-alle runde for runde, datoer og kamp-id (§1.1.2.1, §1.1.2.3).\n\nSidste sæsons nr. 1-4 (de fire første i tilmeldingsrækkefølgen) mødes i de sidste tre runder. Oversiddere vises som ude null. Når programmet er fastlåst (--freeze, eller det første registrerede resultat), vises og bruges det gemte program, uanset holdliste eller algoritme.\n\nEksempel: dbf schedule 3div-b --json',
    "The cup's schedule of a round: home, venue, date, time, km and UP (§1.5.4-§1.5.8).\n\nHome team (§1.5.5: most UP, else the team drawn first; §1.5.13: a team with HUM\npairs against one without is always away), HUM per pair (§1.5.1.2: only against a\ndivision team or a HUM team; §2.10.5: card sent a week before), venue (§1.5.8: the home\ncaptain's postcode), date and time (§1.5.6: the official day at 13:00 unless agreed),\nkm and UP of the away team's trip (§1.5.4). Semi-finals and final: DBF's venue on the\nfinal weekend, no home team (§1.5.7). --csv and --ics FILE export the table\n(--team ID: one team's calendar); `set MATCH` records what the captains agreed.\n\nExample: dbf schedule cup --round 1 --ics round1.ics":
        "Pokalens program for en runde: hjemmehold, spillested, dato, tid, km og UP (§1.5.4-§1.5.8).\n\nHjemmehold (§1.5.5: flest UP, ellers det først udtrukne hold; §1.5.13: et hold med HUM-par mod et uden er altid ude), HUM pr. par (§1.5.1.2: kun mod et\ndivisionshold eller et HUM-hold; §2.10.5: kort sendt en uge før), spillested (§1.5.8: hjemmeholdkaptajnens postnummer), dato og tid (§1.5.6: den officielle dag kl. 13:00, medmindre andet er aftalt),\nkm og UP for udeholdets rejse (§1.5.4). Semifinaler og finale: DBF's spillested i\nfinaleweekenden, intet hjemmehold (§1.5.7). --csv og --ics FIL eksporterer tabellen\n(--team HOLD: ét holds kalender); `set KAMP` registrerer, hvad holdkaptajnerne har aftalt.\n\nEksempel: dbf schedule cup --round 1 --ics round1.ics",
    'Cup round 1-9.':
        'Pokalrunde 1-9.',
    'Also write the matches as an iCalendar file.':
        'Skriv også kampene som en iCalendar-fil.',
    "Record an agreed date, time or venue of a cup match, or a dispensation (§1.5.6,\n§1.5.8, §1.5.16: the TD sets conditions when captains disagree). A date after the\nround's official day is refused without --dispensation (§1.5.6).\n\nExample: dbf schedule cup set C1-007 --date 2026-12-12 --time 10:00 --venue 5000":
        'Registrér en aftalt dato, tid eller et aftalt spillested for en pokalkamp, eller en dispensation (§1.5.6,\n§1.5.8, §1.5.16: turneringslederen fastsætter forholdene, når holdkaptajnerne er uenige). En dato efter\nrundens officielle dag afvises uden --dispensation (§1.5.6).\n\nEksempel: dbf schedule cup set C1-007 --date 2026-12-12 --time 10:00 --venue 5000',
    'Match id, e.g. C1-007.':
        'Kampens id, fx C1-007.',
    'Agreed date YYYY-MM-DD.':
        'Aftalt dato ÅÅÅÅ-MM-DD.',
    'Agreed start HH:MM.':
        'Aftalt start TT:MM.',
    'Venue postcode (§1.5.8).':
        'Spillestedets postnummer (§1.5.8).',
    'Why a later date is allowed (§1.5.6).':
        'Hvorfor en senere dato er tilladt (§1.5.6).',
    'Forget what was recorded for the match.':
        'Glem det, der er registreret for kampen.',
    'Seasons: `season rollover` builds the next one (§1.1.1.1, §1.1.2.2, §1.1.3.3, §1.1.4.3).':
        'Sæsoner: `season rollover` bygger den næste (§1.1.1.1, §1.1.2.2, §1.1.3.3, §1.1.4.3).',
    "Build next season's divisions from this season's results and write DIR/TO/.\n\nPrints every step: who stays, goes up or down, how vacancies are filled, and which\nmatches are still needed (then exit 1 and nothing is written).\n\nExample: dbf season rollover --to 2027-28 --qualifiers qualifiers.yaml --vacancy KBH-B --dry-run":
        'Byg næste sæsons divisioner ud fra denne sæsons resultater, og skriv den i MAPPE/SÆSON/ (sæsonen fra --to).\n\nViser hvert trin: hvem der bliver, rykker op eller ned, hvordan vakancer besættes, og hvilke\nkampe der stadig mangler (så exit 1, og intet skrives).\n\nEksempel: dbf season rollover --to 2027-28 --qualifiers qualifiers.yaml --vacancy KBH-B --dry-run',
    'The new season, e.g. 2027-28.':
        'Den nye sæson, fx 2027-28.',
    'A dissolved team (§1.1.1.1); repeat for more.':
        'Et opløst hold (§1.1.1.1); gentag for flere.',
    'Qualifiers file (§1.1.5; see docs).':
        'Kvalifikationsfil (§1.1.5; se dokumentationen).',
    'Winner of a deciding match: MATCH=TEAM (3div-PO3, Q-PO1 ...).':
        'Vinderen af en afgørende kamp: KAMP=HOLD (3div-PO3, Q-PO1 ...).',
    '§1.1.1.1: too late for a vacancy match: draw lots.':
        '§1.1.1.1: for sent til en vakancekamp: træk lod.',
    '§1.1.1.1: too late to promote anyone: the TD resolves it.':
        '§1.1.1.1: for sent til at rykke nogen op: turneringslederen løser det.',
    "Seed for lots (default: the play-off's, else the season's digits).":
        'Seed til lodtrækninger (standard: slutspillets, ellers sæsonens cifre).',
    'The captains\' web application over this season (docs/serve.md).\n\nEach captain opens their link (`dbf serve links --round N`), fills in the sheet, sees every\nproblem with its § as they go, and sends it: it is recorded as by `dbf result submit` (the\njournal says "web: captain of TEAM"). Scoring programs use the API (POST /api/v1/sheets\nwith Authorization: Bearer TOKEN). The published site is served under /site/.\n\nExample: dbf serve --host 127.0.0.1 --port 8000 --base-url https://dbf.example.dk':
        'Holdkaptajnernes webprogram for denne sæson (docs/serve.md).\n\nHver holdkaptajn åbner sit link (`dbf serve links --round N`), udfylder resultatblanketten, ser hvert\nproblem med dets § undervejs og sender den: den registreres som ved `dbf result submit` (i\njournalen står "web: captain of HOLD"). Regneprogrammer bruger API\'et (POST /api/v1/sheets\nmed Authorization: Bearer TOKEN). Den offentliggjorte hjemmeside vises under /site/.\n\nEksempel: dbf serve --host 127.0.0.1 --port 8000 --base-url https://dbf.example.dk',
    'Address to listen on.':
        'Adressen der lyttes på.',
    'Port to listen on.':
        'Porten der lyttes på.',
    'The public URL of the server (else base_url in DIR/dbf.toml), for the links and cookies.':
        'Serverens offentlige URL (ellers base_url i MAPPE/dbf.toml), til links og cookies.',
    "Proxy addresses whose X-Forwarded-For/-Proto are trusted (comma-separated, as uvicorn's).":
        'Proxyadresser hvis X-Forwarded-For/-Proto der stoles på (kommasepareret, som uvicorns).',
    'Append one line per request to FILE: time, method, path (tokens redacted), status, ms.':
        'Tilføj én linje pr. forespørgsel til FIL: tid, metode, sti (tokens skjult), status, ms.',
    "A new secret for the captains' links: every link made before is refused from now on.\n\nThe journal records the rotation and its generation, never the secret.\n\nExample: dbf serve rotate-secret":
        'En ny hemmelighed til holdkaptajnernes links: hvert link lavet før afvises fra nu af.\n\nJournalen registrerer skiftet og dets generation, aldrig hemmeligheden.\n\nEksempel: dbf serve rotate-secret',
    'System cards: HUM (§2.10.11), Åbent forsvar (§2.10.17), changes (§1.1.1.2).':
        'Systemkort: HUM (§2.10.11), Åbent forsvar (§2.10.17), ændringer (§1.1.1.2).',
    'Classify a system card: HUM (§2.10.11 a-c) and Åbent forsvar (§2.10.17 1-3).\n\nThe classification is a report (exit 0 whatever the class); a malformed\ncard exits 2 with file:line; a supplement longer than §2.10.4 allows exits 1.\n\nExample: dbf system check examples/systems/precision.yaml --json':
        'Klassificér et systemkort: HUM (§2.10.11 a-c) og Åbent forsvar (§2.10.17 1-3).\n\nKlassifikationen er en rapport (exit 0 uanset klassen); et ugyldigt\nkort giver exit 2 med fil:linje; et tillæg, der er længere end §2.10.4 tillader, giver exit 1.\n\nEksempel: dbf system check examples/systems/precision.yaml --json',
    'System card, YAML (docs/system-card.md).':
        'Systemkort, YAML (docs/system-card.md).',
    'Record which card a pair plays (SEASON/systems/), classified on the way in.\n\nThe team must exist and both players must be on it.\n\nExample: dbf system register ODE-1 precision.yaml --pair 100234 100235 --sent 2026-11-01':
        'Registrér, hvilket kort et par spiller (SÆSON/systems/), klassificeret på vejen ind.\n\nHoldet skal findes, og begge spillere skal være på det.\n\nEksempel: dbf system register ODE-1 precision.yaml --pair 100234 100235 --sent 2026-11-01',
    'Team id (cup or division).':
        'Holdets id (pokal eller division).',
    "The two players' member numbers.":
        'De to spilleres medlemsnumre.',
    'Date the card was sent (YYYY-MM-DD).':
        'Datoen kortet blev sendt (ÅÅÅÅ-MM-DD).',
    'Check a system change by §1.1.1.2a: only towards easier defence\n(HUM -> natural; Åbent forsvar removed, never added), sent a month before.\n\nExit 1 when the change is not allowed; a warning (§1.1.1.2b) when the TD must judge.\n\nExample: dbf system change old.yaml new.yaml --sent 2026-10-01 --play 2026-11-07':
        'Kontrollér en systemændring efter §1.1.1.2a: kun i retning af lettere forsvar\n(HUM -> naturligt; Åbent forsvar fjernet, aldrig tilføjet), sendt en måned før.\n\nExit 1, når ændringen ikke er tilladt; en advarsel (§1.1.1.2b), når turneringslederen skal skønne.\n\nEksempel: dbf system change old.yaml new.yaml --sent 2026-10-01 --play 2026-11-07',
    'The card sent first.':
        'Kortet der blev sendt først.',
    'The proposed card.':
        'Det foreslåede kort.',
    'Date the new card is sent (YYYY-MM-DD).':
        'Datoen det nye kort sendes (ÅÅÅÅ-MM-DD).',
    'Date of the first session it is played (YYYY-MM-DD).':
        'Den første spilledag, hvor det nye kort spilles (ÅÅÅÅ-MM-DD).',
    'Travel refunds in the cup (§1.5.17, §7.2, §1.5.4).':
        'Rejsegodtgørelse i pokalturneringen (§1.5.17, §7.2, §1.5.4).',
    "Record a team's travel claim: train/ship fares beyond 11 DSB zones (§7.2.1), the\nBornholm ferry (§7.2.2), and 160 kr per person overnight allowance for the\nquarter-final, semi-final and final (§1.5.4). Whole kroner. One file per claim,\ncup/travel/MATCH-TEAM.yaml (a new claim for the same match and team replaces it;\nthe journal keeps the old one); `dbf fees` lists it as a refund.\n\nExample: dbf travel claim C7-002 --team ODE-1 --zones 24 --persons 5":
        'Registrér et holds krav om rejsegodtgørelse: tog-/skibsbilletter ud over 11 DSB-zoner (§7.2.1),\nBornholmerfærgen (§7.2.2), og 160 kr. pr. person i overnatningsgodtgørelse til\nkvartfinale, semifinale og finale (§1.5.4). Hele kroner. Én fil pr. krav,\ncup/travel/KAMP-HOLD.yaml (et nyt krav for samme kamp og hold erstatter det;\njournalen gemmer det gamle); `dbf fees` viser det som en godtgørelse.\n\nEksempel: dbf travel claim C7-002 --team ODE-1 --zones 24 --persons 5',
    'Cup match id, e.g. C7-002.':
        'Pokalkampens id, fx C7-002.',
    'The travelling team.':
        'Det rejsende hold.',
    'DSB zones one way (from Copenhagen with --bornholm).':
        'DSB-zoner én vej (fra København med --bornholm).',
    "Players who travelled (default: the team's players on the recorded sheet, else 4).":
        'Spillere der rejste (standard: holdets spillere på den registrerede resultatblanket, ellers 4).',
    'Seat reservation per person and trip, kr.':
        'Pladsbillet pr. person og tur, kr.',
    'Only one trip (default: there and back).':
        'Kun én tur (standard: ud og hjem).',
    '§7.2.2: ferry Rønne-Copenhagen, then DSB.':
        '§7.2.2: færge Rønne-København, derefter DSB.',
    "One e-mail per captain of a division: the team's matches of the weekend (round, its date:\na weekend's later rounds on the Sunday, §1.1.2.1; opponent; home or away), and each opponent\ncaptain's name, e-mail and phone; with --links, the captain's link of each match (dbf serve,\ndocs/readings/division-results.md).\n\nExample: dbf notify division 2div --weekend 1 --links --out mail/":
        'Én e-mail til hver holdkaptajn i en division: holdets kampe i weekenden (runde, dens dato:\nen weekends senere runder om søndagen, §1.1.2.1; modstander; hjemme eller ude), og navn, e-mail og telefon på hver\nmodstanders holdkaptajn; med --links holdkaptajnens link til hver kamp (dbf serve,\ndocs/readings/division-results.md).\n\nEksempel: dbf notify division 2div --weekend 1 --links --out mail/',
    "Each match with the captain's own link of dbf serve, to send the result from (base_url of DIR/dbf.toml).":
        'Hver kamp med holdkaptajnens eget link til dbf serve, som resultatet sendes fra (base_url i MAPPE/dbf.toml).',
    "Each captain's link for the matches of cup round N, or of round N of a division\n(--division): a token bound to season, match and team (made with the season's secret,\nSEASON/.serve-secret, kept out of git).\n\nExample: dbf serve links --division 1div --round 1 --base-url https://dbf.example.dk":
        'Hver holdkaptajns link til kampene i pokalrunde N, eller i runde N i en division\n(--division): et token bundet til sæson, kamp og hold (lavet med sæsonens hemmelighed,\nSÆSON/.serve-secret, holdt uden for git).\n\nEksempel: dbf serve links --division 1div --round 1 --base-url https://dbf.example.dk',
    "The cup round, or the division's round with --division.":
        'Pokalrunden, eller divisionens runde med --division.',
    "A division's round (1div, 2div, 3div-a, 3div-b), not the cup's.":
        'En divisions runde (1div, 2div, 3div-a, 3div-b), ikke pokalens.',
}
