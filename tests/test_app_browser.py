"""The workbench page in a real headless Chromium (Debian's ``chromium`` and
``chromium-driver``, driven by Selenium), against a ``satgrid app`` server on
an ephemeral 127.0.0.1 port.

What a person does: type the seed's classic Sudoku, Solve, read the solution
back from the cells (checked against the referee and the published solution),
Restart; an unsolvable grid; a refused key; changing the at-most-one encoding;
loading, solving and drawing a Hooks instance; the Instance menu naming the
file loaded; picking any puzzle of a collection; a kind's answer after
solving; a console free of errors (the page's icon). Screenshots before and
after solving go to tests/artifacts/ (kept out of git; one of them is
docs/img/workbench.png).

Skipped, with the reason, only where chromium, chromedriver or selenium is
missing (``.ci/run`` and ``make test`` install them).
"""

import os
import shutil
import tempfile

import pytest

from conftest import CLASSIC, CLASSIC_SOLUTION, INST, ROOT, grid_of, optimized_sudoku_clauses

from satgrid import api
from satgrid.apps import web
from satgrid.puzzles.sudoku.check import check as sudoku_referee

webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed "
                                "(pip install -e '.[test]')")
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.select import Select  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
ARTIFACTS = ROOT / "tests" / "artifacts"

pytestmark = pytest.mark.skipif(
    not (os.path.exists(CHROMIUM) and os.path.exists(CHROMEDRIVER)),
    reason=f"headless browser tests need Debian's chromium and chromium-driver "
           f"({CHROMIUM}, {CHROMEDRIVER}: apt-get install chromium chromium-driver)")


@pytest.fixture(scope="module")
def server():
    srv = web.make_server("127.0.0.1", 0, web.Workbench(instances=str(INST)))
    web.start_in_thread(srv)
    yield srv
    srv.shutdown()
    srv.server_close()


@pytest.fixture(scope="module")
def browser():
    profile = tempfile.mkdtemp(prefix="satgrid-chromium-")
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", f"--user-data-dir={profile}",
                 "--window-size=1280,900"):
        opts.add_argument(flag)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})   # the console, read by a test
    service = webdriver.ChromeService(executable_path=CHROMEDRIVER)
    drv = webdriver.Chrome(options=opts, service=service)
    drv.set_page_load_timeout(30)
    yield drv
    drv.quit()
    shutil.rmtree(profile, ignore_errors=True)


def status(drv) -> str:
    return drv.find_element(By.ID, "status").text


def wait_status(drv, *prefixes, timeout=90) -> str:
    """Wait until #status starts with one of ``prefixes``; return it (the
    first load of a kind imports the kinds, seconds on a loaded 2-core machine)."""
    try:
        WebDriverWait(drv, timeout).until(lambda d: status(d).startswith(prefixes))
    except TimeoutException:
        pytest.fail(f"#status never started with {prefixes}: it says {status(drv)!r}")
    return status(drv)


def open_page(drv, srv):
    drv.get(srv.url)
    wait_status(drv, "ready")


def cells(drv, n=9):
    return [[drv.find_element(By.ID, f"cell-{r}-{c}") for c in range(n)] for r in range(n)]


def type_grid(drv, rows):
    grid = cells(drv, len(rows))
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch not in ".0":
                grid[r][c].send_keys(ch)


def read_grid(drv, n=9):
    """The values of the cells, read in one round trip."""
    vals = drv.execute_script(
        "return Array.from({length: arguments[0]}, (_, r) => Array.from({length: arguments[0]},"
        " (_, c) => document.getElementById(`cell-${r}-${c}`).value));", n)
    return [[int(v or 0) for v in row] for row in vals]


def solved_marks(drv, n=9):
    """Which cells the page marks as solved (not givens)."""
    return drv.execute_script(
        "return Array.from({length: arguments[0]}, (_, r) => Array.from({length: arguments[0]},"
        " (_, c) => document.getElementById(`cell-${r}-${c}`).classList.contains('solved')));", n)


def shot(drv, name):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    drv.save_screenshot(str(ARTIFACTS / name))


def total_clauses(drv) -> int:
    return int(drv.find_element(By.ID, "total-clauses").text.replace(",", "") or 0)


def test_type_the_classic_solve_read_back_restart(server, browser):
    drv = browser
    open_page(drv, server)
    assert Select(drv.find_element(By.ID, "kind")).first_selected_option.text == "sudoku"
    assert Select(drv.find_element(By.ID, "size")).first_selected_option.text == "9x9"
    assert read_grid(drv) == [[0] * 9] * 9
    type_grid(drv, CLASSIC)
    assert read_grid(drv) == grid_of(CLASSIC)
    shot(drv, "workbench-before.png")
    drv.find_element(By.ID, "solve").click()
    text = wait_status(drv, "solved", "error:", "unsat")
    assert text.startswith("solved"), text
    got = read_grid(drv)
    assert sudoku_referee(got, (3, 3), grid_of(CLASSIC)) == []
    assert got == CLASSIC_SOLUTION
    # givens and solved cells are told apart
    assert solved_marks(drv) == [[ch == "." for ch in row] for row in CLASSIC]
    assert float(drv.find_element(By.ID, "solve-time").text.split()[0]) > 0
    assert total_clauses(drv) == optimized_sudoku_clauses(grid_of(CLASSIC), (3, 3))
    shot(drv, "workbench-solved.png")
    drv.find_element(By.ID, "unique").click()
    assert wait_status(drv, "unique", "not unique", "error:").startswith("unique")
    drv.find_element(By.ID, "restart").click()
    wait_status(drv, "ready")
    assert read_grid(drv) == [[0] * 9] * 9


def test_wrong_keys_are_refused_in_place(server, browser):
    drv = browser
    open_page(drv, server)
    cell = drv.find_element(By.ID, "cell-0-0")
    cell.send_keys("a")
    assert cell.get_attribute("value") == ""
    assert status(drv).startswith("error:") and "refused" in status(drv)
    cell.send_keys("0")
    assert cell.get_attribute("value") == ""
    cell.send_keys("7")
    assert cell.get_attribute("value") == "7"
    # two equal digits in one row: marked at once, said on the status line
    drv.find_element(By.ID, "cell-0-5").send_keys("7")
    assert status(drv).startswith("error: row 1 has 7 twice")
    assert "conflict" in drv.find_element(By.ID, "cell-0-5").get_attribute("class")
    drv.find_element(By.ID, "solve").click()
    assert wait_status(drv, "unsat", "solved", "error: the").startswith("unsat")


def test_unsolvable_grid_shows_unsat(server, browser):
    drv = browser
    open_page(drv, server)
    # no two equal givens, yet cell (0,0) has no value left
    type_grid(drv, [".12345678", "9........"] + ["........."] * 7)
    drv.find_element(By.ID, "solve").click()
    assert wait_status(drv, "unsat", "solved", "error:").startswith("unsat")
    assert read_grid(drv)[0][0] == 0


def test_changing_the_amo_encoding_changes_the_clause_count(server, browser):
    drv = browser
    open_page(drv, server)
    type_grid(drv, CLASSIC)
    drv.find_element(By.ID, "solve").click()
    wait_status(drv, "solved")
    before = total_clauses(drv)
    Select(drv.find_element(By.ID, "amo")).select_by_value("ladder")
    WebDriverWait(drv, 30).until(lambda d: total_clauses(d) != before)
    after = total_clauses(drv)
    [p] = api.load(str(INST / "sudoku-classic.toml"))
    assert after == api.sizes(p, api.Options(amo="ladder"))["total"]["clauses"]
    # the solve ran again with the new encoding and still gives the solution
    wait_status(drv, "solved")
    assert read_grid(drv) == CLASSIC_SOLUTION
    groups = [tr.get_attribute("data-group")
              for tr in drv.find_elements(By.CSS_SELECTOR, "#sizes tbody tr")]
    assert {"sudoku.row", "sudoku.column", "sudoku.box"} <= set(groups)


def test_a_hooks_instance_loads_solves_and_draws(server, browser):
    drv = browser
    open_page(drv, server)
    Select(drv.find_element(By.ID, "kind")).select_by_value("hooks")
    WebDriverWait(drv, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#drawing svg"))
    Select(drv.find_element(By.ID, "instance")).select_by_value("hooks-8.toml")
    drv.find_element(By.ID, "load").click()
    wait_status(drv, "ready: hooks-8.toml loaded")
    assert "Hooks 8" in drv.find_element(By.ID, "title").text
    given = settled(drv, lambda d: d.find_element(By.CSS_SELECTOR, "#drawing svg")
                    .get_attribute("outerHTML"))
    shot(drv, "workbench-hooks-before.png")
    drv.find_element(By.ID, "unique").click()
    text = wait_status(drv, "unique", "not unique", "error:", "unsat", timeout=60)
    assert text.startswith("unique"), text
    assert "CEGAR round" in text
    svg = settled(drv, lambda d: d.find_element(By.CSS_SELECTOR, "#drawing svg")
                  .get_attribute("outerHTML"))
    assert svg != given
    # the drawing shows the solution's numbers: 9 nines ... 1 one, 45 in all
    [p] = api.load(str(INST / "hooks-8.toml"))
    res = api.solve(p)
    numbers = settled(drv, lambda d: sorted(int(t.text) for t in
                                            d.find_elements(By.CSS_SELECTOR, "#drawing svg text")))
    assert numbers == sorted(v for row in res["grid"] for v in row if v)
    assert int(drv.find_element(By.ID, "rounds").text) >= 1
    shot(drv, "workbench-hooks-solved.png")
    drv.find_element(By.ID, "restart").click()
    wait_status(drv, "ready: the puzzle again")
    assert drv.find_element(By.CSS_SELECTOR, "#drawing svg").get_attribute("outerHTML") == given


def test_uploads_a_good_file_and_an_unreadable_one(server, browser, tmp_path):
    drv = browser
    open_page(drv, server)
    bad = tmp_path / "broken.toml"
    bad.write_bytes(b"\x00\x01\x02\xff binary, not a puzzle")
    drv.find_element(By.ID, "upload").send_keys(str(bad))
    text = wait_status(drv, "error:", "ready: broken")
    assert text.startswith("error: broken.toml: expected a text file"), text
    good = tmp_path / "tfs.toml"
    good.write_text((INST / "twenty-four-seven-2x2-2.toml").read_text(encoding="utf-8"))
    drv.find_element(By.ID, "upload").send_keys(str(good))
    wait_status(drv, "ready: tfs.toml loaded")
    assert Select(drv.find_element(By.ID, "kind")).first_selected_option.text == \
        "twenty-four-seven-2x2"
    # the Instance menu says an upload is shown, not one of the files offered
    assert Select(drv.find_element(By.ID, "instance")).first_selected_option.text == \
        "tfs.toml (uploaded)"
    drv.find_element(By.ID, "solve").click()
    assert wait_status(drv, "solved", "error:", "unsat", timeout=60).startswith("solved")
    [p] = api.load(str(good))
    givens = sum(bool(v) for g in p.grids for row in g.givens for v in row)
    assert len(drv.find_elements(By.CSS_SELECTOR, "#drawing svg rect.given")) == givens
    shot(drv, "workbench-24-7-solved.png")


def test_every_size_and_two_digit_cells(server, browser):
    drv = browser
    open_page(drv, server)
    Select(drv.find_element(By.ID, "size")).select_by_value("6")
    wait_status(drv, "ready: an empty 6x6 grid")
    assert drv.find_elements(By.ID, "cell-5-5") and not drv.find_elements(By.ID, "cell-6-0")
    drv.find_element(By.ID, "cell-0-0").send_keys("7")          # 7 > 6: refused
    assert drv.find_element(By.ID, "cell-0-0").get_attribute("value") == ""
    drv.find_element(By.ID, "solve").click()
    wait_status(drv, "solved")
    assert sudoku_referee(read_grid(drv, 6), (2, 3), [[0] * 6] * 6) == []
    Select(drv.find_element(By.ID, "size")).select_by_value("16")
    wait_status(drv, "ready: an empty 16x16 grid")
    cell = drv.find_element(By.ID, "cell-3-4")
    cell.send_keys("1")
    cell.send_keys("6")
    assert cell.get_attribute("value") == "16"
    other = drv.find_element(By.ID, "cell-3-5")
    other.send_keys("1")
    other.send_keys("7")                                         # 17 > 16: refused
    assert other.get_attribute("value") == "1"
    drv.find_element(By.ID, "solve").click()
    wait_status(drv, "solved", timeout=60)
    got = read_grid(drv, 16)
    assert got[3][4] == 16 and got[3][5] == 1
    givens = [[0] * 16 for _ in range(16)]
    givens[3][4], givens[3][5] = 16, 1
    assert sudoku_referee(got, (4, 4), givens) == []


# ------------------------------------------------ menus, collections, answers
def selected_instance(drv) -> str:
    return Select(drv.find_element(By.ID, "instance")).first_selected_option.get_attribute("value")


def settled(drv, read, timeout=10):
    """``read(drv)`` once the page holds still: the workbench redraws its
    drawing when an answer (or the sizes) arrive, so an element found a moment
    before may be replaced before it is read (StaleElementReferenceException)."""
    return WebDriverWait(drv, timeout, ignored_exceptions=(StaleElementReferenceException,)
                         ).until(lambda d: (read(d),))[0]


def load_instance(drv, kind, name):
    menu = Select(drv.find_element(By.ID, "kind"))
    if menu.first_selected_option.get_attribute("value") != kind:
        menu.select_by_value(kind)
        wait_status(drv, "ready")
    Select(drv.find_element(By.ID, "instance")).select_by_value(name)
    drv.find_element(By.ID, "load").click()
    return wait_status(drv, f"ready: {name} loaded", "error:")


@pytest.mark.parametrize("kind,name", [("sudoku", "sudoku-16x16.toml"),
                                       ("hooks", "hooks-example.toml")])
def test_the_instance_menu_shows_the_file_loaded(server, browser, kind, name):
    """After Load the menu names the file shown, not the first (or classic) entry."""
    drv = browser
    open_page(drv, server)
    names = [o.get_attribute("value") for o in
             Select(drv.find_element(By.ID, "kind")).options]
    assert kind in names
    text = load_instance(drv, kind, name)
    assert text.startswith(f"ready: {name} loaded"), text
    assert selected_instance(drv) == name
    [p] = api.load(str(INST / name))
    assert p.label() in drv.find_element(By.ID, "title").text
    if kind == "sudoku":
        assert Select(drv.find_element(By.ID, "size")).first_selected_option.get_attribute(
            "value") == str(p.n)
    drv.find_element(By.ID, "solve").click()
    assert wait_status(drv, "solved", "error:", "unsat", timeout=60).startswith("solved")
    assert selected_instance(drv) == name


def test_any_puzzle_of_a_collection_can_be_picked(server, browser):
    drv = browser
    open_page(drv, server)
    puzzles = api.load(str(INST / "sudoku-collection.txt"))
    assert len(puzzles) > 2
    load_instance(drv, "sudoku", "sudoku-collection.txt")
    picker = drv.find_element(By.ID, "picker")
    assert picker.is_displayed()
    index = drv.find_element(By.ID, "index")
    assert index.get_attribute("value") == "1"
    assert drv.find_element(By.ID, "count").text == f"of {len(puzzles)}"
    assert not drv.find_element(By.ID, "prev").is_enabled()

    def shows(i):
        wait_status(drv, f"ready: sudoku-collection.txt loaded, puzzle {i + 1} of {len(puzzles)}")
        assert index.get_attribute("value") == str(i + 1)
        assert f"puzzle {i + 1} of {len(puzzles)}" in drv.find_element(By.ID, "title").text
        assert read_grid(drv) == puzzles[i].grid
        assert selected_instance(drv) == "sudoku-collection.txt"

    drv.find_element(By.ID, "next").click()
    shows(1)
    last = len(puzzles) - 1
    index.send_keys(Keys.CONTROL, "a")
    index.send_keys(str(last + 1), Keys.ENTER)
    shows(last)
    assert not drv.find_element(By.ID, "next").is_enabled()
    drv.find_element(By.ID, "prev").click()
    shows(last - 1)
    drv.find_element(By.ID, "solve").click()
    assert wait_status(drv, "solved", "error:", "unsat", timeout=60).startswith("solved")
    assert sudoku_referee(read_grid(drv), (3, 3), puzzles[last - 1].grid) == []
    # a file of one puzzle has no picker
    load_instance(drv, "sudoku", "sudoku-classic.toml")
    assert not drv.find_element(By.ID, "picker").is_displayed()


@pytest.mark.parametrize("kind,name", [("hooks", "hooks-8.toml"),
                                       ("knight-moves", "knight-moves-4.toml")])
def test_a_kinds_answer_is_shown_after_solving(server, browser, kind, name):
    """The number the puzzle asks for, as ``satgrid solve`` prints it: the
    instance's [expect] answer (the published one)."""
    drv = browser
    open_page(drv, server)
    [p] = api.load(str(INST / name))
    assert "answer" in p.expect
    load_instance(drv, kind, name)
    assert not drv.find_element(By.ID, "answer").is_displayed()
    drv.find_element(By.ID, "solve").click()
    assert wait_status(drv, "solved", "error:", "unsat", timeout=60).startswith("solved")
    assert drv.find_element(By.ID, "answer").is_displayed()
    assert drv.find_element(By.ID, "answer-value").text == str(p.expect["answer"])
    drv.find_element(By.ID, "restart").click()
    wait_status(drv, "ready: the puzzle again")
    assert not drv.find_element(By.ID, "answer").is_displayed()


def test_a_kind_without_an_answer_shows_none(server, browser):
    drv = browser
    open_page(drv, server)
    type_grid(drv, CLASSIC)
    drv.find_element(By.ID, "solve").click()
    assert wait_status(drv, "solved", "error:", timeout=60).startswith("solved")
    assert not drv.find_element(By.ID, "answer").is_displayed()


def test_the_console_has_no_errors_and_the_page_an_icon(server, browser):
    drv = browser
    drv.get_log("browser")                       # what earlier tests left
    open_page(drv, server)
    load_instance(drv, "hooks", "hooks-8.toml")
    logs = [e for e in drv.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]
    assert not logs, logs
    icon = drv.execute_script(
        "const l = document.querySelector('link[rel=icon]');"
        "return l && fetch(l.href).then(r => [r.status, r.headers.get('Content-Type')]);")
    assert icon == [200, "image/svg+xml"]


def test_the_docs_screenshot_scene(server, browser):
    """docs/img/workbench.png is this test's tests/artifacts/workbench.png: the
    classic Sudoku loaded from the Instance menu and solved, the menu naming
    the file shown, the grid the published solution."""
    drv = browser
    open_page(drv, server)
    load_instance(drv, "sudoku", "sudoku-classic.toml")
    drv.find_element(By.ID, "solve").click()
    assert wait_status(drv, "solved", "error:", timeout=60).startswith("solved")
    assert selected_instance(drv) == "sudoku-classic.toml"
    assert read_grid(drv) == CLASSIC_SOLUTION
    drv.execute_script("document.activeElement.blur()")
    shot(drv, "workbench.png")
