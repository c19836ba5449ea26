"""The self-contained HTML report: one file with its CSS, JavaScript, figures (base64 PNG)
and item data inline, so it opens offline and can be mailed or archived as is.

Text from models and datasets reaches the page two ways only: through ``html.escape`` in
the static sections, and as JSON in the item blob, which the browser script writes with
``textContent``. Nothing is ever inserted as markup.
"""

from __future__ import annotations

import base64
import hashlib
from html import escape
from importlib import resources
from pathlib import Path

from graphgauge.errors import UserError
from graphgauge.report.html_items import items_payload, script_json
from graphgauge.report.html_sections import build_sections
from graphgauge.results.figures import Plot, render
from graphgauge.results.sections import Section, load_context
from graphgauge.results.table import Table, to_html
from graphgauge.store.sqlite import Store

# Inline figures are for screens: a lower resolution than the paper exports keeps the file small.
_SCREEN_DPI = 100

_BROWSER = """
<section id="browser"><h2>Items</h2>
<p class="note">Every answer with its prompt, response, parsed answer, gold answer, scores and
error. The data are loaded when you open the browser.</p>
<button id="browser-open" type="button">Open the item browser</button>
<div id="browser-ui" hidden>
 <div class="filters">
  <label>suite <select id="f-suite"><option value="">all</option></select></label>
  <label>task <select id="f-task"><option value="">all</option></select></label>
  <label>model <select id="f-run"><option value="">all</option></select></label>
  <label>result <select id="f-status"><option value="">all</option>
   <option value="correct">correct</option><option value="wrong">wrong</option>
   <option value="unparsed">unparsed</option><option value="error">request error</option>
   <option value="failed">unparsed or error</option><option value="unscored">not scored</option>
  </select></label>
  <label>search <input id="f-text" type="search" placeholder="instance id or response"></label>
 </div>
 <div class="pager"><button id="p-prev" type="button">previous</button>
  <span id="p-info"></span><button id="p-next" type="button">next</button></div>
 <div id="items"></div>
</div>
</section>
"""


def _asset(name: str) -> str:
    return (resources.files("graphgauge.report") / "assets" / name).read_text(encoding="utf-8")


def _script_hash(script: str) -> str:
    """The CSP source that lets exactly this script run: were some text ever to slip
    through as markup, an injected script or event handler would still be refused."""
    digest = hashlib.sha256(script.encode("utf-8")).digest()
    return "sha256-" + base64.b64encode(digest).decode("ascii")


def figure_html(plot: Plot) -> str:
    data = base64.b64encode(render(plot, "png", dpi=_SCREEN_DPI)).decode("ascii")
    title = escape(plot.title)
    return (f'<figure><img alt="{title}" src="data:image/png;base64,{data}">'
            f"<figcaption>{title}</figcaption></figure>")


def block_html(block: Table | Plot | str) -> str:
    if isinstance(block, Table):
        return to_html(block)
    if isinstance(block, Plot):
        return figure_html(block)
    return block  # HTML a section built (and escaped) itself


def section_html(section: Section) -> str:
    body = "".join(block_html(b) for b in section.blocks)
    return f'<section id="{escape(section.id)}"><h2>{escape(section.title)}</h2>{body}</section>'


def page(title: str, sections: list[Section], items_json: str, subtitle: str = "") -> str:
    script = _asset("report.js")
    nav = "".join(f'<a href="#{escape(s.id)}">{escape(s.title)}</a>' for s in sections)
    nav += '<a href="#browser">Items</a>'
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        # Nothing may be fetched: the page is a file that must work offline and must not
        # call out to anyone when opened.
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
        f"img-src data:; style-src 'unsafe-inline'; script-src '{_script_hash(script)}'\">"
        f"<title>{escape(title)}</title><style>{_asset('report.css')}</style></head><body>"
        f"<header><h1>{escape(title)}</h1><p>{escape(subtitle)}</p></header><nav>{nav}</nav>"
        f"<main>{''.join(section_html(s) for s in sections)}{_BROWSER}</main>"
        f'<script type="application/json" id="gg-items">{items_json}</script>'
        f"<script>{script}</script></body></html>\n"
    )


def write_html_report(store: Store, run_ids: list[str] | None, path: Path) -> None:
    """The whole report for ``run_ids`` (None: every run in the store) written to ``path``."""
    path = Path(path)
    if not path.parent.exists():
        raise UserError(f"folder for the HTML report does not exist: {path.parent}")
    ctx = load_context(store, run_ids)
    sections = build_sections(ctx)
    payload = items_payload(store, run_ids, ctx.labels)
    subtitle = (f"{store.path.name}: {len(payload['runs'])} runs, "
                f"{len(payload['items']):,} items")
    path.write_text(page("graphgauge report", sections, script_json(payload), subtitle),
                    encoding="utf-8")
