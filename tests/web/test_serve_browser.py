"""`dbf serve` in a real browser (issue 19): Debian's Chromium, driven by Selenium through the
system's chromedriver (no browser or driver is downloaded), opens a captain's link, fills in
the form with one error, sees the error with its § next to the field, corrects it, sends; the
sheet is then in `dbf log` and `dbf up`. A screenshot goes to ``test-artifacts/``.

When Chromium or chromedriver is not installed the test is SKIPPED with a loud reason
(``.ci/install-browser`` installs both); it is never passed silently."""

from __future__ import annotations

import contextlib
import os
import shutil
from pathlib import Path

import pytest

from dbftest import run_dbf
from webkit import REPO, SEASON, drawn_season, link_of, links, schedule, serving

ARTIFACTS = REPO / "test-artifacts"


def _driver(tmp_path: Path, size: str = "1200,2400"):
    exe = next((p for p in ("/usr/bin/chromium", shutil.which("chromium") or "") if p and Path(p).is_file()), None)
    drv = next((p for p in ("/usr/bin/chromedriver", shutil.which("chromedriver") or "") if p and Path(p).is_file()),
               None)
    if exe is None or drv is None:
        pytest.skip("!!! CHROMIUM OR CHROMEDRIVER IS NOT INSTALLED: the dbf serve browser test did NOT run. "
                    "Run .ci/install-browser (apt-get install chromium chromium-driver) !!!")
    webdriver = pytest.importorskip("selenium.webdriver", reason="!!! selenium is not installed (pip install -e '.[test]') !!!")
    os.environ.setdefault("SE_OFFLINE", "true")     # never let Selenium Manager fetch anything
    opts = webdriver.ChromeOptions()
    opts.binary_location = exe
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                f"--user-data-dir={tmp_path / 'profile'}", f"--window-size={size}", "--lang=en-GB"):
        opts.add_argument(arg)
    from selenium.webdriver.chrome.service import Service

    return webdriver.Chrome(service=Service(executable_path=drv), options=opts)


def _fill(driver, by, boards_first: str) -> None:
    driver.find_element(by.NAME, "seg0_h").clear()
    driver.find_element(by.NAME, "seg0_h").send_keys("31")
    driver.find_element(by.NAME, "seg0_a").clear()
    driver.find_element(by.NAME, "seg0_a").send_keys("17")
    for i in range(1, 5):
        for s in "ha":
            el = driver.find_element(by.NAME, f"seg{i}_{s}")
            el.clear()
            el.send_keys("0")
    for side in ("home", "away"):
        for j in range(4):
            box = driver.find_element(by.NAME, f"{side}_p{j}_played")
            if not box.is_selected():
                box.click()
            el = driver.find_element(by.NAME, f"{side}_p{j}_boards")
            el.clear()
            el.send_keys(boards_first if (side, j) == ("home", 0) else "40")


def _error_corrected_and_sent(driver, seen) -> None:
    """The form filled with one error (the home boards do not add up, §1.5.14), checked, the
    error seen next to the home side (``seen("form-error")``), corrected, checked, sent, the
    receipt seen (``seen("receipt")``)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait

    _fill(driver, By, "24")
    driver.find_element(By.ID, "check").click()
    WebDriverWait(driver, 30).until(ec.presence_of_element_located((By.CSS_SELECTOR, "#side-home li.error")))
    assert "§1.5.14" in driver.find_element(By.CSS_SELECTOR, "#side-home").text
    seen("form-error")
    el = driver.find_element(By.NAME, "home_p0_boards")
    el.clear()
    el.send_keys("40")
    driver.find_element(By.ID, "check").click()
    WebDriverWait(driver, 30).until(ec.presence_of_element_located((By.ID, "ok")))
    driver.find_element(By.ID, "send").click()
    WebDriverWait(driver, 30).until(ec.presence_of_element_located((By.ID, "receipt")))
    seen("receipt")


def test_1_5_14_a_captain_fills_in_the_form_in_chromium_sees_the_error_corrects_and_sends(tmp_path, monkeypatch):
    root = drawn_season(tmp_path, monkeypatch)
    sched = schedule()
    m = next(x for x in sched.values() if x["up"])          # a match with UP, so `dbf up` shows it
    token = link_of(links(), m["id"], m["home"])["url"].rsplit("/", 1)[1]
    driver = _driver(tmp_path)
    from selenium.webdriver.common.by import By

    try:
        with serving(root) as url:
            driver.set_page_load_timeout(60)
            driver.get(f"{url}/s/{token}")
            assert m["id"] in driver.title
            ARTIFACTS.mkdir(exist_ok=True)
            _error_corrected_and_sent(driver, lambda name: driver.save_screenshot(str(ARTIFACTS / f"serve-{name}.png")))
            assert m["id"] in driver.find_element(By.ID, "receipt").text
            errors = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"] \
                if hasattr(driver, "get_log") else []
            assert not errors, errors
    except Exception:
        ARTIFACTS.mkdir(exist_ok=True)
        driver.save_screenshot(str(ARTIFACTS / "serve-failed.png"))
        (ARTIFACTS / "serve-failed.html").write_text(driver.page_source, encoding="utf-8")
        raise
    finally:
        driver.quit()
    log = run_dbf("log", "--json").json["entries"]
    assert any(e["command"].startswith(f"web: captain of {m['home']}")
               and any(c["file"] == f"cup/matches/{m['id']}.yaml" for c in e["changes"]) for e in log)
    up = run_dbf("up", "--json").json["teams"]
    assert up.get(m["away"]) == m["up"]
    assert run_dbf("check").exit_code == 0


_WIDE = "return [document.scrollingElement.scrollWidth, window.innerWidth];"
#: every visible control's tap area (issue 26): its box, with its margins for a checkbox
_SMALL = """
return Array.from(document.querySelectorAll('input:not([type=hidden]), button, textarea, a.lang'))
  .filter(e => e.offsetParent !== null)
  .map(e => { const r = e.getBoundingClientRect(), s = getComputedStyle(e);
              const m = e.type === 'checkbox' ? parseFloat(s.marginTop) + parseFloat(s.marginBottom) : 0;
              return [e.name || e.id || e.tagName, Math.round(r.height + m)]; })
  .filter(x => x[1] < 44);
"""


def _phone_checks(driver, shots: Path, name: str) -> None:
    driver.save_screenshot(str(shots / f"{name}.png"))
    wide, inner = driver.execute_script(_WIDE)
    assert wide <= inner, f"{name}: the page scrolls sideways ({wide} px in a {inner}-px window)"
    small = driver.execute_script(_SMALL)
    assert not small, f"{name}: controls under a 44-px tap area: {small}"


@contextlib.contextmanager
def _phone(tmp_path: Path, root: Path):
    """Chromium in a 390x844 phone viewport over a real `dbf serve` of ``root``:
    ``(driver, base URL, screenshots folder)``; a failure leaves ``failed.png`` and
    ``failed.html`` in the folder; the browser quits when the block ends."""
    shots = tmp_path / "screenshots"
    shots.mkdir()
    driver = _driver(tmp_path, "390,844")
    try:
        with serving(root) as url:
            driver.set_page_load_timeout(60)
            # a phone's viewport (headless Chromium's window is at least 500 px wide)
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
            yield driver, url, shots
    except Exception:
        driver.save_screenshot(str(shots / "failed.png"))
        (shots / "failed.html").write_text(driver.page_source, encoding="utf-8")
        raise
    finally:
        driver.quit()


def test_1_5_14_a_captain_on_a_390px_phone_sends_without_scrolling_sideways(tmp_path, monkeypatch):
    """Issue 26: the phone flow: the form, an error next to its field, the corrected sheet
    sent, the receipt, and the other captain's confirm, each page fitting 390 px with 44-px
    tap areas; screenshots under the test's temporary folder (``screenshots/``)."""
    root = drawn_season(tmp_path, monkeypatch)
    m = next(iter(schedule().values()))
    all_links = links()
    home, away = (link_of(all_links, m["id"], m[s])["url"].rsplit("/", 1)[1] for s in ("home", "away"))
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait

    with _phone(tmp_path, root) as (driver, url, shots):
        driver.get(f"{url}/s/{home}?lang=da")
        assert driver.execute_script("return window.innerWidth") == 390
        driver.get(f"{url}/s/{home}?lang=da")
        _phone_checks(driver, shots, "form")
        _error_corrected_and_sent(driver, lambda name: _phone_checks(driver, shots, name))
        driver.get(f"{url}/s/{away}?lang=da")
        _phone_checks(driver, shots, "other-captain")
        driver.find_element(By.ID, "confirm").click()
        WebDriverWait(driver, 30).until(ec.presence_of_element_located((By.CSS_SELECTOR, "p.message")))
        _phone_checks(driver, shots, "confirmed")
    assert (root / SEASON / "cup" / "matches" / f"{m['id']}.yaml").is_file()
    assert sorted(p.name for p in shots.glob("*.png")) == sorted(
        f"{n}.png" for n in ("form", "form-error", "receipt", "other-captain", "confirmed"))


def _type(driver, by, name: str, value: str) -> None:
    el = driver.find_element(by.NAME, name)
    el.clear()
    el.send_keys(value)


def _division_sheet_sent(driver, seen, boards: int) -> None:
    """A division form (two halves, §1.1.2.1) filled with one error (the home side's boards do
    not add up: a code alone, small, no §), checked, corrected, checked (the VP shown), sent."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait

    for name, value in (("seg0_h", "31"), ("seg0_a", "17"), ("seg1_h", "0"), ("seg1_a", "0")):
        _type(driver, By, name, value)
    for side in ("home", "away"):
        for j in range(4):
            box = driver.find_element(By.NAME, f"{side}_p{j}_played")
            if not box.is_selected():
                box.click()
            _type(driver, By, f"{side}_p{j}_boards", "20" if (side, j) == ("home", 0) else str(boards))
    driver.find_element(By.ID, "check").click()
    WebDriverWait(driver, 30).until(ec.presence_of_element_located((By.CSS_SELECTOR, "#side-home li.error")))
    error = driver.find_element(By.CSS_SELECTOR, "#side-home li.error")
    assert error.find_elements(By.CSS_SELECTOR, "small.code") and not error.find_elements(By.CSS_SELECTOR, "b")
    # the page's script draws the same (issue 26): its lists emptied, an edit checked as typed
    driver.execute_script("document.querySelectorAll('ul.problems').forEach(u => u.replaceChildren());")
    _type(driver, By, "seg1_h", "0")
    WebDriverWait(driver, 30).until(ec.presence_of_element_located((By.CSS_SELECTOR, "#side-home li.error")))
    error = driver.find_element(By.CSS_SELECTOR, "#side-home li.error")
    assert error.find_elements(By.CSS_SELECTOR, "small.code") and not error.find_elements(By.CSS_SELECTOR, "b")
    seen("form-error")
    _type(driver, By, "home_p0_boards", str(boards))
    driver.find_element(By.ID, "check").click()
    WebDriverWait(driver, 30).until(ec.presence_of_element_located((By.ID, "vp")))
    assert "§1.1.2.1" in driver.find_element(By.ID, "vp").text
    seen("checked")
    driver.find_element(By.ID, "send").click()
    WebDriverWait(driver, 30).until(ec.presence_of_element_located((By.ID, "receipt")))
    seen("receipt")


def test_1_1_2_1_a_division_match_sent_disputed_accepted_and_confirmed_on_a_390px_phone(tmp_path, monkeypatch):
    """Issue 26, "Done when": a division match (§1.1.2.1, docs/readings/division-results.md)
    on a 390x844 phone, in Danish: the home captain sends (an error corrected, the VP seen after
    Check), the away captain disputes the IMPs, the TD accepts (`dbf result accept`), the away
    captain confirms the accepted sheet; every page fits 390 px with 44-px tap areas, and the
    standings show the accepted result. Screenshots under the test's temporary folder."""
    from test_serve_division import division_links, division_season, first_match

    root = division_season(tmp_path, monkeypatch)
    m = first_match()
    all_links = division_links()
    home, away = (link_of(all_links, m["id"], m[s])["url"].rsplit("/", 1)[1] for s in ("home", "away"))
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait

    with _phone(tmp_path, root) as (driver, url, shots):
        driver.get(f"{url}/s/{home}?lang=da")
        assert driver.execute_script("return window.innerWidth") == 390
        _phone_checks(driver, shots, "form")
        _division_sheet_sent(driver, lambda name: _phone_checks(driver, shots, name), 36)
        driver.get(f"{url}/s/{away}?lang=da")
        _phone_checks(driver, shots, "other-captain")
        _type(driver, By, "seg0_h", "17")
        _type(driver, By, "seg0_a", "31")
        driver.find_element(By.NAME, "note").send_keys("IMP'erne er byttet om")
        driver.find_element(By.ID, "dispute").click()
        WebDriverWait(driver, 30).until(ec.presence_of_element_located((By.CSS_SELECTOR, "p.message")))
        _phone_checks(driver, shots, "disputed")
        r = run_dbf("result", "accept", m["id"], "--json")       # the TD decides
        assert r.exit_code == 0, r.stdout + r.stderr
        driver.get(f"{url}/s/{away}?lang=da")
        _phone_checks(driver, shots, "accepted")
        driver.find_element(By.ID, "confirm").click()
        WebDriverWait(driver, 30).until(ec.presence_of_element_located((By.CSS_SELECTOR, "p.message")))
        _phone_checks(driver, shots, "confirmed")
    import yaml

    rec = yaml.safe_load((root / SEASON / "divisions" / "matches" / f"{m['id']}.yaml").read_text(encoding="utf-8"))
    sent = yaml.safe_load((root / SEASON / "serve" / "matches" / f"{m['id']}.yaml").read_text(encoding="utf-8"))
    assert rec["imps"] == [17, 31] and (sent["sent_by"], sent["confirmed_by"]) == (m["home"], m["away"])
    rows = {r["team"]: r for r in run_dbf("standings", "1div", "--json").json["rows"]}
    assert rows[m["away"]]["played"] == 1 and rows[m["away"]]["vp"] > rows[m["home"]]["vp"]
    assert sorted(p.name for p in shots.glob("*.png")) == sorted(
        f"{n}.png" for n in ("form", "form-error", "checked", "receipt", "other-captain", "disputed", "accepted",
                             "confirmed"))
    assert run_dbf("check").exit_code == 0
