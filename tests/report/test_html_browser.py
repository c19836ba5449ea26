"""The HTML report in a real headless Chromium: hostile prompts, responses, model names and
meta values show up as text, nothing injected runs, and the page draws something.

Needs Debian's ``chromium`` package (``apt-get install -y chromium``); skipped, with that
reason, where it is absent.
"""

from __future__ import annotations

import html
import json
import shutil
import subprocess
from html.parser import HTMLParser

import numpy as np
import pytest

from graphgauge.report.html import write_html_report
from graphgauge.store import Store
from tests.support.report_stores import item, write_store

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = [
    pytest.mark.skipif(CHROMIUM is None, reason="chromium not installed "
                       "(apt-get install -y chromium) - the browser test cannot run"),
    pytest.mark.slow,
]

# Each would change the title or add a marker element if it ever ran as markup.
PAYLOADS = [
    "<script>document.title='pwned-script'</script>",
    "</script><script>document.title='pwned-close'</script>",
    "<img src=x onerror=\"document.title='pwned-img'\">",
    "<svg onload=\"document.body.appendChild(document.createElement('injected'))\">",
    "--><injected id=comment></injected><!--",
    "</pre></details><injected id=breakout></injected>",
    "&lt;b&gt;already-escaped&lt;/b&gt;",
]


def _chromium(tmp_path, *args: str) -> str:
    profile = tmp_path / "profile"
    result = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
         "--disable-background-networking", "--no-first-run", f"--user-data-dir={profile}",
         *args], capture_output=True, text=True, timeout=180)
    return result.stdout


class _Dom(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.title = ""
        self._in_title = False

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._in_title = tag == "title"

    def handle_data(self, data):
        if self._in_title:
            self.title += data

    def handle_endtag(self, tag):
        self._in_title = False


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("browser")
    rows = []
    for i, payload in enumerate(PAYLOADS):
        meta = json.dumps({"family": payload if i < 2 else "plain", "index": i})
        rows.append(item("evil-1", "bfs", i, float(i % 2), prompt=f"prompt {payload}",
                         response=f"response {payload}", meta=meta,
                         parsed=json.dumps(payload), parse_ok=int(i != 3)))
    path = write_store(tmp / "s.db", rows, models={"evil-1": PAYLOADS[1]})
    out = tmp / "report.html"
    with Store(path) as store:
        write_html_report(store, None, out)
    return tmp, out


def test_payloads_render_as_text_and_never_run(page, tmp_path):
    _, out = page
    dom_text = _chromium(tmp_path, "--dump-dom", f"{out.as_uri()}#browser")
    dom = _Dom()
    dom.feed(dom_text)
    assert dom.title == "graphgauge report"  # no payload rewrote it
    tags = [tag for tag, _ in dom.tags]
    assert "injected" not in tags
    assert [a for t, a in dom.tags if t == "img" and not a.get("src", "").startswith("data:")] \
        == []
    assert tags.count("script") == 2 and tags.count("svg") == 0
    # the browser script ran: it opened at #browser and rendered every item
    assert dom_text.count('class="item"') == len(PAYLOADS)
    for payload in PAYLOADS:
        shown = html.escape(payload, quote=False)
        assert f"response {shown}" in dom_text  # the response, as text in the page
        assert f"prompt {shown}" in dom_text
    assert html.escape(PAYLOADS[0], quote=False) in dom_text.split('id="browser"')[0]  # meta


def test_screenshot_is_not_blank(page, tmp_path):
    matplotlib_image = pytest.importorskip("matplotlib.image")
    _, out = page
    shot = tmp_path / "shot.png"
    _chromium(tmp_path, f"--screenshot={shot}", "--window-size=1280,2000", out.as_uri())
    assert shot.is_file()
    pixels = np.asarray(matplotlib_image.imread(shot))[..., :3]
    assert pixels.shape[:2] == (2000, 1280)
    assert pixels.std() > 0.05  # text, tables and a figure, not an empty white page
    assert (pixels.mean(axis=2) < 0.5).mean() > 0.005  # some dark text
