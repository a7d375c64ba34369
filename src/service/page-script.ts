// The landing page's script: the lookup and conversion, the history chart and
// the day's table as CSV. Plain DOM, no framework, nothing loaded from elsewhere.
export const SCRIPT = `
(() => {
  const base = document.querySelector('meta[name="feed-base"]').content;
  const form = document.getElementById("lookup");
  const select = document.getElementById("currency");
  const dateInput = document.getElementById("date");
  const amountInput = document.getElementById("amount");
  const result = document.getElementById("result");
  // An amount as people write it: 1250.00, 1,250.00 or 1.250,00, a credit note's -100. With both marks the
  // last is the decimal point; one mark used once is the decimal point unless three digits follow it, when
  // "1,250" could be 1250 or 1.25 and is refused rather than guessed. Returns the number, or why not.
  const readAmount = (raw) => {
    const bad = "The amount must be a number, such as 1250.00, 1,250.00 or 1.250,00 (negative for a credit note).";
    let text = raw.replace(/[\\s\\u00a0']/g, "").replace(/^\\u2212/, "-");
    const sign = text.startsWith("-") ? -1 : 1;
    text = text.replace(/^-/, "");
    if (!/^\\d[\\d.,]*$/.test(text) || /[.,]$/.test(text)) return bad;
    const marks = text.replace(/\\d/g, "");
    if (marks === "") return sign * Number(text);
    const last = marks[marks.length - 1];
    let decimal;
    if (new Set(marks).size === 2) {
      if (marks.indexOf(last) !== marks.length - 1) return bad;
      decimal = last;
    } else if (marks.length === 1) {
      if (text.length - text.lastIndexOf(last) - 1 === 3) return "Is " + raw.trim() + " a whole number or a decimal? Write it without the separator (1250) or with two decimals (1,250.00 or 1.250,00).";
      decimal = last;
    }
    const at = decimal ? text.lastIndexOf(decimal) : text.length;
    const groups = text.slice(0, at).split(/[.,]/);
    if (groups.length > 1 && (groups[0].length > 3 || groups.slice(1).some((g) => g.length !== 3))) return bad;
    return sign * Number(groups.join("") + (decimal ? "." + text.slice(at + 1) : ""));
  };

  const say = (cls, lines) => {
    result.className = cls;
    result.replaceChildren(...lines.map(([text, big]) => { const p = document.createElement("p"); p.textContent = text; if (big) p.className = "big"; return p; }));
  };
  // Today as it is in the UK (GMT or BST), whatever the visitor's own time zone.
  const parts = Object.fromEntries(new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(new Date()).map((p) => [p.type, p.value]));
  dateInput.value = parts.year + "-" + parts.month + "-" + parts.day;
  // Said at the top, plainly, when the data does not reach today.
  const newest = document.querySelector('meta[name="feed-newest"]').content;
  if (dateInput.value > newest) {
    const stale = document.getElementById("stale");
    stale.textContent = "Today (" + dateInput.value + " in the UK) has no rate here: this database's newest HMRC rates end on " + newest + ". HMRC publishes each month's rates before the month starts, so this server's data has not been updated since. The lookup starts at " + newest + ", the newest date it has; for today, check HMRC's own table.";
    stale.hidden = false;
    dateInput.value = newest;
  }

  fetch(base + "/vat/currencies").then((r) => r.json()).then((list) => {
    select.replaceChildren(...list.map((c) => new Option(c.currencyCode + " — " + c.currencyName, c.currencyCode)));
    select.value = list.some((c) => c.currencyCode === "USD") ? "USD" : list[0].currencyCode;
    select.disabled = false;
  }, () => say("bad", [["Could not load the currency list; try reloading the page."]]));

  // The chosen currency's history as an SVG line: one point per period, a gap
  // left where HMRC published none, amendments marked, the date looked up shown.
  const figure = document.getElementById("history");
  const caption = document.getElementById("history-text");
  const svgNs = "http://www.w3.org/2000/svg";
  const el = (name, attrs, text) => { const e = document.createElementNS(svgNs, name); for (const k in attrs) e.setAttribute(k, attrs[k]); if (text) e.textContent = text; return e; };
  const dayOf = (iso) => Date.parse(iso + "T00:00:00Z") / 864e5;
  const drawHistory = async (code, date) => {
    const response = await fetch(base + "/vat/currencies/" + encodeURIComponent(code));
    if (!response.ok) return;
    const h = await response.json();
    const ps = h.periods;
    const [w, ht, pad] = [360, 220, 34]; // about a phone's width, so the labels stay readable there
    const x0 = dayOf(ps[0].effectiveFrom), x1 = Math.max(...ps.map((p) => dayOf(p.effectiveTo)));
    const rates = ps.map((p) => p.rate), lo = Math.min(...rates), hi = Math.max(...rates);
    const x = (d) => (pad + ((d - x0) / Math.max(1, x1 - x0)) * (w - 2 * pad)).toFixed(1);
    const y = (r) => (ht - pad - ((r - lo) / (hi - lo || 1)) * (ht - 2 * pad)).toFixed(1);
    const inRange = (d) => h.ranges.findIndex((r) => r.from <= d && d <= r.to);
    const d = ps.map((p, i) => (i === 0 || inRange(p.effectiveFrom) !== inRange(ps[i - 1].effectiveFrom) ? "M" : "L") + x(dayOf(p.effectiveFrom)) + " " + y(p.rate)).join(" ");
    const first = ps[0], last = ps[ps.length - 1];
    const low = ps[rates.indexOf(lo)], high = ps[rates.indexOf(hi)];
    const summary = h.currencyCode + " per £1, " + first.effectiveFrom + " to " + last.effectiveTo + ": first " + first.rate + ", last " + last.rate + ", lowest " + lo + " (" + low.effectiveFrom + "), highest " + hi + " (" + high.effectiveFrom + ")" + (h.ranges.length > 1 ? "; " + (h.ranges.length - 1) + " gap(s) with no rate" : "") + ".";
    const svg = el("svg", { viewBox: "0 0 " + w + " " + ht, role: "img", "aria-labelledby": "history-title history-desc" });
    svg.append(el("title", { id: "history-title" }, h.currencyName + " (" + h.currencyCode + "): HMRC rate per £1 over time"), el("desc", { id: "history-desc" }, summary));
    svg.append(el("line", { class: "axis", x1: pad, y1: ht - pad, x2: w - pad, y2: ht - pad }), el("line", { class: "axis", x1: pad, y1: pad, x2: pad, y2: ht - pad }));
    svg.append(el("text", { x: pad, y: ht - 10 }, first.effectiveFrom.slice(0, 4)), el("text", { x: w - pad, y: ht - 10, "text-anchor": "end" }, last.effectiveTo.slice(0, 4)));
    svg.append(el("text", { x: 2, y: pad - 8 }, String(hi)), el("text", { x: 2, y: ht - pad + 14 }, String(lo)));
    svg.append(el("path", { class: "line", d }));
    for (const p of ps) if (p.kind === "amendment") svg.append(el("circle", { class: "amendment", cx: x(dayOf(p.effectiveFrom)), cy: y(p.rate), r: 3 }));
    if (date && dayOf(date) >= x0 && dayOf(date) <= x1) svg.append(el("line", { class: "marker", x1: x(dayOf(date)), y1: pad, x2: x(dayOf(date)), y2: ht - pad }));
    figure.replaceChildren(svg);
    caption.textContent = summary + " Red dots: weekly amendments. Dashed line: the date looked up.";
  };

  // The chosen date's whole table, as CSV made here from the JSON route.
  const csvLink = document.getElementById("table-csv");
  // A cell a spreadsheet would run as a formula is neutralised with a leading apostrophe.
  const cell = (v) => { const text = /^[=+\\-@\\t\\r]/.test(String(v)) ? "'" + String(v) : String(v); return /[",\\n]/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text; };
  const offerTable = async (date) => {
    const response = await fetch(base + "/vat/exchange-rates/" + encodeURIComponent(date));
    if (!response.ok) return void (csvLink.hidden = true);
    const rows = await response.json();
    // A byte-order mark first, so Excel on Windows reads the UTF-8 ("Colón", "Paʻanga"); a note column for the rates HMRC's files give reason to doubt.
    const csv = "\\ufeff" + ["currencyCode,currencyName,effectiveFrom,rate,note", ...rows.map((r) => [r.currencyCode, r.currencyName, r.effectiveFrom, r.rate, r.note || ""].map(cell).join(","))].join("\\r\\n") + "\\r\\n";
    if (csvLink.href) URL.revokeObjectURL(csvLink.href);
    csvLink.href = URL.createObjectURL(new Blob([csv], { type: "text/csv" }));
    csvLink.download = "hmrc-vat-rates-" + date + ".csv";
    csvLink.textContent = "Download every currency's rate on " + date + " (CSV, " + rows.length + " currencies)";
    csvLink.hidden = false;
  };
  select.addEventListener("change", () => drawHistory(select.value, dateInput.value));

  // The three series HMRC publishes: where each one's rate is asked for, and how its answer is described.
  const SERIES = {
    monthly: { path: (code, date) => "/vat/exchange-rate/" + code + "/" + date, says: (b) => b.currencyName + ": HMRC's VAT rate for the period from " + b.effectiveFrom + "." },
    average: { path: (code, date) => "/average-rate/" + code + "/" + date.slice(0, 7), says: (b) => b.currencyName + ": HMRC's average rate for " + b.periodStart + " to " + b.periodEnd + "." },
    spot: { path: (code, date) => "/spot-rate/" + code + "/" + date, says: (b) => b.currencyName + ": HMRC's spot rate on " + b.date + "." },
  };
  // An error clears what no longer applies: the previous result's chart and table download.
  const failed = (message) => {
    say("bad", [[message]]);
    csvLink.hidden = true;
    figure.replaceChildren(Object.assign(document.createElement("p"), { textContent: "Look up a rate to see how it moved." }));
    caption.textContent = "";
  };
  const seriesChosen = () => (document.querySelector('input[name="series"]:checked') || { value: "monthly" }).value;

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const code = select.value;
    const date = dateInput.value;
    const series = SERIES[seriesChosen()];
    const rawAmount = amountInput.value.trim();
    const amount = rawAmount === "" ? undefined : readAmount(rawAmount);
    if (typeof amount === "string") return failed(amount);
    say("", [["Looking up…"]]);
    try {
      const response = await fetch(base + series.path(encodeURIComponent(code), encodeURIComponent(date)));
      const body = await response.json();
      if (!response.ok) return failed(body.detail || body.title);
      const lines = [
        ["£1 = " + body.rate + " " + body.currencyCode, true],
        [series.says(body)],
        // What the build found wrong with this rate, when it found anything.
        ...(body.note ? [["Note: " + body.note]] : []),
      ];
      if (amount !== undefined) {
        const sterling = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" }).format(amount / body.rate);
        lines.push([body.currencyCode + " " + amount.toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 6 }) + " = " + sterling, true]);
        lines.push(["Sterling = amount ÷ rate, to the nearest penny."]);
      }
      say("ok", lines);
      if (series === SERIES.monthly) {
        drawHistory(code, date);
        offerTable(date);
      } else {
        // The VAT table of another date would no longer apply.
        csvLink.hidden = true;
      }
    } catch {
      failed("The service could not be reached; try again.");
    }
  });
})();
`;
