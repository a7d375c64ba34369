// The page people meet: what the service is, a rate lookup with sterling
// conversion, the routes with live links, coverage and attribution. One
// self-contained HTML document; its inline script and style are allowed by
// hash in its Content-Security-Policy, and nothing else is loaded.
import { createHash } from "node:crypto";
import { SCRIPT } from "./page-script.ts";
import { STYLE } from "./page-style.ts";

export interface PageFacts {
  basePath: string;
  coverage: { from: string; to: string };
  currencies: number;
  buildId: string;
}

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
<title>UK VAT exchange rates — HMRC period, average and spot rates as JSON</title>
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
  <fieldset><legend>Which rate</legend>
    <div><input type="radio" id="series-monthly" name="series" value="monthly" checked> <label for="series-monthly">VAT period rate</label> <span class="hint">For VAT: the rate of the HMRC period containing the invoice's tax point date.</span></div>
    <div><input type="radio" id="series-average" name="series" value="average"> <label for="series-average">Yearly average</label> <span class="hint">For annual accounts and Self Assessment: HMRC's average for the year ending on the date, a 31 March or 31 December.</span></div>
    <div><input type="radio" id="series-spot" name="series" value="spot"> <label for="series-spot">Spot rate</label> <span class="hint">For year-end balances: HMRC's rate at midday on a 31 March or 31 December.</span></div>
    <p class="hint">Which to use is HMRC's to say: see its <a href="https://www.gov.uk/government/collections/exchange-rates-for-customs-and-vat">exchange rates guidance</a>.</p>
  </fieldset>
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
${link("/average-rate/usd/2025-12", "HMRC's average for the year to 31 December (or -03: to 31 March)")}
${link("/spot-rate/usd/2025-12-31", "HMRC's spot rate on a 31 December or 31 March")}
${link("/currencies", "every currency and which of the three series it has")}
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
