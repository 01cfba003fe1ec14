"""The playground page in headless Chromium (Debian's chromium + chromium-driver), via Selenium.

    python scripts/ci-browser.py http://127.0.0.1:PORT SCREENSHOT.png

Checks what a new user sees: the page loads with no console errors and draws the first example
with no input; every rect is at its element's frame; a viewport drag and a resize issue rect
queries (pinned headers move with the viewport); a click shows an element's attributes; a bad
edit shows the problem with the pointer's field marked, and markup in it stays text; every
example lays out; rotate answers with targetContentOffset; the device picker and the right-to-left
switch lay out again (the mirror image); the batch panel shows UIKit's verdict. Then the API
reference (GET /docs): a section per operation, working links, nothing loaded from elsewhere.
Prints one line per check and 'N passed, N failed' at the end; exits 1 on any failure.
"""
import json
import sys
import time
import urllib.request
import xml.etree.ElementTree as ET

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

BASE, SHOT = sys.argv[1], sys.argv[2]
passed, failed = [], []


def check(name, ok, detail=""):
    (passed if ok else failed).append(name)
    print(("ok   " if ok else "FAIL ") + name + ("" if ok else "  -- " + str(detail)[:800]), flush=True)


def wait(driver, condition, timeout=20, what="condition"):
    end = time.time() + timeout
    while time.time() < end:
        try:
            value = driver.execute_script("return " + condition)
            if value:
                return value
        except Exception:  # page not ready yet
            pass
        time.sleep(0.1)
    raise TimeoutError(what + ": " + condition)


def state(driver):
    return driver.execute_script("return JSON.parse(JSON.stringify(window.playground))")


def severe(driver, allowed=()):
    logs = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    return [e["message"] for e in logs if not any(a in e["message"] for a in allowed)]


def set_editor(driver, element_id, text):
    driver.execute_script(
        "const a = document.getElementById(arguments[0]); a.value = arguments[1];"
        "a.dispatchEvent(new Event('input', {bubbles: true}));", element_id, text)


def get(path):
    with urllib.request.urlopen(BASE + path, timeout=10) as r:
        return r.status, r.headers, r.read()


options = Options()
options.binary_location = "/usr/bin/chromium"
for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,1000",
            "--no-first-run", "--disable-extensions", "--disable-background-networking"]:
    options.add_argument(arg)
options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
driver.set_page_load_timeout(30)
driver.set_script_timeout(30)

try:
    # 1. Load: the first example is laid out and drawn with no user action, no console errors.
    driver.get(BASE + "/")
    wait(driver, "window.playground && window.playground.ready", what="first drawing")
    s = state(driver)
    check("page loads with no console errors", not severe(driver) and not s["errors"], severe(driver) + s["errors"])
    rects = driver.execute_script(
        "return Array.from(document.querySelectorAll('#drawing svg rect[data-index-path]')).map(r => ["
        "r.getAttribute('data-category'), r.getAttribute('data-kind'), r.getAttribute('data-index-path'),"
        "+r.getAttribute('x'), +r.getAttribute('y'), +r.getAttribute('width'), +r.getAttribute('height')])")
    natural = [r for r in rects]
    expected = [[e["category"], e.get("kind"), ",".join(map(str, e["indexPath"])), e["frame"]["x"], e["frame"]["y"],
                 e["frame"]["width"], e["frame"]["height"]] for e in s["layout"]["elements"]]
    pinned_rects = [r for r in natural if r not in expected]
    check("first example drawn: one rect per element at its frame",
          len(expected) > 20 and all(e in natural for e in expected) and len(natural) - len(expected) == len(s["pinned"]),
          (len(expected), len(natural), pinned_rects))
    status, headers, body = get("/layout/" + s["layoutId"] + ".svg?rect=0,0,375,400")
    root = ET.fromstring(body)
    ns = {"svg": "http://www.w3.org/2000/svg"}
    drawing = root.find("svg:svg[@class='ld-drawing']", ns)
    legend = root.find("svg:g[@class='ld-legend']", ns)
    size = s["layout"]["contentSize"]
    check("the picture parses as XML: the drawing's viewBox is the content size, the legend beside it",
          status == 200 and drawing is not None and drawing.get("viewBox") == "0 0 %g %g" % (size["width"], size["height"])
          and legend is not None and float(legend.get("transform").split("(")[1].split(" ")[0]) > size["width"]
          and float(root.get("viewBox").split()[2]) > size["width"],
          root.attrib)

    # 2. Drag the viewport: rect queries follow it; the pinned header moves with it.
    before = state(driver)
    viewport = driver.find_element(By.ID, "viewport")
    ActionChains(driver).click_and_hold(viewport).move_by_offset(0, 60).move_by_offset(0, 60).move_by_offset(0, 40).release().perform()
    wait(driver, "window.playground.rectQueries > %d && window.playground.viewport.y > 0" % before["rectQueries"], what="rect query after drag")
    time.sleep(0.5)
    after = state(driver)
    v = after["viewport"]
    expected_query = "/layout/%s/elements?rect=%d,%d,%d,%d" % (after["layoutId"], v["x"], v["y"], v["width"], v["height"])
    check("a viewport drag issues a rect query for the new rect",
          after["rectQueries"] > before["rectQueries"] and after["lastRectQuery"] == expected_query and v["y"] > before["viewport"]["y"],
          (before["viewport"], v, after["lastRectQuery"]))
    _, _, answer = get(expected_query)
    served = json.loads(answer)["elements"]
    check("the page shows what the server's rect query returns", after["lastRectResult"] == served, (len(served), len(after["lastRectResult"])))
    pinned = [e for e in after["pinned"] if e.get("kind") == "header"]
    dom_pinned = driver.execute_script("return Array.from(document.querySelectorAll('#drawing svg rect.pg-pinned-copy')).map(r => +r.getAttribute('y'))")
    check("the pinned header moves to the top of the dragged viewport",
          len(pinned) == 1 and pinned[0]["frame"]["y"] == v["y"] and dom_pinned == [v["y"]], (pinned, dom_pinned, v))
    n = after["rectQueries"]
    grip = driver.find_element(By.ID, "viewport-grip")
    ActionChains(driver).click_and_hold(grip).move_by_offset(-40, -30).move_by_offset(-40, -30).release().perform()
    wait(driver, "window.playground.rectQueries > %d" % n, what="rect query after resize")
    time.sleep(0.5)
    resized = state(driver)["viewport"]
    check("resizing the viewport issues a rect query for the new size",
          resized["width"] < v["width"] and resized["height"] < v["height"] and state(driver)["lastRectQuery"].endswith(
              "rect=%d,%d,%d,%d" % (resized["x"], resized["y"], resized["width"], resized["height"])), (v, resized))

    # 3. Click an element: its attributes, as the layout answer gives them.
    cell = driver.find_element(By.CSS_SELECTOR, "#drawing svg rect[data-category='cell'][data-index-path='0,4']")
    driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", cell)
    shown = json.loads(driver.find_element(By.ID, "attributes").text)
    check("clicking an element shows its attributes",
          shown == next(e for e in after["layout"]["elements"] if e["category"] == "cell" and e["indexPath"] == [0, 4]), shown)

    # 4. Rotate: invalidate with swapped bounds; the new layout and targetContentOffset are shown.
    old = state(driver)
    driver.find_element(By.ID, "rotate").click()
    wait(driver, "window.playground.rotation && window.playground.layoutId !== %s" % json.dumps(old["layoutId"]), what="rotation")
    time.sleep(0.5)
    rotated = state(driver)
    banner = driver.find_element(By.ID, "rotation").text
    t = rotated["rotation"]["targetContentOffset"]
    check("rotate shows the new layout and its targetContentOffset",
          rotated["collectionView"] == {"width": 400, "height": 375} and "targetContentOffset (%g, %g)" % (t["x"], t["y"]) in banner
          and rotated["viewport"]["width"] == 400 and rotated["layout"]["contentSize"]["width"] == 400, (banner, rotated["collectionView"]))

    # 5. The batch panel: UIKit's verdict, message and mapping.
    wait(driver, "document.getElementById('batch-verdict')", what="batch verdict")
    rows = driver.find_elements(By.CSS_SELECTOR, "#batch-out table tr")
    check("the batch panel shows a valid batch and its mapping",
          driver.find_element(By.ID, "batch-verdict").text == "Valid: UIKit accepts this batch." and len(rows) == 6, len(rows))
    set_editor(driver, "batch-source", '{"before": [5], "after": [6]}')
    wait(driver, "document.getElementById('batch-exception')", what="batch exception")
    check("the batch panel shows UIKit's exception for an invalid batch",
          driver.find_element(By.ID, "batch-verdict").text == "Invalid: UIKit throws." and driver.find_element(By.ID, "batch-exception").text.startswith(
              "Invalid update: invalid number of items in section 0."), driver.find_element(By.ID, "batch-out").text)

    # 5b. The snapshot panel: a snapshot's apply shown as the batch it becomes; UIKit's throw.
    wait(driver, "document.getElementById('snapshot-verdict')", what="snapshot verdict")
    out = driver.find_element(By.ID, "snapshot-out").text
    check("the snapshot panel shows the batch apply performs",
          "moveItems [[[0,0],[1,1]]]" in out and "insertItems [[1,2]]" in out and "reloadItems [[0,0]]" in out, out)
    set_editor(driver, "snapshot-source", '{"operations": [{"op": "appendItems", "items": ["a"]}]}')
    wait(driver, "window.playground.snapshot && window.playground.snapshot.valid === false", what="snapshot throw")
    check("the snapshot panel shows UIKit's exception and the operation",
          "There are currently no sections in the data source. Please add a section first." in driver.find_element(By.ID, "snapshot-out").text,
          driver.find_element(By.ID, "snapshot-out").text)

    # 5c. The "paste a crash" panel: a pasted reason explained, with its reproduction; markup in
    # a pasted identifier stays text; a text without a UIKit reason gets the 422's words.
    set_editor(driver, "crash-source",
               "2024-05-01 10:00:00.100 Shop[10:20] *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', "
               "reason: 'attempt to insert item 38 into section 0, but there are only 38 items in section 0 after the update'")
    wait(driver, "window.playground.crash && window.playground.crash.findings", what="crash explanation")
    out = driver.find_element(By.ID, "crash-out").text
    check("the crash panel explains a pasted reason and shows its reproduction",
          driver.find_element(By.ID, "crash-verdict").text == "1 UIKit reason found." and "INSERT_ITEM_OUT_OF_RANGE" in out
          and "Reproduce: POST /batch/validate answers the same message at /uikitException" in out
          and '{"before":[37],"after":[38],"updates":{"insertItems":[[0,38]]}}' in out, out)
    evil_id = "<img src=x onerror=window.pwned=1>"
    set_editor(driver, "crash-source", "Attempted to reload item identifier that does not exist in the snapshot: " + evil_id)
    wait(driver, "window.playground.crash && window.playground.crash.findings && window.playground.crash.findings[0].code === 'RELOAD_UNKNOWN_ITEM'",
         what="crash explanation with markup")
    check("markup in a pasted crash is shown as text, never run",
          evil_id in driver.find_element(By.ID, "crash-out").text and not driver.find_elements(By.CSS_SELECTOR, "#crash-out img")
          and not driver.execute_script("return window.pwned"), driver.find_element(By.ID, "crash-out").text)
    set_editor(driver, "crash-source", "Everything worked.")
    wait(driver, "window.playground.crash && window.playground.crash.status === 422", what="crash 422")
    check("a text without a UIKit reason says what was looked for",
          driver.find_element(By.ID, "crash-verdict").text == "No UIKit exception found"
          and "layoutd looks for UIKit's batch-update reasons" in driver.find_element(By.ID, "crash-out").text,
          driver.find_element(By.ID, "crash-out").text)

    # 6. A bad edit: the problem, with the pointer's field marked; markup in it stays text.
    evil = "<img src=x onerror=window.pwned=1>"
    set_editor(driver, "source", json.dumps({"collectionView": {"width": 320, "height": 480},
                                             "sections": [{"numberOfItems": 3, evil: 1}]}, indent=2))
    wait(driver, "window.playground.problem", what="problem for an unknown field")
    s = state(driver)
    marks = driver.execute_script("return Array.from(document.querySelectorAll('#layout-editor mark')).map(m => [m.dataset.pointer, m.textContent])")
    check("an unknown field is a 400 with its member marked in the editor",
          s["problem"]["status"] == 400 and marks == [["/sections/0/" + evil, json.dumps(evil) + ": 1"]], marks)
    problem_text = driver.find_element(By.ID, "problem").text
    check("markup in a problem is shown as text, never run",
          evil in problem_text and not driver.find_elements(By.CSS_SELECTOR, "#problem img, #layout-editor img")
          and not driver.execute_script("return window.pwned"), problem_text)
    set_editor(driver, "source", '{\n  "collectionView": {"width": 320, "height": 480},\n  "sections": [{"numberOfItems": -3}]\n}')
    wait(driver, "window.playground.problem && window.playground.problem.status === 422", what="422 problem")
    marks = driver.execute_script("return Array.from(document.querySelectorAll('#layout-editor mark')).map(m => [m.dataset.pointer, m.textContent])")
    check("a 422 marks the offending field", marks == [["/sections/0/numberOfItems", '"numberOfItems": -3']], marks)
    set_editor(driver, "source", '{"collectionView": {"width": 320, "height": 480}, "sections": [{"numberOfItems": 3,}]}')
    wait(driver, "window.playground.problem && window.playground.problem.title === 'Malformed JSON'", what="malformed JSON problem")
    marks = driver.execute_script("return Array.from(document.querySelectorAll('#layout-editor mark')).map(m => m.textContent)")
    check("malformed JSON marks where parsing stopped", marks == [",}"], marks)

    # 7. Every example lays out and is drawn.
    select = Select(driver.find_element(By.ID, "example"))
    names = [o.text for o in select.options]
    drawn = {}
    for i in list(range(1, len(names))) + [0]:  # a select fires no change for the option it shows
        name = names[i]
        previous = state(driver)["layoutId"]
        driver.execute_script("window.playground.ready = false")
        select.select_by_index(i)
        wait(driver, "window.playground.ready && !window.playground.problem", what="example " + name)
        s = state(driver)
        drawn[name] = driver.execute_script("return document.querySelectorAll('#drawing svg rect[data-index-path]').length")
        if drawn[name] < len(s["layout"]["elements"]) or s["layoutId"] == previous:
            drawn[name] = -1
    check("every example (%d) lays out and is drawn" % len(names), len(names) >= 8 and all(n > 0 for n in drawn.values()), drawn)

    # 7b. The device picker and the right-to-left switch rewrite collectionView and lay out again.
    wait(driver, "window.playground.devices.length > 20 && document.getElementById('device').options.length > 20", what="device list")
    driver.execute_script("window.playground.ready = false")
    Select(driver.find_element(By.ID, "device")).select_by_value("iPhone 16 Pro")
    wait(driver, "window.playground.ready && !window.playground.problem && window.playground.collectionView.width === 402", what="device iPhone 16 Pro")
    cv = json.loads(driver.find_element(By.ID, "source").get_attribute("value"))["collectionView"]
    check("picking a device puts it in the request instead of width and height",
          cv.get("device") == "iPhone 16 Pro" and "width" not in cv and state(driver)["collectionView"] == {"width": 402, "height": 874}, cv)
    driver.execute_script("window.playground.ready = false")
    Select(driver.find_element(By.ID, "orientation")).select_by_value("landscapeLeft")
    wait(driver, "window.playground.ready && window.playground.collectionView.width === 874", what="landscape")
    ltr = state(driver)["layout"]
    driver.execute_script("window.playground.ready = false")
    driver.find_element(By.ID, "rtl").click()
    wait(driver, "window.playground.ready && window.playground.layoutDirection === 'rightToLeft'", what="right to left")
    rtl = state(driver)["layout"]
    w = ltr["contentSize"]["width"]
    mirrored = [dict(e, frame=dict(e["frame"], x=w - e["frame"]["x"] - e["frame"]["width"] + 0)) for e in ltr["elements"]]
    check("the right-to-left switch draws the mirror image (another id)",
          rtl["id"] != ltr["id"] and rtl["elements"] == mirrored and '"rightToLeft"' in driver.find_element(By.ID, "source").get_attribute("value"),
          (ltr["elements"][:2], rtl["elements"][:2]))
    first = driver.find_element(By.CSS_SELECTOR, "#drawing svg rect[data-category='cell'][data-index-path='0,0']")
    x = float(first.get_attribute("x"))
    cell0 = [e for e in rtl["elements"] if e["category"] == "cell" and e["indexPath"] == [0, 0]][0]
    check("the picture puts cell 0,0 at its mirrored frame", abs(x - cell0["frame"]["x"]) < 1e-6, (x, cell0))
    select.select_by_index(1)
    driver.execute_script("window.playground.ready = false")
    select.select_by_index(0)
    wait(driver, "window.playground.ready && !window.playground.problem && window.playground.device === null && window.playground.layoutDirection === 'leftToRight'", what="back to the first example")
    check("an example resets the pickers", driver.find_element(By.ID, "device").get_attribute("value") == ""
          and not driver.find_element(By.ID, "rtl").is_selected())

    # 8. The screenshot: the first example (shown last above) with the viewport scrolled so the header is pinned.
    time.sleep(0.3)
    viewport = driver.find_element(By.ID, "viewport")
    n = state(driver)["rectQueries"]
    ActionChains(driver).click_and_hold(viewport).move_by_offset(0, 80).move_by_offset(0, 50).release().perform()
    wait(driver, "window.playground.rectQueries > %d" % n, what="rect query before the screenshot")
    time.sleep(0.5)
    cell = driver.find_element(By.CSS_SELECTOR, "#drawing svg rect[data-category='cell'][data-index-path='1,2']")
    driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", cell)
    driver.save_screenshot(SHOT)
    print("screenshot: " + SHOT)
    leftover = severe(driver, allowed=("status of 400", "status of 422"))
    check("no console errors besides the expected 400/422 answers", not leftover and not state(driver)["errors"], leftover)

    # 9. The API reference (GET /docs): rendered from openapi.yaml, nothing loaded from elsewhere.
    driver.get(BASE + "/docs")
    wait(driver, "document.readyState === 'complete'", what="the reference loads")
    status, headers, contract = get("/openapi.yaml")
    operations = [line.split("operationId:")[1].strip() for line in contract.decode().splitlines() if "operationId:" in line]
    page = driver.execute_script(
        "return {title: document.title, ops: Array.from(document.querySelectorAll('article.op')).map(a => a.id),"
        " toc: Array.from(document.querySelectorAll('nav#toc a')).length,"
        " resources: performance.getEntriesByType('resource').map(r => r.name),"
        " width: document.documentElement.scrollWidth, view: window.innerWidth}")
    check("the reference has a section for every operation of the contract (%d)" % len(operations),
          sorted(page["ops"]) == sorted("op-" + o for o in operations), (page["ops"], operations))
    check("the reference's title and contents", page["title"].startswith("layoutd ") and page["title"].endswith(" API reference")
          and page["toc"] > len(operations) + 50, page)
    check("the reference loads nothing else (no script, style, font or image from anywhere)", page["resources"] == [], page["resources"])
    link = driver.find_element(By.CSS_SELECTOR, "nav#toc a[href='#op-postLayout']")
    link.click()
    wait(driver, "location.hash === '#op-postLayout'", what="the contents link moves to the operation")
    top = driver.execute_script("return document.getElementById('op-postLayout').getBoundingClientRect().top")
    check("a link in the contents scrolls to its operation", abs(top) < 40, top)
    schema = driver.find_element(By.CSS_SELECTOR, "#op-postLayout a[href^='#schema-']")
    target = schema.get_attribute("href").split("#")[1]
    driver.execute_script("arguments[0].click()", schema)
    wait(driver, "location.hash === '#%s'" % target, what="a schema link")
    check("a schema link in an operation leads to the schema's fields",
          driver.execute_script("return !!document.querySelector('#%s table') || !!document.getElementById('%s')" % (target, target)), target)
    driver.save_screenshot(SHOT.replace(".png", "-docs.png"))
    check("the reference has no console errors", not severe(driver), severe(driver))
except Exception as e:  # a step that could not run is a failure, with what the page logged
    check("browser run completed", False, repr(e))
    try:
        driver.save_screenshot(SHOT)
        print("browser log:", driver.get_log("browser"))
    except Exception:
        pass
finally:
    driver.quit()

print("%d passed, %d failed" % (len(passed), len(failed)))
sys.exit(1 if failed else 0)
