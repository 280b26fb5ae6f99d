"""Issue 18.5: with ``--lang da`` everything a person reads is Danish.

Every command of docs/interface.md runs with ``--lang da`` on the example season played
forward (three cup rounds, three division rounds: tests/publish/simulate.py), and then on error
cases that make problems of each family of docs/problem-codes.md (format, io, unknown, usage,
state, lock) and broken § rules. Its terminal output (stdout and stderr), the e-mails of
``notify``, the calendars, the press text and the published site are searched for English
words from :data:`ENGLISH`. What is no language is taken out first: ids, numbers, file names,
options, commands to type (``dbf schedule 1div --freeze``), YAML keys, the season's team and
player names, and DBF's trade words that Danish uses as they are (UP, GP, HUM, IMP, VP,
walkover, seed). The JSON is the same in every language and is not looked at.
"""

from __future__ import annotations

import email
import email.policy
import html
import re
import shutil
import sys
from pathlib import Path

import pytest
import yaml

from dbftest import run_dbf

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "publish"))
import simulate  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
SEASON = "2026-27"
SYSTEMS = REPO / "examples" / "systems"

#: English words that must not be in Danish output (whole words, any case). Not in it: words
#: that are Danish too (division, system, weekend, status, fase, note, for, kampe ...).
ENGLISH = sorted(set("""
the an of and or is are was were be been has have had with without from into by on
not no nothing none cannot can't already unknown missing must should would could may only
team teams match matches round rounds winner winners loser board boards player players pair
pairs captain captains sheet sheets fee fees fine fines refund refunds paid owed deadline
deadlines due overdue done home away venue draw drawn result results recorded record season
played play plays standings schedule final finals semi-final semi-finals quarter-final entered
entry wrote written write writes allowed give given expected found file files folder which when
after before than this that these those there their its it his her who what where why how
error errors warning warnings hint usage try help option argument command invalid such
seeding promoted relegated carry-over tie-break lot lots pending witness witnessed
substitute substitutes additions addition travel claim ferry crossing bridge road distance
east west north south trophy holder outright upsets generated updated matches' opponent mini-league description card cards choice choose chose
opening opponents place places order week late received signed tied level between also
more each every overnight allowance
""".split()))

#: trade words and names that Danish output uses as they are
ALLOWED = {"UP", "GP", "HUM", "IMP", "IMPs", "VP", "walkover", "seed", "DBF", "WBF", "USEBIO", "PBN",
           "LIN", "CSV", "YAML", "TOML", "HTML", "ICS", "GeoNames", "CC", "BY", "Kreds"}

_STRIP = [
    re.compile(r"^\s*\d+ \| .*"),                              # a line of the user's file, quoted
    re.compile(r"\[[a-z]+\.[a-z.-]+\]"),                       # problem codes [format.yaml]
    re.compile(r"`[^`]*`"),                                   # code spans
    re.compile(r"\bdbf(?: [^\s;,()]+)+"),                      # a command to type: dbf lot draw X --by NAME
    re.compile(r"--[a-z][a-z0-9-]*(?:[ =][A-Z][A-Z_:,.|-]*\b)?"),   # options, with a metavar
    re.compile(r"\S*[/\\]\S*"),                                # paths, URLs, A/B
    re.compile(r"\S+\.(?:yaml|toml|csv|html|eml|ics|md|xml|pbn|lin|txt)\b"),
    re.compile(r"\S+@\S+"),                                    # e-mail addresses
    re.compile(r"\b[a-z]+[_.][a-z0-9_.]*(?::| =)?"),            # keys and values: played_on, cup.entry_round =
    re.compile(r"\b[a-z]+:(?= ?[\[{<\"'a-z0-9]| *$| *[,)}])"),        # a YAML key in a hint: match: <id>, teams:
    re.compile(r"\S*\d\S*"),                                   # ids and numbers: C3-001, 1div, 2026-27
    re.compile(r"\b[A-Z]{2,}-[A-Z0-9]+\b"),                    # team ids: ODE-A
    re.compile(r"\b[A-Z][A-Z_]{1,}\b"),                        # metavars and codes: NAME, TEAM, MEMBER_ID
]


def _names(season_dir: Path) -> list[str]:
    """Team and player names of the season (data, not language), longest first."""
    names: set[str] = set()
    for path in [season_dir / "cup" / "teams.yaml", *(season_dir / "divisions").glob("*div*.yaml")]:
        try:
            doc = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        except (OSError, yaml.YAMLError):
            continue
        for team in doc.get("teams", []) if isinstance(doc, dict) else []:
            if isinstance(team, dict):
                names.add(str(team.get("name", "")))
                names.update(str(p.get("name", "")) for p in team.get("players", []) if isinstance(p, dict))
    return sorted((n for n in names if n), key=len, reverse=True)


def english_words(text: str, names: list[str]) -> list[tuple[str, str]]:
    """(word, line) for every English word of :data:`ENGLISH` in ``text``.

    >>> english_words("fejl §1.5.9: 40 spil spillet; runde 7 er 48 spil", [])
    []
    >>> english_words("fejl §1.5.9: 40 boards played; round 7 is 48 boards", [])[0][0]
    'boards'
    """
    found = []
    for line in text.splitlines():
        bare = line
        for name in names:
            if name in bare:
                bare = bare.replace(name, " ")
        for pattern in _STRIP:
            bare = pattern.sub(" ", bare)
        for word in re.findall(r"[A-Za-z][A-Za-z'-]*[A-Za-z]|[A-Za-z]", bare):
            if word in ALLOWED:
                continue
            if word.lower().strip("'-") in _ENGLISH_SET:
                found.append((word, line.strip()))
    return found


_ENGLISH_SET = set(ENGLISH)


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("danish") / "tournaments"
    shutil.copytree(REPO / "tournaments", root, ignore=shutil.ignore_patterns(".dbf.lock", "journal"))
    simulate.play(root, cup_rounds=3, div_rounds=3)
    return root


def _scheduled(root: Path, match: str) -> dict:
    sched = run_dbf("schedule", "cup", "--round", match[1], "--json", env={"DBF_DIR": str(root)}).json
    return next(x for x in sched["matches"] if x["id"] == match)


def _pbn(root: Path, match: str) -> Path:
    """A scoring program's file (PBN) of a drawn match: 40 boards, the teams' players by name."""
    from pbnkit import team_match_pbn
    from test_result import cup_teams

    m, teams = _scheduled(root, match), cup_teams(root)
    home = [p["name"] for p in teams[m["home"]]["players"]]
    away = [p["name"] for p in teams[m["away"]]["players"]]
    path = root.parent / f"{match}.pbn"
    path.write_text(team_match_pbn(home[:2], away[:2], home[2:4], away[2:4]), encoding="utf-8")
    return path


def _small_team(root: Path) -> str:
    """A team of 4 still in the cup (drawn in round 4): it may add a player (§1.5.11)."""
    draw = yaml.safe_load((root / SEASON / "cup" / "draws" / "round-04.yaml").read_text(encoding="utf-8"))
    drawn = {t for m in draw["matches"] for t in m["teams"]}
    teams = yaml.safe_load((root / SEASON / "cup" / "teams.yaml").read_text(encoding="utf-8"))["teams"]
    return next(t["id"] for t in teams if t["id"] in drawn and len(t["players"]) == 4)


def _teams_file(folder: Path, kind: str) -> Path:
    """A small teams file: new cup teams, or an east/west qualification field (§1.1.5)."""
    def team(tid, pc, pid, region=None):
        players = [{"id": pid + k, "name": f"Spiller {pid + k}", "club": 9100} for k in range(1, 5)]
        doc = {"id": tid, "name": f"Hold {tid}", "captain": pid + 1, "club": 9100, "postcode": pc, "players": players}
        return dict(doc, region=region) if region else doc

    if kind == "east":
        field = [("BOR-Q", "3700", "bornholm"), ("CPH-Q1", "2100", "copenhagen"), ("CPH-Q2", "2300", "copenhagen"),
                 ("K2-Q1", "4000", "kreds2"), ("K2-Q2", "4300", "kreds2"), ("K2-Q3", "4700", "kreds2")]
        doc = {"teams": [team(t, pc, 700000 + 10 * i, r) for i, (t, pc, r) in enumerate(field)],
               "direct": [team("K2-D", "4200", 700100, "kreds2")]}
    elif kind == "west":
        west = [("K4-Q1", "8000"), ("K4-Q2", "7100"), ("K4-Q3", "9000"), ("K4-Q4", "6700")]
        doc = {"teams": [team(t, pc, 710000 + 10 * i) for i, (t, pc) in enumerate(west)]}
    else:
        doc = {"teams": [team("NY-1", "5000", 720000), team("NY-2", "8000", 720010)]}
    path = folder / f"{kind}.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


def _sheet(root: Path, match: str) -> Path:
    """A valid sheet for a drawn cup match (the home team as scheduled)."""
    from test_result import cup_teams, sheet_text

    env = {"DBF_DIR": str(root)}
    sched = run_dbf("schedule", "cup", "--round", match[1], "--json", env=env).json
    m = next(x for x in sched["matches"] if x["id"] == match)
    teams = cup_teams(root)
    path = root.parent / f"{match}.yaml"
    path.write_text(sheet_text(match, teams[m["home"]], teams[m["away"]], int(match[1]), imps=(50, 30),
                               up=m["up"], played_on="2027-02-28", submitted_at="2027-03-01T08:00"),
                    encoding="utf-8")
    return path


def _commands(root: Path, out: Path) -> list[list[str]]:
    """Every command of docs/interface.md, in an order in which each can do its work."""
    first_player = str(yaml.safe_load((root / SEASON / "cup" / "teams.yaml").read_text())["teams"][0]["players"][0]["id"])
    return [
        ["cup", "teams"], ["division", "teams", "1div"], ["division", "fees"], ["division", "fees", "3div-a"],
        ["schedule", "cup", "--round", "3"], ["schedule", "1div"], ["schedule", "3div-b"],
        ["standings", "1div"], ["standings", "3div-a"], ["playoff", "1div"], ["playoff", "3div"],
        ["up"], ["up", "KBH-2"], ["gp"], ["gp", first_player], ["vp", "12", "--boards", "32"],
        ["vp", "--boards", "32"], ["imps", "620"], ["distance", "5000", "2100"], ["distance", "3700", "2100"],
        ["system", "check", str(SYSTEMS / "strong-pass.yaml")], ["system", "check", str(SYSTEMS / "standard.yaml")],
        ["deadlines", "--today", "2027-02-20"], ["deadlines", "--today", "2027-02-20", "--all"],
        ["check"], ["fees"], ["fees", "KBH-2"], ["trophy"], ["lot", "list"], ["log"],
        ["press", "3"], ["press", "1div", "--weekend", "1"], ["seating", "C3-001"],
        ["schedule", "cup", "--round", "3", "--ics", str(out / "cup3.ics")],
        ["schedule", "1div", "--ics", str(out / "1div.ics")],
        ["result", "blank", "--round", "3", "--out", str(out / "blank")],
        ["export", "usebio", "--round", "3", "--out", str(out / "r3.xml")],
        ["notify", "draw", "--round", "3", "--out", str(out / "mail-draw")],
        ["notify", "division", "1div", "--weekend", "2", "--out", str(out / "mail-div")],
        ["notify", "reminders", "--out", str(out / "mail-remind")],
        # writes
        ["draw", "cup", "--round", "4", "--seed", "7", "--dry-run"],
        ["draw", "cup", "--round", "4", "--seed", "7"],
        ["schedule", "cup", "--round", "4"],
        ["schedule", "cup", "set", "C4-001", "--date", "2027-02-28", "--time", "14:00"],
        ["result", "check", "@C4-001"], ["result", "submit", "@C4-001"],
        ["result", "walkover", "C4-002", "--withdrawn", "@C4-002-second"],
        ["system", "register", "KBH-2", str(SYSTEMS / "strong-pass.yaml"), "--pair", "@pair"],
        ["system", "change", str(SYSTEMS / "strong-pass.yaml"), str(SYSTEMS / "standard.yaml"),
         "--sent", "2026-10-01", "--play", "2026-11-07"],
        ["schedule", "1div", "--freeze", "--dry-run"],
        ["lot", "draw", "1div-SF2", "--by", "Ib Holm", "--witness", "Eva Dam"],
        ["playoff", "1div", "choose", "AAR-A"],
        ["result", "amend", "@C4-001"],
        ["result", "import", "@pbn:C4-003", "--match", "C4-003", "--out", str(out / "C4-003.yaml")],
        ["travel", "claim", "C4-001", "--team", "@C4-001-away", "--zones", "20", "--persons", "4"],
        ["cup", "add-player", "@small-team", "--round", "5", "--id", "999001", "--name", "Eva Berg"],
        ["cup", "enter", "@new-teams", "--dry-run"],
        ["division", "enter", "1div", str(root / SEASON / "divisions" / "1div.yaml"), "--dry-run"],
        ["qualification", "east", "enter", "@east"], ["qualification", "east", "schedule"],
        ["qualification", "east", "result", "QE-R01-01", "--imps", "52", "31"],
        ["qualification", "east", "standings"], ["qualification", "west", "enter", "@west"],
        ["log"], ["undo", "--dry-run"], ["undo"],
        ["publish", "--out", str(out / "site")],
        ["init", "--season", "2030-31"],
    ]


def _resolve(cmd: list[str], root: Path) -> list[str]:
    """Fill in what depends on the state reached (a sheet file, a drawn team, a pair)."""
    env = {"DBF_DIR": str(root)}
    out = []
    for arg in cmd:
        if arg.startswith("@C4-002"):
            draw = run_dbf("draw", "cup", "--round", "4", "--seed", "7", "--dry-run", "--json", env=env)
            doc = yaml.safe_load((root / SEASON / "cup" / "draws" / "round-04.yaml").read_text()) \
                if (root / SEASON / "cup" / "draws" / "round-04.yaml").exists() else draw.json
            match = next(m for m in doc["matches"] if m["id"] == "C4-002")
            out.append(match["teams"][1])
        elif arg == "@C4-001-away":
            out.append(_scheduled(root, "C4-001")["away"])
        elif arg.startswith("@pbn:"):
            out.append(str(_pbn(root, arg[5:])))
        elif arg == "@small-team":
            out.append(_small_team(root))
        elif arg in ("@new-teams", "@east", "@west"):
            out.append(str(_teams_file(root.parent, arg[1:])))
        elif arg.startswith("@C"):
            out.append(str(_sheet(root, arg[1:])))
        elif arg == "@pair":
            team = next(t for t in yaml.safe_load((root / SEASON / "cup" / "teams.yaml").read_text())["teams"]
                        if t["id"] == "KBH-2")
            out += [str(team["players"][0]["id"]), str(team["players"][1]["id"])]
        else:
            out.append(arg)
    return out


def _files_text(out: Path) -> list[tuple[str, str]]:
    """(file, what a person reads) of the e-mails, calendars and pages the commands wrote."""
    texts = []
    for path in sorted(out.rglob("*.eml")):
        msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        body = msg.get_body(preferencelist=("plain",))
        texts.append((str(path), f"{msg['Subject']}\n{body.get_content() if body else ''}"))
    for path in sorted(out.rglob("*.ics")):
        lines = re.sub(r"\r?\n[ \t]", "", path.read_text(encoding="utf-8")).splitlines()
        keep = [re.sub(r"^[A-Z-]+(;[^:]*)?:", "", x).replace("\\n", "\n").replace("\\,", ",").replace("\\;", ";")
                for x in lines if x.startswith(("SUMMARY", "DESCRIPTION", "LOCATION", "X-WR-CALNAME", "NAME"))]
        texts.append((str(path), "\n".join(keep)))
    for path in sorted(out.rglob("*.html")):
        page = path.read_text(encoding="utf-8")
        page = re.sub(r"(?s)<(script|style)\b.*?</\1>", " ", page)
        page = re.sub(r"(?s)<!--.*?-->", " ", page)
        page = re.sub(r"<(?:br|/p|/div|/tr|/li|/h\d|/td|/th)\b[^>]*>", "\n", page)
        page = html.unescape(re.sub(r"(?s)<[^>]+>", " ", page))
        texts.append((str(path), page))
    return texts


def _report(hits: list[tuple[str, str, str]]) -> str:
    seen, lines = set(), []
    for where, word, line in hits:
        if (where, line) not in seen:
            seen.add((where, line))
            lines.append(f"{where}: {word!r} in: {line}")
    return f"{len(lines)} lines with English under --lang da:\n" + "\n".join(lines[:80])


def test_18_5_every_command_in_danish(played, tmp_path):
    """Issue 18.5: every command of docs/interface.md with --lang da prints no English word."""
    env = {"DBF_DIR": str(played)}
    out = tmp_path / "out"
    out.mkdir()
    names = _names(played / SEASON)
    hits, failed = [], []
    for cmd in _commands(played, out):
        args = _resolve(cmd, played)
        r = run_dbf("--lang", "da", *args, env=env)
        if r.exit_code not in (0, 1):
            failed.append(f"dbf {' '.join(args)}: exit {r.exit_code}\n{r.stdout}\n{r.stderr}")
        hits += [(f"dbf {' '.join(cmd)}", w, line) for w, line in english_words(r.stdout + "\n" + r.stderr, names)]
    for where, text in _files_text(out):
        hits += [(where, w, line) for w, line in english_words(text, names)]
    assert not failed, "\n".join(failed)
    assert not hits, _report(hits)


def _error_cases(root: Path, tmp: Path) -> list[tuple[str, list[str]]]:
    """(family, command) that make problems of each family of docs/problem-codes.md."""
    season = root / SEASON
    broken = tmp / "broken.yaml"
    broken.write_text("teams:\n  - id: X\n    name: [unclosed\n", encoding="utf-8")
    bad_sheet = tmp / "bad-sheet.yaml"
    bad_sheet.write_text("match: C3-001\nplayed_on: 2027-01-31\nsegments: [[20, 10]]\nhome:\n  team: SLA-1\n"
                         "  players:\n    - {id: 1, boards: 8}\naway:\n  team: AMA-1\n  players: []\n", encoding="utf-8")
    teams6 = tmp / "seven.yaml"
    teams6.write_text("teams:\n  - id: BIG-1\n    name: Stor\n    captain: 1\n    club: 4100\n    postcode: '5000'\n"
                      "    players:\n" + "".join(f"      - {{id: {i}, name: P{i}, club: 4100}}\n" for i in range(1, 9)),
                      encoding="utf-8")
    (season / "cup" / "contacts.yaml").write_text("contacts: [1, 2]\n", encoding="utf-8")
    return [
        ("§ rules", ["result", "check", str(bad_sheet)]),
        ("§ rules", ["cup", "enter", str(teams6), "--dry-run"]),
        ("§ rules", ["season", "rollover", "--to", "2027-28", "--dry-run"]),
        ("format", ["cup", "enter", str(broken)]),
        ("format", ["check"]),
        ("io", ["--dir", str(tmp / "nowhere"), "cup", "teams"]),
        ("io", ["result", "check", str(tmp / "no-such-sheet.yaml")]),
        ("unknown", ["standings", "9div"]),
        ("unknown", ["up", "NOPE-1"]),
        ("unknown", ["distance", "0001", "2100"]),
        ("unknown", ["seating", "C3-999"]),
        ("unknown", ["--season", "2099-00", "cup", "teams"]),
        ("usage", ["vp", "12", "--boards", "0"]),
        ("usage", ["deadlines", "--today", "someday"]),
        ("usage", ["export", "usebio"]),
        ("usage", ["cup", "teams", "--no-such-option"]),
        ("usage", ["lot", "draw"]),
        ("state", ["draw", "cup", "--round", "3"]),
        ("state", ["draw", "cup", "--round", "6"]),
        ("state", ["init", "--season", SEASON]),
    ]


def test_18_5_problems_of_every_family_in_danish(played, tmp_path):
    """Issue 18.5: problems of every family (docs/problem-codes.md) and of § rules, with their
    hints, are Danish with --lang da; the JSON keeps the rule's own text and ids."""
    root = tmp_path / "tournaments"
    shutil.copytree(played, root)
    env = {"DBF_DIR": str(root)}
    names = _names(root / SEASON)
    hits, families, failed = [], set(), []
    for family, cmd in _error_cases(root, tmp_path):
        r = run_dbf("--lang", "da", *cmd, env=env)
        if r.exit_code not in (1, 2):
            failed.append(f"dbf {' '.join(cmd)}: exit {r.exit_code}\n{r.stdout}\n{r.stderr}")
        families.add(family)
        hits += [(f"dbf {' '.join(cmd)}", w, line) for w, line in english_words(r.stdout + "\n" + r.stderr, names)]
    lock = _locked_run(root)
    hits += [("dbf (locked)", w, line) for w, line in english_words(lock, names)]
    assert not failed, "\n".join(failed)
    assert not hits, _report(hits)
    assert families >= {"§ rules", "format", "io", "unknown", "usage", "state"}


def _locked_run(root: Path) -> str:
    """``lock.timeout``: a write while another process holds the season's lock."""
    import subprocess

    code = ("import time\nfrom pathlib import Path\nfrom dbfcli.store.atomic import SeasonLock\n"
            f"with SeasonLock(Path({str(root / SEASON)!r}), 5):\n    print('locked', flush=True)\n    time.sleep(5)\n")
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "locked"
        r = run_dbf("--lang", "da", "--lock-timeout", "0.2", "schedule", "1div", "--freeze", env={"DBF_DIR": str(root)})
    finally:
        proc.kill()
        proc.wait()
    assert r.exit_code == 3, r.stdout + r.stderr
    return r.stdout + "\n" + r.stderr


def test_18_5_english_is_unchanged(played):
    """The English output keeps the rules' own texts (no Danish leaks into it)."""
    r = run_dbf("--lang", "en", "check", env={"DBF_DIR": str(played)})
    assert "programmet" not in r.stderr and "advarsel" not in r.stderr
    assert "schedule is not frozen" in r.stderr


def test_18_5_the_season_language_setting(tmp_path):
    """``lang = "da"`` in season.toml makes the output Danish when neither --lang nor $DBF_LANG
    names a language; --lang en still gives English; another value is a format.settings problem."""
    root = tmp_path / "tournaments"
    shutil.copytree(REPO / "tournaments", root, ignore=shutil.ignore_patterns(".dbf.lock", "journal"))
    toml = root / SEASON / "season.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace('season = "2026-27"\n', 'season = "2026-27"\nlang = "da"\n'),
                    encoding="utf-8")
    env = {"DBF_DIR": str(root), "DBF_LANG": ""}
    assert run_dbf("standings", "1div", env=env).stdout.startswith("1. division 2026-27: stilling")
    assert run_dbf("--lang", "en", "standings", "1div", env=env).stdout.startswith("1st division 2026-27: standings")
    toml.write_text(toml.read_text(encoding="utf-8").replace('lang = "da"', 'lang = "fr"'), encoding="utf-8")
    r = run_dbf("check", "--json", env=env)
    assert r.exit_code == 2 and [e["code"] for e in r.json["errors"]] == ["format.settings"]


def test_18_5_a_finished_season_in_danish(tmp_path):
    """The play-off played and the season rolled over (§1.1.1.1, §1.1.2, §1.1.5), with --lang da:
    the play-off table, results, the rollover's every step and its vacancies are Danish."""
    from divkit import HALVES, qualifiers_file, write_results

    root = tmp_path / "tournaments"
    shutil.copytree(REPO / "tournaments", root, ignore=shutil.ignore_patterns(".dbf.lock", "journal"))
    env = {"DBF_DIR": str(root)}
    order = write_results(root)
    names = _names(root / SEASON)
    q = qualifiers_file(tmp_path / "q.yaml")
    runs = [["playoff", "1div", "choose", "AAL-A", "--today", "2027-02-25"],
            ["lot", "draw", "3div-PO", "--by", "TD", "--witness", "W"],
            *[["playoff", "3div" if m == "3div-PO" else "1div", "result", m, *HALVES]
              for m in ("1div-SF1", "1div-SF2", "1div-F", "3div-PO")],
            ["playoff", "1div"], ["playoff", "3div"], ["standings", "2div"],
            ["season", "rollover", "--to", "2027-28", "--qualifiers", str(q), "--vacancy", order["1div"][6], "--dry-run"],
            ["season", "rollover", "--to", "2027-28", "--qualifiers", str(q), "--vacancy", order["1div"][6],
             "--too-late-for-match", "--seed", "5"]]
    hits, failed = [], []
    for cmd in runs:
        r = run_dbf("--lang", "da", *cmd, env=env)
        if r.exit_code not in (0, 1):
            failed.append(f"dbf {' '.join(cmd)}: exit {r.exit_code}\n{r.stdout}\n{r.stderr}")
        hits += [(f"dbf {' '.join(cmd)}", w, line) for w, line in english_words(r.stdout + "\n" + r.stderr, names)]
    assert not failed, "\n".join(failed)
    assert not hits, _report(hits)


#: the usage errors click makes (its text, not a dbf problem; Danish through its templates)
CLICK_USAGE = ("Missing argument", "Missing option", "No such option", "No such command", "Invalid value",
               "Got unexpected extra argument", "Option '")


def test_24_problems_are_shown_in_danish_from_their_keys_never_parsed(played, tmp_path, monkeypatch):
    """Issue 24 (problems as keys): every problem of every family reaches the Danish reader
    from its key and values (``rules.problems.Msg``): with the matcher that parses English
    text back into a template made to fail, every error case still prints Danish and no
    dbf problem meets the matcher (only click's own usage errors, which are click's text)."""
    import dbfcli.i18n as i18n

    asked: list[str] = []
    matcher = i18n._translate

    def no_parsing(text, depth):
        asked.append(text)
        return matcher(text, depth) if text.startswith(CLICK_USAGE) else None

    monkeypatch.setattr(i18n, "_translate", no_parsing)
    root = tmp_path / "tournaments"
    shutil.copytree(played, root)
    env = {"DBF_DIR": str(root)}
    names = _names(root / SEASON)
    hits = []
    for _family, cmd in _error_cases(root, tmp_path):
        r = run_dbf("--lang", "da", *cmd, env=env)
        hits += [(f"dbf {' '.join(cmd)}", w, line) for w, line in english_words(r.stdout + "\n" + r.stderr, names)]
    dbf_texts = [t for t in asked if not t.startswith(CLICK_USAGE)]   # click's own usage errors
    assert not dbf_texts, sorted(set(dbf_texts))
    assert not hits, _report(hits)


def test_24_a_keyed_text_reads_as_english_and_renders_danish_from_its_key():
    import pickle

    from dbfcli.i18n import problem_text
    from dbfcli.rules.problems import Msg, Problem
    from dbfcli.store.yamlio import dump_yaml

    m = Msg("team {} has {}; a cup team has 4-6", "ODE-1", Msg.counted(7, "player"))
    p = Problem.error("1.5.11", m, hint=Msg("a team of 4-5 may add players up to 6 (§1.5.11)"), code="roster.team-size")
    assert p.message == "team ODE-1 has 7 players; a cup team has 4-6" and p.to_json()["message"] == m
    assert problem_text(p.message, "da") == "hold ODE-1 har 7 spillere; et pokalhold har 4-6"
    assert pickle.loads(pickle.dumps(m)).key == m.key
    assert "team ODE-1 has 7 players" in dump_yaml({"message": m})
    joined = Msg.join("; ", [m, Msg("{} and {}", "A", "B")])
    assert problem_text(joined, "da") == "hold ODE-1 har 7 spillere; et pokalhold har 4-6; A og B"
