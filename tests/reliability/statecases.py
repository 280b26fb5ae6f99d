"""The state-file fuzzer's cases (issues 16 and 27): one season, copied once, one file edited a case.

:class:`StateFuzzer` builds a played season once (statefuzz.build_season), learns once what every
command answers on it untouched and which commands read each kind of state file (each kind made
unreadable in turn: a command whose answer changes reads it), then runs cases. A case draws a kind
of file, a file of it and a hand edit (statemutate.py) from ``Random(f"{seed}:{number}")``, writes
the edit, runs in-process (typer's CliRunner: the real parse, app call and rendering, the exit
code the shell would see) up to three commands that read that kind, one command that does not,
`dbf check`, one case in twenty a heavy command (publish, press) and one in three a writing
command; then puts back what changed (the edited file, what a write added) by the files' stat.

The promises judged on every case, each counted (``Tally``):

- ``internal``: exit 0, 1 or 2 only (3 is the lock, which no case holds), no "internal error";
- ``traceback``: no traceback on stdout or stderr;
- ``check_passes``: a command that answers 0 on the untouched season exits 2 on the edited one
  while `dbf check` exits 0 (issue 27: what a command refuses, check refuses); not counted: a
  refusal of the command's own input (every error names it) and :data:`NOT_OF_THE_STATE`;
- ``check_misnames``: check refuses, but does not name the file (and line) the refusing command
  names, or refuses naming no state file at all (an edit may leave another file in the wrong:
  a team renamed in a division's file is named in the match files that play it);
- ``reader_wrote``: a read-only command changed the season;
- ``write_changed``: a refused writing command left the season changed.
"""

from __future__ import annotations

import json
import os
import random
import re
import time
from dataclasses import dataclass, field
from pathlib import Path

import statefuzz
from statemutate import mutate

CHECK = ("check",)
#: a heavy command (publish, press: a second or more) in one case of this many
HEAVY_EVERY = 20
#: a writing command in one case of this many
WRITE_EVERY = 3
#: what every probe writes into each file of a kind: no reader takes it for a valid file
UNREADABLE = b"\xff\xfe\x00[\n"
_PLACE = re.compile(r"([\w.-]+\.(?:yaml|toml|csv))(?::(\d+))?")
#: refusals that are not of the state but of what the command was asked over it, each with why
#: (docs/guarantees.md): ``dbf undo`` will not undo over a file changed by hand since the last
#: write -- a valid hand edit that `dbf check` rightly passes (it warns nothing: a TD edits by hand)
NOT_OF_THE_STATE = {"state.cannot-undo": "undo over a hand edit"}
_ERROR_CODE = re.compile(r"\berror (?:§\S+ )?\[([\w.-]+)\]")
COUNTS = ("internal", "traceback", "check_passes", "check_misnames", "reader_wrote", "write_changed")


@dataclass
class Tally:
    cases: int = 0
    commands: int = 0
    seconds: float = 0.0
    exit_codes: dict = field(default_factory=dict)
    kinds: dict = field(default_factory=dict)
    edits: dict = field(default_factory=dict)
    counts: dict = field(default_factory=lambda: dict.fromkeys(COUNTS, 0))
    failures: list = field(default_factory=list)

    def add(self, other: "Tally") -> None:
        self.cases += other.cases
        self.commands += other.commands
        self.seconds = max(self.seconds, other.seconds)
        for mine, theirs in ((self.exit_codes, other.exit_codes), (self.kinds, other.kinds),
                             (self.edits, other.edits), (self.counts, other.counts)):
            for k, v in theirs.items():
                mine[k] = mine.get(k, 0) + v
        self.failures += other.failures

    def as_json(self) -> dict:
        return {"cases": self.cases, "commands": self.commands, "exit_codes": dict(sorted(self.exit_codes.items())),
                "kinds": dict(sorted(self.kinds.items())), "edits": dict(sorted(self.edits.items())),
                "counts": self.counts, "failures": self.failures}


def fingerprint(root: Path) -> dict[str, tuple]:
    """Every file and folder under ``root`` (the lock file aside) with its size, mtime and inode:
    a write by dbf (a new file renamed into place) moves all three."""
    out: dict[str, tuple] = {}
    for folder, dirs, files in os.walk(root):
        rel_dir = os.path.relpath(folder, root)
        for name in dirs:
            out[os.path.normpath(os.path.join(rel_dir, name)) + "/"] = ()
        for name in files:
            if name == ".dbf.lock":
                continue
            st = os.lstat(os.path.join(folder, name))
            out[os.path.normpath(os.path.join(rel_dir, name))] = (st.st_size, st.st_mtime_ns, st.st_ino)
    return out


def places(text: str, names: set[str]) -> set[tuple[str, str | None]]:
    """The state files (by name) and lines the errors of a command's output name:
    ``cup/teams.yaml:6: error ...`` -> (teams.yaml, 6); a warning's or a report's are not."""
    return {(m.group(1), m.group(2)) for line in text.splitlines() if "error" in line
            for m in _PLACE.finditer(line) if m.group(1) in names}


def _of_the_input(text: str, names: set[str]) -> bool:
    """Every error names the command's own input, no state file: ``dbf result check SHEET`` refusing
    a sheet whose match a (valid) edit of the draw took away refuses the sheet, not the state."""
    try:
        doc = json.loads(text)      # --json: each error's "file"
        errors = [str(e.get("file") or "") for e in doc.get("errors") or ()] if isinstance(doc, dict) else []
    except ValueError:
        errors = [line for line in text.splitlines() if "error" in line]
    named = [m.group(1) for line in errors for m in _PLACE.finditer(line)]
    return bool(errors) and bool(named) and not (set(named) & names) and all(_PLACE.search(e) for e in errors)


class StateFuzzer:
    """One season under ``root`` and what the fuzzer knows of it (see the module docstring)."""

    def __init__(self, root: Path, out: Path):
        self.root, self.out = root, out
        self.restoring = False
        self.facts = statefuzz.build_season(root)
        self.files = statefuzz.kinds(statefuzz.state_files(root))
        self.pristine = statefuzz.snapshot(root)
        self.dirs = {p for p in fingerprint(root) if p.endswith("/")}
        self.prints = fingerprint(root)
        self.names = {Path(rel).name for rels in self.files.values() for rel in rels}
        self.readers = statefuzz.read_only_commands(self.facts, out)
        self.heavy = statefuzz.heavy_commands(out) + statefuzz.heavy_writers(self.facts)
        self.writers = statefuzz.writing_commands(self.facts) + statefuzz.heavy_writers(self.facts)
        self.base = {args: self._run_restored(args)[0] for args in self.readers + self.heavy + self.writers}
        assert self.base[CHECK] == 0
        self.reads = {kind: self._probe(rels) for kind, rels in self.files.items()}

    # ----------------------------------------------------------------------- set-up
    def _run_restored(self, args) -> tuple[int, str]:
        try:
            return statefuzz.run(self.root, args)
        finally:
            self.restore()

    def _probe(self, rels: list[str]) -> set[tuple]:
        """The commands whose answer changes when every file of a kind is unreadable."""
        try:
            for rel in rels:
                (self.root / rel).write_bytes(UNREADABLE)
            return {args for args in self.readers
                    if args not in self.heavy and args != CHECK and statefuzz.run(self.root, args)[0] != self.base[args]}
        finally:
            self.restore()

    def restore(self) -> None:
        """Put the season back as built: changed files rewritten, added files and folders removed
        (by stat, so a case costs one walk of the folder, not a read of every file)."""
        now = fingerprint(self.root)
        if now == self.prints:
            return
        self.restoring = True
        for rel in sorted((p for p in now if p not in self.prints), reverse=True):
            path = self.root / rel
            if rel.endswith("/"):
                if rel not in self.dirs:
                    _remove_tree(path)
            elif path.exists():
                path.unlink()
        for rel, data in self.pristine.items():
            if now.get(rel) != self.prints.get(rel):
                (self.root / rel).parent.mkdir(parents=True, exist_ok=True)
                (self.root / rel).write_bytes(data)
        self.prints = fingerprint(self.root)
        self.restoring = False

    # ----------------------------------------------------------------------- a case
    def commands(self, rng: random.Random, kind: str) -> tuple[list[tuple], tuple | None]:
        """The read-only commands of a case (up to three readers of the kind, one other, check
        last; sometimes a heavy one) and its writing command (or None)."""
        readers = sorted(a for a in self.reads[kind] if a in self.readers and a != CHECK)
        others = sorted(a for a in self.readers if a not in self.reads[kind] and a != CHECK)
        chosen = rng.sample(readers, min(3, len(readers))) + ([rng.choice(others)] if others else [])
        writer = None
        if rng.randrange(HEAVY_EVERY) == 0:     # publish, press, notify draw: read every kind
            heavy = rng.choice(self.heavy)
            if heavy in self.writers:
                writer = heavy
            else:
                chosen.append(heavy)
        if writer is None and rng.randrange(WRITE_EVERY) == 0:   # every writer reads most kinds
            writer = rng.choice([a for a in self.writers if a not in self.heavy])
        return chosen + [CHECK], writer

    def case(self, seed: int, number: int, tally: Tally) -> None:
        rng = random.Random(f"{seed}:{number}")
        kind = rng.choice(sorted(self.files))
        rel = rng.choice(self.files[kind])
        edited, how = mutate(rng, self.pristine[rel], rel)
        where = {"seed": seed, "case": number, "file": rel, "edit": how}
        tally.cases += 1
        tally.kinds[kind] = tally.kinds.get(kind, 0) + 1
        tally.edits[how] = tally.edits.get(how, 0) + 1
        readers, writer = self.commands(rng, kind)
        try:
            (self.root / rel).write_bytes(edited)
            before = fingerprint(self.root)
            answers = [(args, *self._one(args, where, tally)) for args in readers]
            if fingerprint(self.root) != before:
                self._fail(tally, "reader_wrote", where, readers, "")
            if writer is not None:
                code, text = self._one(writer, where, tally)
                answers.append((writer, code, text))
                if code and fingerprint(self.root) != before:
                    self._fail(tally, "write_changed", where, writer, text)
            self._judge_check(answers, where, tally)
        finally:
            self.restore()

    def _one(self, args, where, tally: Tally) -> tuple[int, str]:
        code, text = statefuzz.run(self.root, args)
        tally.commands += 1
        tally.exit_codes[code] = tally.exit_codes.get(code, 0) + 1
        if "Traceback" in text:
            self._fail(tally, "traceback", where, args, text)
        if "internal error" in text or code not in (0, 1, 2):
            self._fail(tally, "internal", where, args, text)
        return code, text

    def _judge_check(self, answers, where, tally: Tally) -> None:
        """Issue 27: a state a command refuses (exit 2 where the untouched season gives 0), dbf
        check refuses too (exit 1 or 2), naming the file and line the command names; a check that
        refuses names the edited file."""
        check_code, check_text = next((c, t) for a, c, t in answers if a == CHECK)
        if check_code and not places(check_text, self.names):   # an error of the edited file, or of
            self._fail(tally, "check_misnames", where, CHECK, check_text)   # one it no longer fits
        for args, code, text in answers:
            if args == CHECK or code != 2 or self.base[args] != 0:
                continue
            codes = set(_ERROR_CODE.findall(text))
            if codes and codes <= set(NOT_OF_THE_STATE) or _of_the_input(text, self.names):
                continue
            if check_code == 0:
                self._fail(tally, "check_passes", where, args, text + "\n--- check:\n" + check_text)
                return
            named = places(check_text, self.names)
            files = {f for f, _ in named}
            missing = {p for p in places(text, self.names) if (p not in named if p[1] else p[0] not in files)}
            if missing:
                self._fail(tally, "check_misnames", where, args, f"{sorted(missing)} not in check:\n" + check_text)

    @staticmethod
    def _fail(tally: Tally, count: str, where: dict, args, text: str) -> None:
        tally.counts[count] += 1
        tally.failures.append({**where, "count": count, "command": " ".join(map(str, args or ())),
                               "text": text[-1500:]})

    def run(self, seed: int, numbers) -> Tally:
        tally = Tally()
        start = time.perf_counter()
        for number in numbers:
            self.case(seed, number, tally)
        tally.seconds = time.perf_counter() - start
        return tally


def _remove_tree(path: Path) -> None:
    import shutil

    shutil.rmtree(path, ignore_errors=True)
