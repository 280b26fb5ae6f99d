"""The repository stands on its own (issue 18.7): a clone has no folder beside it, so no
file, docstring, `--help` text or link may point outside the repository, and every
relative link of the Markdown pages must land on a file that is there.

The project's own copies are ``docs/interface.md`` (the contract) and
``docs/regulations.md`` (the regulations digest); anything naming an outside copy fails.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

#: Folders that are not the repository's own content (installs, caches, test output).
SKIP_DIRS = {".git", ".venv", ".venv-ci", "__pycache__", ".pytest_cache", ".hypothesis",
             "build", "dist", "test-artifacts", "node_modules", ".cache", "out"}

#: What points outside: spelt in pieces so that this file does not match itself.
OUTSIDE = [
    ("..", "/shared"),           # the reference folder beside the clone
    ("/wo", "rk/"),              # an absolute path of one machine
    ("shared/", "RULES"), ("shared/", "seeds"), ("shared/", "data"), ("shared/", "STYLE"),
    ("INTER", "FACE.md"),        # the outside contract (ours is docs/interface.md)
    ("RU", "LES.md"),            # the outside digest (ours is docs/regulations.md)
    ("STY", "LE.md"),            # the outside style notes (summarised in docs/ARCHITECTURE.md)
]
OUTSIDE_RE = re.compile("|".join(re.escape(a + b) for a, b in OUTSIDE))

#: ``[text](target)`` in Markdown, and ``href="target"`` in the page templates.
LINK_RE = re.compile(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def repo_files() -> list[Path]:
    files = []
    for path in sorted(REPO.rglob("*")):
        rel = path.relative_to(REPO)
        if any(part in SKIP_DIRS or part.endswith(".egg-info") for part in rel.parts):
            continue
        if path.is_file() and not path.is_symlink():
            files.append(path)
    return files


def text_of(path: Path) -> str | None:
    try:
        data = path.read_bytes()
    except OSError:
        return None
    if b"\0" in data[:4096]:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


FILES = repo_files()
TEXTS = {p: t for p in FILES if (t := text_of(p)) is not None}
MARKDOWN = sorted(p for p in TEXTS if p.suffix == ".md")


def test_the_scan_sees_the_repository():
    """Not a vacuous pass: the scan covers code, docs and help texts."""
    names = {p.relative_to(REPO).as_posix() for p in TEXTS}
    for must in ("README.md", "docs/interface.md", "docs/regulations.md", "src/dbfcli/cli/result.py",
                 "src/dbfcli/cli/cup.py", "tools/make_example.py", "docs/readings/README.md"):
        assert must in names
    assert len(MARKDOWN) > 20


def test_nothing_points_outside_the_repository():
    hits = []
    for path, text in TEXTS.items():
        for n, line in enumerate(text.splitlines(), 1):
            m = OUTSIDE_RE.search(line)
            if m:
                hits.append(f"{path.relative_to(REPO)}:{n}: {m.group(0)!r} in {line.strip()[:100]!r}")
    assert not hits, "points outside the repository:\n" + "\n".join(hits)


def _links(text: str) -> list[str]:
    # Links inside fenced code blocks are examples, not links.
    text = re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)
    return LINK_RE.findall(text)


@pytest.mark.parametrize("page", MARKDOWN, ids=lambda p: p.relative_to(REPO).as_posix())
def test_relative_links_resolve_inside_the_repository(page):
    broken = []
    for target in _links(TEXTS[page]):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
            continue                                   # https:, mailto:, an anchor on the page
        file_part = target.split("#", 1)[0]
        resolved = (page.parent / file_part).resolve()
        if not resolved.is_relative_to(REPO):
            broken.append(f"{target} (leaves the repository)")
        elif not resolved.exists():
            broken.append(f"{target} (no such file)")
    assert not broken, f"{page.relative_to(REPO)}: " + ", ".join(broken)


def test_help_texts_point_inside_the_repository():
    """Every command's --help, as a user reads it: no outside file named."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("gen_docs", REPO / "tools" / "gen_docs.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    paths = [[]] + [p for p, _ in gen.command_paths()]
    assert len(paths) > 40
    bad = [" ".join(["dbf", *p]) for p in paths if OUTSIDE_RE.search(gen.help_text(p))]
    assert not bad, f"--help naming a file outside the repository: {bad}"


def test_the_scan_catches_an_outside_link(tmp_path):
    """The checks can fail: a planted outside reference and a broken link are found."""
    sample = "see [the contract](" + ".." + "/shared/" + "INTER" + "FACE.md) and RU" + "LES.md"
    assert OUTSIDE_RE.search(sample)
    assert _links("[x](nowhere.md)") == ["nowhere.md"]
    assert _links("```\n[x](in-code.md)\n```\n") == []
