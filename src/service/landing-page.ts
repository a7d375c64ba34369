// The page people meet: what the service is, a rate lookup with sterling
// conversion, the routes with live links, coverage and attribution. One
// self-contained HTML document; its inline script and style are allowed by
// hash in its Content-Security-Policy, and nothing else is loaded.
import { createHash } from "node:crypto";

export interface PageFacts {
  basePath: string;
  coverage: { from: string; to: string };
  currencies: number;
  buildId: string;
}

const STYLE = `
:root { color-scheme: light dark; --fg: #1b1b1b; --bg: #fff; --muted: #4a4a4a; --accent: #00558c; --line: #b1b4b6; --ok: #005a30; --bad: #a3000f; }
@media (prefers-color-scheme: dark) { :root { --fg: #f3f2f1; --bg: #111; --muted: #c8c8c8; --accent: #7cc4ff; --line: #6f777b; --ok: #7fe0a8; --bad: #ff8a8a; } }
* { box-sizing: border-box; }
body { margin: 0; font: 1.0625rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: var(--fg); background: var(--bg); }
main { max-width: 46rem; margin: 0 auto; padding: 1.25rem; }
h1 { font-size: 1.75rem; line-height: 1.2; margin: 0.5rem 0 0.75rem; }
h2 { font-size: 1.25rem; margin: 2rem 0 0.5rem; }
p, li { max-width: 40rem; }
a { color: var(--accent); }
a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible { outline: 3px solid #fd0; outline-offset: 2px; }
.stale { border-left-color: var(--bad) !important; }
.notice { border-left: 5px solid var(--accent); padding: 0.5rem 0.75rem; background: color-mix(in srgb, var(--accent) 8%, transparent); }
form { display: grid; gap: 0.9rem; margin-top: 0.5rem; }
label { display: block; font-weight: 600; margin-bottom: 0.2rem; }
.hint { display: block; font-weight: 400; color: var(--muted); font-size: 0.95rem; }
input, select, button { font: inherit; padding: 0.5rem 0.6rem; border: 2px solid var(--fg); border-radius: 0; background: var(--bg); color: var(--fg); width: 100%; max-width: 22rem; min-height: 2.75rem; }
button { background: var(--accent); border-color: var(--accent); color: #fff; font-weight: 600; cursor: pointer; width: auto; }
@media (prefers-color-scheme: dark) { button { color: #111; } }
#result { margin-top: 1rem; padding: 0.75rem; border: 2px solid var(--line); min-height: 3rem; }
#result.ok { border-color: var(--ok); }
#result.bad { border-color: var(--bad); }
#result p { margin: 0.25rem 0; }
.big { font-size: 1.35rem; font-weight: 700; }
code { font-size: 0.95em; overflow-wrap: anywhere; }
ul.routes { padding-left: 1.1rem; }
figure { margin: 0; }
#history svg { width: 100%; max-width: 40rem; height: auto; display: block; margin-top: 0.5rem; }
#history .line { fill: none; stroke: var(--accent); stroke-width: 2; }
#history .axis { stroke: var(--line); stroke-width: 1; }
#history .amendment { fill: var(--bad); }
#history .marker { stroke: var(--ok); stroke-width: 2; stroke-dasharray: 4 3; }
#history text { fill: var(--muted); font-size: 11px; }
footer { margin-top: 2.5rem; padding-top: 1rem; border-top: 1px solid var(--line); color: var(--muted); font-size: 0.95rem; }
`;

const SCRIPT = `
(() => {
  const base = document.querySelector('meta[name="feed-base"]').content;
  const form = document.getElementById("lookup");
  const select = document.getElementById("currency");
  const dateInput = document.getElementById("date");
  const amountInput = document.getElementById("amount");
  const result = document.getElementById("result");
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
    stale.textContent = "Today (" + dateInput.value + " in the UK) has no rate here: this database's newest HMRC rates end on " + newest + ". HMRC publishes each month's rates before the month starts, so this server's data has not been updated since; look up dates up to " + newest + ", or check HMRC's own table for today.";
    stale.hidden = false;
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
  const cell = (v) => (/[",\\n]/.test(String(v)) ? '"' + String(v).replace(/"/g, '""') + '"' : String(v));
  const offerTable = async (date) => {
    const response = await fetch(base + "/vat/exchange-rates/" + encodeURIComponent(date));
    if (!response.ok) return void (csvLink.hidden = true);
    const rows = await response.json();
    const csv = ["currencyCode,currencyName,effectiveFrom,rate", ...rows.map((r) => [r.currencyCode, r.currencyName, r.effectiveFrom, r.rate].map(cell).join(","))].join("\\r\\n") + "\\r\\n";
    if (csvLink.href) URL.revokeObjectURL(csvLink.href);
    csvLink.href = URL.createObjectURL(new Blob([csv], { type: "text/csv" }));
    csvLink.download = "hmrc-vat-rates-" + date + ".csv";
    csvLink.textContent = "Download every currency's rate on " + date + " (CSV, " + rows.length + " currencies)";
    csvLink.hidden = false;
  };
  select.addEventListener("change", () => drawHistory(select.value, dateInput.value));

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const code = select.value;
    const date = dateInput.value;
    const rawAmount = amountInput.value.replace(/[,\\s]/g, "");
    if (rawAmount !== "" && !/^\\d+(\\.\\d+)?$/.test(rawAmount)) return say("bad", [["The amount must be a number, such as 1250.00."]]);
    say("", [["Looking up…"]]);
    try {
      const response = await fetch(base + "/vat/exchange-rate/" + encodeURIComponent(code) + "/" + encodeURIComponent(date));
      const body = await response.json();
      if (!response.ok) return say("bad", [[body.detail || body.title]]);
      const lines = [
        ["£1 = " + body.rate + " " + body.currencyCode, true],
        [body.currencyName + ": HMRC's rate for the period from " + body.effectiveFrom + "."],
      ];
      if (rawAmount !== "") {
        const amount = Number(rawAmount);
        const sterling = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" }).format(amount / body.rate);
        lines.push([body.currencyCode + " " + amount.toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 6 }) + " = " + sterling, true]);
        lines.push(["Sterling = amount ÷ rate, to the nearest penny."]);
      }
      say("ok", lines);
      drawHistory(code, date);
      offerTable(date);
    } catch {
      say("bad", [["The service could not be reached; try again."]]);
    }
  });
})();
`;

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function sha256(text: string): string {
  return `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
}

/** Only this page's own script and style, and requests back to this service. Hashed on first use, not at every start-up. */
export function pageCsp(): string {
  return `default-src 'none'; script-src ${sha256(SCRIPT)}; style-src ${sha256(STYLE)}; connect-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;
}

export function landingPage({ basePath, coverage, currencies, buildId }: PageFacts): string {
  const base = escapeHtml(basePath);
  const link = (path: string, note: string) => `<li><a href="${base}${path}"><code>GET ${path}</code></a> — ${note}</li>`;
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="feed-base" content="${base}">
<meta name="feed-newest" content="${escapeHtml(coverage.to)}">
<link rel="icon" href="data:,">
<title>UK VAT exchange rates — HMRC period rates as JSON</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>UK VAT exchange rates</h1>
<p id="stale" class="notice stale" role="alert" hidden></p>
<p>HMRC's published <strong>period rates</strong> for VAT, by currency and date, for invoices in a foreign currency that must show sterling amounts. Rates are currency units per £1, exactly as HMRC published them: <strong>sterling = amount ÷ rate</strong>.</p>
<p class="notice"><strong>This is not an official HMRC service.</strong> The rates are republished from HM Revenue &amp; Customs.</p>

<h2 id="lookup-heading">Look up a rate</h2>
<form id="lookup" aria-labelledby="lookup-heading">
  <div><label for="currency">Currency</label>
    <select id="currency" name="currency" disabled><option value="USD">USD — US Dollar</option></select></div>
  <div><label for="date">Date <span class="hint">The invoice or tax point date. Today, in the UK, to start with.</span></label>
    <input id="date" name="date" type="date" required min="${escapeHtml(coverage.from)}"></div>
  <div><label for="amount">Amount in that currency <span class="hint">Optional: to convert it to sterling.</span></label>
    <input id="amount" name="amount" type="text" inputmode="decimal" autocomplete="off" placeholder="e.g. 1250.00"></div>
  <div><button type="submit">Look up rate</button></div>
</form>
<div id="result" role="status" aria-live="polite"></div>
<p><a id="table-csv" hidden></a></p>
<h2>History</h2>
<figure><div id="history"><p>Look up a rate to see how it moved.</p></div><figcaption id="history-text"></figcaption></figure>

<h2>Coverage</h2>
<p>Rates for <strong>${currencies}</strong> currencies from <strong>${escapeHtml(coverage.from)}</strong> to <strong>${escapeHtml(coverage.to)}</strong>, including HMRC's 2014–2016 weekly amendments (database build <code>${escapeHtml(buildId)}</code>). A date after the newest period gets no rate rather than a stale one.</p>

<h2>The API</h2>
<ul class="routes">
${link("/vat/exchange-rate/usd/2024-01-15", "the rate of the HMRC period containing a date")}
${link("/vat/exchange-rate/usd", "the rate in force today (UK date)")}
${link("/vat/exchange-rates/2024-01-15", "every currency's rate on a date")}
${link("/vat/currencies", "every currency, its name and the dates covered")}
${link("/vat/currencies/usd", "one currency's periods, coverage and gaps")}
${link("/versions/current", "the current DataTables and extension versions")}
${link("/versions/detail", "release and nightly versions with dates")}
${link("/openapi.json", "the OpenAPI 3.1 description of all of it")}
</ul>
<p>Answers are JSON; errors are <code>application/problem+json</code>. Any origin may call the API.</p>

<footer>
<p>Contains public sector information licensed under the <a href="https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/">Open Government Licence v3.0</a>. Exchange rates are Crown copyright, published by HM Revenue &amp; Customs. This service is not provided or endorsed by HMRC.</p>
</footer>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
