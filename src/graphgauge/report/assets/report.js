/* graphgauge item browser. The items arrive as JSON text inside a
   <script type="application/json"> element and are parsed only when the browser section is
   opened; one page is rendered at a time, and every value is written with textContent, so
   model or dataset text can never become markup. */
(function () {
  "use strict";
  var PAGE = 25;
  var data = null, view = [], page = 0;
  var C = {run: 0, suite: 1, task: 2, instance: 3, encoding: 4, variant: 5, repeat: 6,
           prompt: 7, response: 8, parsed: 9, parseOk: 10, accuracy: 11, error: 12,
           gold: 13, scores: 14};

  function $(id) { return document.getElementById(id); }
  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  function status(row) {
    if (row[C.error] !== null) return "error";
    if (row[C.parseOk] === null) return "unscored";
    if (row[C.parseOk] === 0) return "unparsed";
    return row[C.accuracy] >= 1 ? "correct" : "wrong";
  }
  function fill(select, names) {
    select.length = 1;
    names.forEach(function (name, i) {
      var option = el("option", null, name);
      option.value = String(i);
      select.appendChild(option);
    });
  }
  function load() {
    if (data !== null) return;
    var start = performance.now();
    data = JSON.parse($("gg-items").textContent);
    fill($("f-suite"), data.suites);
    fill($("f-task"), data.tasks);
    fill($("f-run"), data.runs);
    ["f-suite", "f-task", "f-run", "f-status"].forEach(function (id) {
      $(id).addEventListener("change", apply);
    });
    $("f-text").addEventListener("change", apply);
    $("p-prev").addEventListener("click", function () { show(page - 1); });
    $("p-next").addEventListener("click", function () { show(page + 1); });
    apply();
    // How long opening the browser took, for benchmarks/report.py to read back.
    $("browser").setAttribute("data-load-ms", String(Math.round(performance.now() - start)));
  }
  function picked(id) { var v = $(id).value; return v === "" ? -1 : Number(v); }
  function apply() {
    var suite = picked("f-suite"), task = picked("f-task"), run = picked("f-run");
    var wanted = $("f-status").value, text = $("f-text").value.toLowerCase();
    view = [];
    for (var i = 0; i < data.items.length; i++) {
      var row = data.items[i];
      if (suite >= 0 && row[C.suite] !== suite) continue;
      if (task >= 0 && row[C.task] !== task) continue;
      if (run >= 0 && row[C.run] !== run) continue;
      if (wanted) {
        var s = status(row);
        if (wanted === "failed" ? s !== "unparsed" && s !== "error" : s !== wanted) continue;
      }
      if (text && (row[C.instance] + " " + (row[C.response] || "")).toLowerCase()
          .indexOf(text) < 0) continue;
      view.push(row);
    }
    show(0);
  }
  function field(parent, label, value) {
    parent.appendChild(el("div", "kv", label));
    parent.appendChild(el("pre", null, value === null || value === undefined ? "–" : value));
  }
  function item(row) {
    var s = status(row), box = el("details", "item"), head = el("summary");
    head.appendChild(el("span", "status " + s, s));
    head.appendChild(el("span", null, data.runs[row[C.run]]));
    head.appendChild(el("span", null, data.suites[row[C.suite]] + " / " + data.tasks[row[C.task]]));
    head.appendChild(el("span", "kv", row[C.instance]));
    head.appendChild(el("span", "kv", data.encodings[row[C.encoding]] + " · " +
                        data.variants[row[C.variant]] + " · repeat " + row[C.repeat]));
    box.appendChild(head);
    var body = el("div", "body");
    field(body, "prompt", row[C.prompt] < 0 ? null : data.prompts[row[C.prompt]]);
    field(body, "response", row[C.response]);
    field(body, "parsed answer", row[C.parsed]);
    field(body, "gold answer", row[C.gold]);
    field(body, "scores", row[C.scores]);
    if (row[C.error] !== null) field(body, "error", row[C.error]);
    box.appendChild(body);
    return box;
  }
  function show(n) {
    var pages = Math.max(1, Math.ceil(view.length / PAGE));
    page = Math.min(Math.max(0, n), pages - 1);
    var list = $("items");
    list.textContent = "";
    view.slice(page * PAGE, (page + 1) * PAGE).forEach(function (row) {
      list.appendChild(item(row));
    });
    $("p-info").textContent = view.length + " items · page " + (page + 1) + " of " + pages;
    $("p-prev").disabled = page === 0;
    $("p-next").disabled = page >= pages - 1;
  }
  document.addEventListener("DOMContentLoaded", function () {
    var section = $("browser");
    if (!section || !$("gg-items")) return;
    var open = $("browser-open");
    open.addEventListener("click", function () { open.hidden = true; $("browser-ui").hidden = false; load(); });
    if (location.hash === "#browser") open.click();
  });
})();
