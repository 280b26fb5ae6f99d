"""The docs cannot rot: docs/commands.md is exactly what tools/gen_docs.py generates from the
code, every command's help has an example, and every example on the docs/formats pages
parses and loads with dbf's own loader without a problem."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[1]
FORMATS = REPO / "docs" / "formats"
SEASON = "2026-27"


def _gen_docs():
    spec = importlib.util.spec_from_file_location("gen_docs", REPO / "tools" / "gen_docs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def gen():
    return _gen_docs()


def test_commands_md_is_generated_from_the_code(gen):
    committed = (REPO / "docs" / "commands.md").read_text(encoding="utf-8")
    fresh = gen.render()
    assert committed == fresh, "docs/commands.md is out of date: run `python tools/gen_docs.py` and commit it"


def test_every_command_help_has_an_example(gen):
    missing = [" ".join(p) for p, cmd in gen.command_paths() if gen.is_runnable(p, cmd)
               and "Example:" not in gen.help_text(p)]
    assert not missing, f"help without 'Example:': {missing}"


def test_commands_md_lists_every_command(gen):
    text = (REPO / "docs" / "commands.md").read_text(encoding="utf-8")
    for path, _ in gen.command_paths():
        assert f"## `{' '.join(['dbf', *path])}`" in text


# --------------------------------------------------------------------------- docs/formats
def blocks(page: str, lang: str) -> list[str]:
    """The fenced code blocks of a page in a language."""
    text = (FORMATS / page).read_text(encoding="utf-8")
    return re.findall(rf"^```{lang}\n(.*?)^```$", text, flags=re.M | re.S)


PAGES = sorted(p.name for p in FORMATS.glob("*.md") if p.name != "README.md")


def test_readme_links_every_page_and_every_link_resolves():
    readme = (FORMATS / "README.md").read_text(encoding="utf-8")
    for page in PAGES:
        assert f"({page}" in readme, f"docs/formats/README.md does not link {page}"
    for page in ["README.md", *PAGES]:
        text = (FORMATS / page).read_text(encoding="utf-8")
        for target in re.findall(r"\]\(([^)#]+\.md)(?:#[^)]*)?\)", text):
            assert (FORMATS / target).resolve().is_file(), f"{page} links {target}, which does not exist"


@pytest.mark.parametrize("page", PAGES)
def test_every_yaml_example_parses_with_the_safe_loader(page):
    from dbfcli.store.yamlio import parse_yaml

    found = blocks(page, "yaml")
    assert found or blocks(page, "toml") or blocks(page, "csv"), f"{page} has no example"
    for text in found:
        yaml.safe_load(text)
        parse_yaml(text.encode("utf-8"), page)   # dbf's loader: no tags, aliases or duplicate keys


def test_known_distances_example_is_read_without_problems():
    """docs/formats/distances-csv.md: the example is a valid ``distances.csv`` (§1.5.4)."""
    from dbfcli.store.geodata import load_postcodes, parse_known_distances

    (text,) = blocks("distances-csv.md", "csv")
    known, problems = parse_known_distances(text, "distances.csv", load_postcodes())
    assert problems == [] and len(known) == 2


@pytest.fixture
def store(tmp_path):
    from dbfcli.store.season import SeasonStore

    (tmp_path / SEASON).mkdir()
    return SeasonStore(tmp_path, SEASON)


def _put(store, rel: str, text: str) -> None:
    path = store.dir / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _errors(problems) -> list:
    return [p for p in problems if p.is_error]


def test_season_toml_page_is_what_init_writes():
    from dbfcli.store.settings import default_season_toml, parse_settings

    (text,) = blocks("season-toml.md", "toml")
    assert text == default_season_toml(SEASON)
    settings, problems = parse_settings(text, "season.toml")
    assert problems == [] and settings.cup.fee_per_player_round_kr == 60
    for key in re.findall(r"^([a-z_]+) =", text, flags=re.M):
        assert f"`{key}`" in (FORMATS / "season-toml.md").read_text(encoding="utf-8").split("```toml")[0], \
            f"season.toml key {key} is not described"


def test_teams_file_yaml_and_csv_load_the_same(tmp_path):
    from dbfcli.store.teams import read_entry_file

    (y,) = blocks("teams-file.md", "yaml")
    (c,) = blocks("teams-file.md", "csv")
    (tmp_path / "teams.yaml").write_text(y, encoding="utf-8")
    (tmp_path / "teams.csv").write_text(c, encoding="utf-8")
    ty, _, py = read_entry_file(tmp_path / "teams.yaml")
    tc, _, pc = read_entry_file(tmp_path / "teams.csv")
    assert py == [] and pc == [] and len(ty) == 1 and len(ty[0].players) == 4
    strip = lambda teams: [(t.id, t.name, t.captain, t.club, t.postcode,  # noqa: E731
                            [(p.id, p.name, p.club, p.division) for p in t.players]) for t in teams]
    assert strip(ty) == strip(tc)


def test_division_teams_page(store):
    from dbfcli.store.teams import load_division

    (text,) = blocks("division-teams.md", "yaml")
    _put(store, "divisions/2div.yaml", text)
    division, problems = load_division(store, "2div")
    assert problems == [] and [t.id for t in division.teams] == ["HEL-A", "ESB-A"]


def test_result_sheet_page():
    from dbfcli.store.cup.results import parse_cup_sheet

    (text,) = blocks("result-sheet.md", "yaml")
    sheet, problems = parse_cup_sheet(text, "C3-007.yaml")
    assert problems == [] and sheet.match == "C3-007" and sheet.away.up == 11 and len(sheet.segments) == 5


def test_system_card_page():
    from dbfcli.rules.systems.cards import classify
    from dbfcli.store.systems import card_from_dict
    from dbfcli.store.yamlio import parse_yaml

    (text,) = blocks("system-card.md", "yaml")
    doc = parse_yaml(text.encode(), "card.yaml")
    card, problems = card_from_dict(doc.data, "card.yaml", lambda p: doc.line(*p))
    assert problems == [] and card.name == "Precision"
    cls, more = classify(card)
    assert _errors(more) == []


def test_cup_match_page(store):
    from dbfcli.store.cup.draws import load_results
    from dbfcli.store.cup.results import load_cup_records

    result, walkover = blocks("cup-match.md", "yaml")
    _put(store, "cup/matches/C1-001.yaml", result)
    _put(store, "cup/matches/C1-002.yaml", walkover)
    records, problems = load_cup_records(store)
    assert problems == [] and [r.match.kind for r in records] == ["result", "walkover"]
    assert sum(records[0].gp.values()) == 800   # 8 GP in round 1 (§1.5.10), in hundredths
    winners, up, rounds, more = load_results(store)
    assert more == [] and winners == {"C1-001": "GEN-3", "C1-002": "HVI-1"} and up == {1: {"FRB-2": 1}}


def test_division_match_page(store):
    from dbfcli.store.divisions.results import parse_div_match
    from dbfcli.store.yamlio import parse_yaml

    (text,) = blocks("division-match.md", "yaml")
    result, division, problems = parse_div_match(parse_yaml(text.encode(), "divisions/matches/2div-R01-01.yaml"))
    assert problems == [] and division == "2div" and result is not None


def test_draw_page(store):
    from dbfcli.store.cup.draws import load_draws

    (text,) = blocks("draw.md", "yaml")
    _put(store, "cup/draws/round-01.yaml", text)
    draws, pools, problems = load_draws(store)
    assert problems == [] and [m.id for m in draws[1].matches] == ["C1-001", "C1-002"]
    assert draws[1].byes == ("AAR-2",) and pools[1]["AAR-2"] == "west-1"


def test_draw_commitment_page(store):
    """Issue 30: the example commitment loads, its field has the digest it names, the secret the
    page reveals opens it, and the draw the page describes is what that secret draws."""
    import re as re_

    from dbfcli.rules.cup.drawproof import commitment, digest, run, seed_of
    from dbfcli.store.drawproof import load_cup_commitments

    (text,) = blocks("draw-commitment.md", "yaml")
    _put(store, "cup/commitments/round-01.yaml", text)
    commits, problems = load_cup_commitments(store)
    c = commits[1]
    assert problems == [] and digest(c.field) == c.field_digest
    page = (FORMATS / "draw-commitment.md").read_text(encoding="utf-8")
    secret = re_.search(r"The secret of this example is `([0-9a-f]{64})`", page).group(1)
    assert commitment(secret, season=c.season, subject=c.subject, field_digest=c.field_digest, algorithm=c.algorithm,
                      beacon_source=c.beacon_source) == c.commitment
    got, _ = run(c.algorithm, c.field, seed_of(secret, None))
    assert got["draw"]["byes"] == ["GEN-3"] and [m["teams"] for m in got["draw"]["matches"]] == \
        [["HVI-1", "GEN-1"], ["FRB-2", "AAR-2"]]


def test_cup_schedule_page(store):
    from dbfcli.store.cup.draws import load_schedule

    (text,) = blocks("cup-schedule.md", "yaml")
    _put(store, "cup/schedule.yaml", text)
    agreements, where, problems = load_schedule(store)
    assert problems == [] and agreements["C1-003"].time == "10:00" and agreements["C1-007"].dispensation


def test_cup_additions_page(store):
    from dbfcli.store.cup.results import load_additions

    (text,) = blocks("cup-additions.md", "yaml")
    _put(store, "cup/additions.yaml", text)
    additions, problems = load_additions(store)
    assert problems == [] and additions[0].player.id == 999001 and additions[0].round == 2


def test_cup_contacts_page(store):
    from dbfcli.publish.gather import load_contacts

    (text,) = blocks("cup-contacts.md", "yaml")
    _put(store, "cup/contacts.yaml", text)
    assert load_contacts(store) == {100234: "anne.holm@example.dk", 200111: "kaptajn@kbh-bridge.example.dk"}


def test_systems_registry_page(store):
    from dbfcli.store.systems import load_registry

    (text,) = blocks("systems-registry.md", "yaml")
    _put(store, "systems/registry.yaml", text)
    regs, problems = load_registry(store)
    assert problems == [] and len(regs) == len(yaml.safe_load(text)["pairs"]) == 1
    assert regs[0].card == "systems/cards/NYF-1-585292-905179.yaml"


def test_journal_page(store):
    from dbfcli.store.journal import read_journal

    (text,) = blocks("journal.md", "yaml")
    _put(store, "journal/20261129T211425.973427Z-1.yaml", text)
    (entry,) = read_journal(store)
    assert entry["changes"][0]["action"] == "create"


def test_trophy_history_page(tmp_path):
    from dbfcli.store.cup.trophy import read_history

    (text,) = blocks("trophy-history.md", "yaml")
    (tmp_path / "trophy.yaml").write_text(text, encoding="utf-8")
    finals, problems = read_history(tmp_path / "trophy.yaml")
    assert problems == []
    assert [f.captain for f in finals] == [100234, 100234, 200111]
