"""`dbf check` covers the systems registry (§2.10, §1.1.1.2)."""

from pathlib import Path

from dbftest import run_dbf

CARDS = Path(__file__).resolve().parents[2] / "examples" / "systems"


def test_registered_card_checked(example):
    teams = run_dbf("cup", "teams", "--json").json["teams"]
    team = teams[0]
    p1, p2 = team["players"][0]["id"], team["players"][1]["id"]
    card = sorted(CARDS.glob("*.yaml"))[0]
    r = run_dbf("system", "register", team["id"], card, "--pair", p1, p2, "--sent", "2026-11-01")
    assert r.exit_code == 0, r.stderr
    assert run_dbf("check").exit_code == 0
    registry = example / "2026-27" / "systems" / "registry.yaml"
    registry.write_text(registry.read_text().replace(f"- {p1}", "- 999999", 1))
    r = run_dbf("check", "--json")
    assert r.exit_code == 1
    assert any(e["rule"] == "1.1.1.2" and "999999" in e["message"] for e in r.json["errors"])
