"""Helpers for tests: run `dbf` in-process, snapshot a folder (imported as `dbftest`)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

import typer.testing
from typer.testing import CliRunner

from dbfcli.cli.app import app

_commands: dict[int, object] = {}
_build_command = typer.testing._get_command


def _cached_command(typer_app):
    """The click command of a Typer app, built once per app: typer rebuilds it from the
    functions' signatures on every invoke (~0.5 s for dbf's 60 commands), which was most of
    the time of an in-process run."""
    key = id(typer_app)
    if key not in _commands:
        _commands[key] = (typer_app, _build_command(typer_app))
    return _commands[key][1]


typer.testing._get_command = _cached_command

#: what the last line of defence prints (cli/common.py, cli/app.py): a bug, never an answer
INTERNAL_ERROR = ("internal error", "intern fejl")


@dataclass
class Run:
    exit_code: int
    stdout: str
    stderr: str

    @property
    def json(self):
        return json.loads(self.stdout)


def run_dbf(*args: str, env: dict | None = None, internal_error_expected: bool = False) -> Run:
    """Run `dbf ARGS` in-process (typer's CliRunner); stdout and stderr apart. "internal error"
    in the output fails the test (issue 16), unless the test provokes one on purpose.

    With ``--json``, every entry of ``errors``/``warnings`` in the document is checked to
    carry ``rule`` and a ``code`` (issue 13.6, issue 24, docs/problem-codes.md)."""
    runner = CliRunner()
    import sys

    # the command line as a shell would give it: the journal records it (`dbf log`), and
    # pytest's own (long under pytest-xdist) would otherwise stand there
    saved, sys.argv = sys.argv, ["dbf", *[str(a) for a in args]]
    try:
        result = runner.invoke(app, [str(a) for a in args], env=env, catch_exceptions=False)
    finally:
        sys.argv = saved
    stderr = result.stderr if result.stderr_bytes is not None else ""
    if not internal_error_expected:
        assert_no_internal_error(result.stdout + stderr, args)
    run = Run(result.exit_code, result.stdout, stderr)
    if "--json" in args and not internal_error_expected:
        try:
            doc = json.loads(run.stdout)
        except ValueError:
            doc = None
        missing = [e for e in problem_entries(doc) if not e.get("code") or "rule" not in e]   # issue 24
        assert not missing, f"problems without a stable id in `dbf {' '.join(map(str, args))}`: {missing}"
    return run


def problem_entries(doc) -> list[dict]:
    """Every entry of every ``errors``/``warnings`` list in a JSON document, however nested
    (``result check`` of several sheets nests one document per sheet)."""
    out: list[dict] = []
    if isinstance(doc, dict):
        for key, value in doc.items():
            if key in ("errors", "warnings") and isinstance(value, list):
                out.extend(e for e in value if isinstance(e, dict))
            else:
                out.extend(problem_entries(value))
    elif isinstance(doc, list):
        for value in doc:
            out.extend(problem_entries(value))
    return out


def assert_no_internal_error(text: str, args=()) -> None:
    """Issue 16: "internal error" (or a traceback) in dbf's output fails every test that runs
    dbf, whatever else the test checks."""
    lowered = text.lower()
    assert not any(word in lowered for word in INTERNAL_ERROR), f"dbf {' '.join(map(str, args))}: {text}"
    assert "Traceback (most recent call last)" not in text, f"dbf {' '.join(map(str, args))}: {text}"


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under a folder (lock file excluded), for byte-for-byte comparisons."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != ".dbf.lock"}


_TEAM_YAML = """\
  - id: {id}
    name: {name}
    captain: {p}1
    club: 4100
    postcode: "5000"
    players:
{rows}"""


def team_yaml(id_: str, name: str, p: int, n: int = 4) -> str:
    """One team of a teams file (an item under ``teams:``), 6 + ``n`` lines: players ``{p}1``..``{p}n``."""
    rows = "".join(f"      - {{id: {p}{k}, name: P{k}, club: 4100}}\n" for k in range(1, n + 1))
    return _TEAM_YAML.format(id=id_, name=name, p=p, rows=rows)


def run_dbf_process(*args, env: dict | None = None, timeout: float = 120, **kw):
    """Run `python -m dbfcli ARGS` as a real process (capture_output, text); "internal error"
    or a traceback in its output fails the test as for :func:`run_dbf`."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "dbfcli", *[str(a) for a in args]], env=env, capture_output=True,
                          text=True, timeout=timeout, **kw)
    assert_no_internal_error((done.stdout or "") + (done.stderr or ""), args)
    return done


# --------------------------------------------------------------------------- English for a Danish reader
#: English words that no Danish text of dbf has (whole words, any case): the words of its
#: English sentences and its bridge terms. Danish homographs (at, for, to, den, her, under,
#: i, fire) are not here.
ENGLISH_WORDS = frozenset("""
the and of with is are was were be been from not this that these those which when where who
what each every or has had will would should must may can cannot only by on in it its
an into than then also any some other same there here without within after before until
your you they their them our we do does done
round rounds match matches team teams sheet sheets board boards player players draw drawn
result results default file files folder season winner loser home away date time
venue segment segments half halves final finals semi quarter sunday saturday monday tuesday
wednesday thursday friday january february march june july october
ferry ferries crossing crossings blank show shows print prints write writes
written record recorded records check checks error errors warning warnings hint nothing
total entry fee fees refund refunds paid owed due deadline deadlines schedule standings
captain captains ranking lot lots trophy points
""".split())

_CODE = [
    re.compile(r"`[^`]*`"),                           # `dbf draw commit`, ``check_season`` (wrapped too)
    re.compile(r"(?<![\w-])--?[a-z][\w-]*"),         # options
    re.compile(r"\$[A-Z_]+"),                        # $DBF_DIR
    re.compile(r"https?://\S+|\S+@\S+"),             # URLs, addresses
    re.compile(r"\S*[/\\]\S*|\S+\.(?:yaml|json|toml|eml|ics|csv|pbn|lin|xml|html)\b"),   # paths, file names
    re.compile(r"'[^'\n]*'|\"[^\"]*\""),             # quoted values ('AUSTRIA v DENMARK')
    re.compile(r"\bCC BY\b"),                         # a licence's name
    re.compile(r"\b\w*_\w*\b"),                      # keys: natural_pairs, vp_scale
    re.compile(r"^\s*(?:Eksempel|Brug|Usage|Example):.*", re.M),   # example and usage lines are code
    re.compile(r"\bdbf(?: [a-zA-Z][\w-]*){1,5}"),   # a command named in a sentence: dbf result submit FILE
    re.compile(r"\[[a-z]+\.[a-z.-]+\]"),             # a problem's code: [state.not-frozen]
]


def english_words(text: str, allow: frozenset[str] = frozenset()) -> list[str]:
    """The words of ENGLISH_WORDS in ``text`` once what is code is taken out: command lines,
    options, paths and file names, quoted values, keys, URLs (``allow``: words that are data
    in this text, e.g. a team's name)."""
    # a code span cut short in a list of commands ("`notify draw...") ends with its line
    text = "\n".join(line + "`" if line.endswith("...") and line.count("`") % 2 else line
                     for line in text.splitlines())
    for pattern in _CODE:
        text = pattern.sub(" ", text)
    return sorted({w for w in re.findall(r"[A-Za-z]+", text)
                   if w.lower() in ENGLISH_WORDS and w.lower() not in allow})
