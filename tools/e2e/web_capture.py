#!/usr/bin/env python3
"""End-to-end test of the web capture flow in a real headless Chromium.

Starts `papers serve` (a separate process, on a fresh data directory), creates a tenant and a
verification with `webCapture`, renders a synthetic passport page sliding into view as a Y4M
video with `papers synth --sequence slide-in --video`, and opens the capture link in Chromium
with its fake camera playing that video. The page must walk consent -> front (auto-captured by
the server's capture session) -> confirm -> processing -> done, the verification must reach
DONE with the document's data through the API, and the link must no longer work. A second run
uses the file-upload fallback in a browser without a camera.

Also checks, on every step, that controls are labelled, text contrast is at least 4.5:1, live
guidance is announced (aria-live), and the page fits 360 px without scrolling sideways; the
upload run reaches the consent button with Tab and presses it with Enter.
With --screenshots DIR it saves each step at 360x740 and 1280x800.

Needs: chromium, chromium-driver (Debian) and selenium (PyPI).
Usage: tools/e2e/web_capture.py --papers .build/debug/papers [--screenshots docs/screenshots]
"""
import argparse
import base64
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

SIZES = {"phone": (360, 740), "desktop": (1280, 800)}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, papers, work):
        self.papers = papers
        self.data = os.path.join(work, "data")
        created = subprocess.run([papers, "tenant", "create", "e2e", "--data-dir", self.data],
                                 check=True, capture_output=True, text=True)
        tenant = json.loads(created.stdout)
        self.auth = "Basic " + base64.b64encode(f"{tenant['token']}:{tenant['secret']}".encode()).decode()
        self.port = free_port()
        self.log = open(os.path.join(work, "serve.log"), "w")
        self.process = subprocess.Popen([papers, "serve", "--data-dir", self.data, "--port", str(self.port)],
                                        stdout=self.log, stderr=subprocess.STDOUT)
        self.base = f"http://127.0.0.1:{self.port}"
        for _ in range(200):
            try:
                urllib.request.urlopen(self.base + "/health", timeout=1)
                return
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.1)
        raise SystemExit("papers serve did not start")

    def api(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Authorization": self.auth, "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=40) as response:
            return json.loads(response.read() or b"{}")

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()


def browser(video=None):
    options = Options()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for flag in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 "--use-fake-ui-for-media-stream", "--lang=en-US", f"--window-size={SIZES['phone'][0]},{SIZES['phone'][1]}"]:
        options.add_argument(flag)
    if video:
        options.add_argument("--use-fake-device-for-media-stream")
        options.add_argument(f"--use-file-for-fake-video-capture={video}")
    service = Service(shutil.which("chromedriver") or "/usr/bin/chromedriver")
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_window_size(*SIZES["phone"])
    return driver


def step(driver):
    return driver.find_element(By.TAG_NAME, "body").get_attribute("data-step")


def wait_step(driver, wanted, timeout=60):
    wanted = {wanted} if isinstance(wanted, str) else set(wanted)
    try:
        WebDriverWait(driver, timeout, poll_frequency=0.2).until(lambda d: step(d) in wanted)
    except Exception:
        raise AssertionError(f"page stayed at step {step(driver)!r}, wanted {sorted(wanted)}; "
                             f"guidance {driver.find_element(By.ID, 'guidance').text!r}, "
                             f"error {driver.find_element(By.ID, 'error-message').text!r}")


def click(driver, action):
    buttons = [b for b in driver.find_elements(By.CSS_SELECTOR, f'[data-action="{action}"]') if b.is_displayed()]
    assert buttons, f"no visible control data-action={action} at step {step(driver)}"
    buttons[0].click()


# Accessibility: every visible control has a name; text has contrast; guidance is live; 360 px fits.
A11Y = r"""
function luminance(rgb) {
  const [r, g, b] = rgb.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number).map(v => {
    v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function background(el) {
  for (let e = el; e; e = e.parentElement) {
    const c = getComputedStyle(e).backgroundColor;
    if (c && !c.startsWith('rgba(0, 0, 0, 0)') && c !== 'transparent') return c;
  }
  return 'rgb(255, 255, 255)';
}
const problems = [];
const visible = el => el.offsetParent !== null || getComputedStyle(el).position === 'fixed';
for (const el of document.querySelectorAll('button, select, input, a, [data-action]')) {
  if (el.type === 'file') {
    if (!document.querySelector(`label[for="${el.id}"]`)?.textContent.trim()) problems.push('file input without a label');
    continue;
  }
  if (!visible(el)) continue;
  const label = el.id ? document.querySelector(`label[for="${el.id}"]`) : null;
  const name = (el.getAttribute('aria-label') || (label && label.textContent) || el.textContent || '').trim();
  if (!name && el.tagName !== 'SELECT') problems.push(`unnamed ${el.tagName.toLowerCase()} ${el.dataset.action || ''}`);
  if (el.tagName === 'SELECT' && !label) problems.push(`select ${el.id} without a label`);
}
for (const el of document.querySelectorAll('h1, h2, p, label, button, .button, select')) {
  if (!visible(el) || !el.textContent.trim()) continue;
  const fg = luminance(getComputedStyle(el).color), bg = luminance(background(el));
  const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
  if (ratio < 4.5) problems.push(`contrast ${ratio.toFixed(2)} of ${el.tagName.toLowerCase()} "${el.textContent.trim().slice(0, 30)}"`);
}
if (document.getElementById('guidance').getAttribute('aria-live') !== 'polite') problems.push('guidance is not aria-live');
if (document.documentElement.scrollWidth > window.innerWidth + 1) problems.push(`page is ${document.documentElement.scrollWidth}px wide`);
return problems;
"""


def check_accessibility(driver):
    problems = driver.execute_script(A11Y)
    assert not problems, f"accessibility at step {step(driver)}: {problems}"


def shoot(driver, directory, name):
    if not directory:
        return
    for label, size in SIZES.items():
        driver.set_window_size(*size)
        time.sleep(0.3)
        driver.save_screenshot(os.path.join(directory, f"{name}-{label}.png"))
    driver.set_window_size(*SIZES["phone"])
    time.sleep(0.2)


def run_camera(server, papers, work, shots):
    feed = os.path.join(work, "feed")
    video = os.path.join(work, "feed.y4m")
    # The first seed whose made-up passport has not expired, so the verification can pass.
    for seed in range(1, 40):
        subprocess.run([papers, "synth", "--sequence", "slide-in", "--size", "1280x720", "--seed", str(seed),
                        "--out", feed, "--video", video], check=True, capture_output=True)
        truth = json.load(open(os.path.join(feed, "sequence.json")))
        document = truth["document"]
        if document["expiryDate"] > time.strftime("%Y-%m-%d"):
            break
    created = server.api("POST", "/v1/verifications", {
        "webCapture": True, "preselectedDocumentTypes": ["passport"], "preselectedCountry": document["issuingCountry"]})
    link, reference = created["captureUrl"], created["scanReference"]
    assert "#" in link and reference not in link.split("#")[0], "the link carries a token in its fragment, not the reference"
    driver = browser(video)
    try:
        driver.get(link)
        wait_step(driver, "consent", 20)
        check_accessibility(driver)
        shoot(driver, shots, "1-consent")
        click(driver, "accept-consent")
        wait_step(driver, "front", 20)
        WebDriverWait(driver, 20).until(lambda d: d.find_element(By.ID, "guidance").text not in ("", "Starting the camera…"))
        check_accessibility(driver)
        shoot(driver, shots, "2-front")
        wait_step(driver, "confirm", 90)
        check_accessibility(driver)
        shoot(driver, shots, "3-confirm")
        click(driver, "confirm")
        wait_step(driver, ["processing", "done"], 30)
        if step(driver) == "processing":
            shoot(driver, shots, "4-processing")
        wait_step(driver, "done", 120)
        check_accessibility(driver)
        shoot(driver, shots, "5-done")
        record = server.api("GET", f"/v1/verifications/{reference}")
        assert record["status"] == "DONE", record["status"]
        assert record.get("verificationStatus") == "APPROVED_VERIFIED", (record.get("verificationStatus"), record.get("rejectReason"))
        read = record.get("document") or {}
        for field in ("lastName", "idNumber", "dob", "expiryDate"):
            assert read.get(field) == document[field], f"{field} of the passport: read {read.get(field)!r}"
        driver.get("about:blank")
        driver.get(link)
        wait_step(driver, "error", 20)
        assert "used" in driver.find_element(By.ID, "error-message").text, driver.find_element(By.ID, "error-message").text
        check_accessibility(driver)
        shoot(driver, shots, "6-used-link")
    finally:
        driver.quit()
    print(f"camera run: DONE, {record.get('verificationStatus')} {record.get('rejectReason') or ''}; link refused afterwards")


def run_upload(server, papers, work, shots):
    feed = os.path.join(work, "feed")
    truth = json.load(open(os.path.join(feed, "sequence.json")))
    still = os.path.join(feed, truth["frames"][-1]["file"])
    created = server.api("POST", "/v1/verifications", {"webCapture": True, "language": "vi",
                                                      "preselectedDocumentTypes": ["passport"]})
    link, reference = created["captureUrl"], created["scanReference"]
    driver = browser(None)
    try:
        driver.get(link)
        wait_step(driver, "consent", 20)
        assert driver.find_element(By.CSS_SELECTOR, '[data-action="accept-consent"]').text.startswith("Tôi đồng ý"), "the page speaks Vietnamese"
        # Keyboard only: Tab to the consent button, Enter.
        for _ in range(10):
            ActionChains(driver).send_keys(Keys.TAB).perform()
            if driver.switch_to.active_element.get_attribute("data-action") == "accept-consent":
                ActionChains(driver).send_keys(Keys.ENTER).perform()
                break
        else:
            raise AssertionError("the consent button cannot be reached with Tab")
        wait_step(driver, "select", 20)
        check_accessibility(driver)
        shoot(driver, shots, "7-select-vi")
        driver.find_element(By.ID, "country").send_keys(truth["document"]["issuingCountry"][:3])
        click(driver, "select")
        wait_step(driver, "front", 20)
        driver.find_element(By.CSS_SELECTOR, '[data-action="upload"]').send_keys(still)
        wait_step(driver, "confirm", 30)
        click(driver, "confirm")
        wait_step(driver, "done", 120)
        record = server.api("GET", f"/v1/verifications/{reference}")
        assert record["status"] == "DONE", record["status"]
        assert (record.get("document") or {}).get("idNumber") == truth["document"]["idNumber"], "the uploaded passport was read"
    finally:
        driver.quit()
    print("upload run: DONE through the file-upload fallback")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--papers", required=True)
    parser.add_argument("--screenshots")
    args = parser.parse_args()
    papers = os.path.abspath(args.papers)
    shots = os.path.abspath(args.screenshots) if args.screenshots else None
    if shots:
        os.makedirs(shots, exist_ok=True)
    work = tempfile.mkdtemp(prefix="papers-web-e2e-")
    server = Server(papers, work)
    try:
        run_camera(server, papers, work, shots)
        run_upload(server, papers, work, shots)
    except Exception:
        print(open(os.path.join(work, "serve.log")).read()[-3000:], file=sys.stderr)
        raise
    finally:
        server.stop()
        shutil.rmtree(work, ignore_errors=True)
    print("web capture end to end: passed")


if __name__ == "__main__":
    main()
