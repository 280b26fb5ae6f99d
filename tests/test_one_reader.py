"""Issue 13.1: "every command and publish work from the snapshot; nothing else reads state
files". ``cli/``, ``publish/`` and ``web/`` read season state only through store's snapshot
API (:mod:`dbfcli.store.snapshot`: ``Snapshot``, ``load_cup``, ...), never by calling a
store reader themselves nor by opening a file of the season folder.

What this checks, with ``ast`` on every module of those three packages:

* an import from ``dbfcli.store.X`` (X not ``snapshot``) takes only an assembly over the
  snapshot (a function whose first parameter is ``snap``: it reads through the Snapshot it
  is given, e.g. ``sheetcontext.cup_context(snap, ...)``) or names that read nothing: constants (``SCHEDULE``), the builders of what a command writes (``draw_data``,
  ``match_file``), errors, the store itself and the lock (``SeasonStore``, ``atomic``), the
  parsers of a file the user gives (``parse_sheet``, ``read_entry_file``) -- the names of
  :data:`NOT_READERS` and the patterns of :data:`WRITER_NAME`;
* a call of ``open()``, ``.read_text()``, ``.read_bytes()``, ``.read_yaml()``, ``.list()``,
  ``.glob()``, ``.iterdir()`` appears only in a function of :data:`USER_FILES`, each a file
  or folder the user names on the command line (a sheet, an entry file, ``--out``) or the
  package's own data, never the season folder's state.

:data:`NOT_MOVED_YET` holds the imports of readers not moved to the snapshot yet, each held
as it is today: the list may only shrink (a test fails on an entry that is gone).
"""

from __future__ import annotations

import ast
import pathlib
import re

import pytest

SRC = pathlib.Path(__file__).resolve().parents[1] / "src" / "dbfcli"
PACKAGES = ("cli", "publish", "web")

#: what a command writes (a document builder, a file name), never what it reads
WRITER_NAME = re.compile(r"^[A-Z][A-Z0-9_]*$|_data$|_file$|_row$|_yaml$|Error$|Refused$|Timeout$")

#: store names that read no season state file, by module (why, in a word)
NOT_READERS = {
    "settings": {"default_season_toml"},   # the template `dbf init` writes
    "divisions.playoffstate": {"playoff_doc"},    # the JSON document of a play-off state (reads nothing)
    "season": {"SeasonStore", "StoreError", "check_writable_path", "resolve_dir", "resolve_season",
               "read_dbf_toml",       # DIR/dbf.toml: which season is current (before a season is chosen)
               "declared_lang"},      # the line scan of season.toml's `lang`, before the lock
    "atomic": {"LinkRefused", "LockTimeout", "command_scope", "fault_point", "hold", "in_command", "write_inside"},
    "capability": {"make_token", "read_secret", "verify_token", "write_secret"},   # dbf serve's key, not state
    "checks": {"run_checks"},         # dbf check: every checker (store's)
    "geodata": {"ATTRIBUTION", "load_postcodes"},   # the package's postcode table, not the season's
    "yamlio": {"YamlLoadError", "dump_yaml", "parse_yaml", "read_input"},   # a file the user gives
    "sheets": {"load_tree", "plain", "sheet_of_tree"},   # a sheet the user gives
    "imports.matchfiles": {"FORMATS", "read_match_file", "sheet_yaml"},   # a result file the user gives
    "imports.usebio": {"usebio_match"},
    "teams": {"read_entry_file", "parse_entry_file", "parse_teams_yaml", "team_to_data", "teams_file_data", "division_file"},
    "cup.results": {"parse_cup_sheet", "record_of", "sheet_data", "cup_record_data", "walkover_data",
                   "division_record_data", "division_match_file", "match_file", "travel_claim_data",
                   "payment_row", "additions_data", "withdrawals_data"},
    "cup.draws": {"draw_data", "draw_file", "schedule_data", "notice_data", "notice_file"},
    "divisions.results": {"schedule_file", "freeze_schedule"},
    "sheetcontext": {"division_of", "computed_trips",   # a match id's division; trips on the postcode table
                     "sheet_inputs"},                   # computes on a SheetSeason read by load_sheet_season(snap)
    "divisions.lots": {"lot_to_data", "lots_data", "lot_reveal"},   # lot_reveal: a recorded lot's proof (reads nothing)
    "drawproof": {"commitment_data", "commitment_file", "lot_commitments_data", "write_draw_secret", "read_bundle",
                  "LOT_COMMITMENTS"},   # read_bundle: a bundle the user names (issue 30)
    "systems": {"Registration", "card_file_name", "card_from_dict", "register", "registry_doc"},
    "divisions.playoff": {"playoff_data", "east_data", "parse_east", "read_entry", "check_east"},
    "cup.blanks": {"blank_facts", "blank_yaml"},
    "outfiles": {"write_out_folder"},   # files the user's --out names, outside the season
    "snapshotcache": {"SnapshotCache"},  # what a Snapshot read, kept between dbf serve's requests
    "ics": {"calendar", "calendar_name", "cup_calendar", "cup_events", "division_calendar", "division_events"},
    "cup.trophy": {"HISTORY"},
    "newseason": {"creating"},
    "divisions.rollover": {"set_current", "rollover_files", "already_built", "after_undo", "new_season_refusal",
                 "rollover_plan"},
    "journal": {"plan_undo", "journal_message"},         # dbf undo: the journal's own reader (store/journal.py)
    "imports.names": {"read_names", "names_text", "SEASON_NAMES"},   # --names FILE the user gives; the map written
}

#: ``module:function`` -> why it may open a file: a file the user names, or the package's data
USER_FILES = {
    "cli/common.py:_excerpt": "the line of a file the user gave, quoted in an error",
    "cli/params.py:_scan": "shell completion: ids named in the season's files, no lock (must be instant)",
    "cli/params.py:match_ids": "shell completion: the names of the match files, no lock",
    "cli/params.py:team_ids": "shell completion: the teams files, no lock",
    "publish/site.py:render_site": "the package's own stylesheet",
    "web/app.py:static": "the published site's files (dbf publish wrote them)",
    "web/guard.py:__init__": "the access log the TD names (dbf serve --access-log FILE), appended to",
}


#: readers still imported by cli/ and web/ themselves (issue 13.1 left to do): may only shrink.
#: (`dbf trophy`, which reads DIR/trophy.yaml and the finals of every season folder, no one
#: season's snapshot, reads them in its use case now, app/trophy.py, issue 24.)
NOT_MOVED_YET: dict[str, set[str]] = {}

READ_CALLS = {"read_text", "read_bytes", "read_yaml", "yaml_of", "glob", "iterdir", "list"}


def _modules():
    for package in PACKAGES:
        for path in sorted((SRC / package).glob("*.py")):
            yield f"{package}/{path.name}", ast.parse(path.read_text(encoding="utf-8"))


def _store_module(node: ast.ImportFrom, package: str) -> str | None:
    """``X`` of ``from ..store.X import ...`` / ``from dbfcli.store.X import ...``."""
    module = node.module or ""
    if node.level == 0 and module.startswith("dbfcli.store."):
        return module.removeprefix("dbfcli.store.")
    if node.level == 2 and module.startswith("store."):
        return module.removeprefix("store.")
    if node.level == 2 and module == "store":
        return "" if any(a.name != "snapshot" for a in node.names) else "snapshot"
    return None


def takes_snapshot(module: str, name: str) -> bool:
    """``store/module.py`` defines ``name`` as a function whose first parameter is ``snap``."""
    path = SRC / "store" / (module.replace(".", "/") + ".py")
    if not path.is_file():
        return False
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.FunctionDef) and node.name == name:
            return bool(node.args.args) and node.args.args[0].arg == "snap"
    return False


def reader_imports() -> dict[str, set[str]]:
    """``module`` -> the store readers it imports (``X.name``)."""
    out: dict[str, set[str]] = {}
    for rel, tree in _modules():
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom):
                continue
            mod = _store_module(node, rel)
            if mod is None or mod in ("snapshot", "snapshotapi"):
                continue
            for alias in node.names:
                if (WRITER_NAME.search(alias.name) or alias.name in NOT_READERS.get(mod, ())
                        or takes_snapshot(mod, alias.name)):
                    continue
                out.setdefault(rel, set()).add(f"{mod}.{alias.name}")
    return out


def _functions(tree: ast.AST):
    """(innermost function name, node) for every node of ``tree``."""
    def walk(node, name):
        for child in ast.iter_child_nodes(node):
            inner = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else name
            yield inner, child
            yield from walk(child, inner)

    yield from walk(tree, "<module>")


def file_reads() -> dict[str, list[str]]:
    """``module:function`` -> the file-reading calls in it."""
    out: dict[str, list[str]] = {}
    for rel, tree in _modules():
        for fn, node in _functions(tree):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
            if name == "open" and isinstance(f, ast.Name) or name in READ_CALLS and isinstance(f, ast.Attribute):
                out.setdefault(f"{rel}:{fn}", []).append(f"{name}() line {node.lineno}")
    return out


def test_13_1_cli_publish_web_import_no_store_reader():
    """A store reader is called through the snapshot (store/snapshot.py), never by a command,
    the publisher or the web app itself."""
    found = reader_imports()
    new = {m: sorted(names - NOT_MOVED_YET.get(m, set())) for m, names in found.items()}
    assert {m: n for m, n in new.items() if n} == {}, "read these through dbfcli.store.snapshot.Snapshot"


def test_13_1_cli_publish_web_open_no_season_file():
    """No command, publisher or web module opens, lists or reads a file itself, except the
    user-given files and the package's data of USER_FILES."""
    found = file_reads()
    assert {k: v for k, v in found.items() if k not in USER_FILES} == {}, \
        "read season state through dbfcli.store.snapshot.Snapshot"


@pytest.mark.parametrize("key", sorted(USER_FILES))
def test_13_1_each_user_file_exception_still_reads_a_file(key):
    """An entry of USER_FILES whose function reads nothing any more goes."""
    assert key in file_reads(), f"{key} reads no file now: remove it from USER_FILES"


@pytest.mark.parametrize("module", sorted(NOT_MOVED_YET))
def test_13_1_the_list_of_readers_not_moved_only_shrinks(module):
    """An entry of NOT_MOVED_YET that is moved to the snapshot goes from the list."""
    gone = NOT_MOVED_YET[module] - reader_imports().get(module, set())
    assert not gone, f"{module} no longer imports {sorted(gone)}: remove them from NOT_MOVED_YET"


def test_13_1_the_check_sees_a_direct_reader():
    """The check is not blind: a command importing a store reader, or opening a season file
    itself, is found."""
    tree = ast.parse("def run(store):\n    from ..store.cup.results import load_cup_records\n"
                     "    return open(store.dir / 'cup/teams.yaml').read()\n")
    node = next(n for n in ast.walk(tree) if isinstance(n, ast.ImportFrom))
    assert _store_module(node, "cli/x.py") == "cup.results"
    assert not WRITER_NAME.search("load_cup_records") and "load_cup_records" not in NOT_READERS["cup.results"]
    calls = [n for _, n in _functions(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)]
    assert [c.func.id for c in calls] == ["open"]
    assert takes_snapshot("deadlinesources", "collect") and not takes_snapshot("cup.results", "load_cup_records")
