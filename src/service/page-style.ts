// The landing page's stylesheet: plain and readable on a phone, light and dark; hashed into the page's CSP.
export const STYLE = `
:root { color-scheme: light dark; --fg: #1b1b1b; --bg: #fff; --muted: #4a4a4a; --accent: #00558c; --line: #b1b4b6; --ok: #005a30; --bad: #a3000f; }
@media (prefers-color-scheme: dark) { :root { --fg: #f3f2f1; --bg: #111; --muted: #c8c8c8; --accent: #7cc4ff; --line: #6f777b; --ok: #7fe0a8; --bad: #ff8a8a; } }
* { box-sizing: border-box; }
body { margin: 0; font: 1.0625rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: var(--fg); background: var(--bg); }
main { max-width: 46rem; margin: 0 auto; padding: 1.25rem; }
h1 { font-size: 1.75rem; line-height: 1.2; margin: 0.5rem 0 0.75rem; }
h2 { font-size: 1.25rem; margin: 2rem 0 0.5rem; }
p, li { max-width: 40rem; }
a { color: var(--accent); }
a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
.stale { border-left-color: var(--bad) !important; }
.notice { border-left: 5px solid var(--accent); padding: 0.5rem 0.75rem; background: color-mix(in srgb, var(--accent) 8%, transparent); }
form { display: grid; gap: 0.9rem; margin-top: 0.5rem; }
label { display: block; font-weight: 600; margin-bottom: 0.2rem; }
.hint { display: block; font-weight: 400; color: var(--muted); font-size: 0.95rem; }
input, select, button { font: inherit; padding: 0.5rem 0.6rem; border: 2px solid var(--fg); border-radius: 0; background: var(--bg); color: var(--fg); width: 100%; max-width: 22rem; min-height: 2.75rem; }
input[type="radio"] { width: 1.25rem; height: 1.25rem; min-height: 0; margin: 0 0.4rem 0 0; vertical-align: middle; accent-color: var(--fg); }
fieldset { border: 2px solid var(--fg); padding: 0.6rem 0.8rem; margin: 0 0 0.8rem; max-width: 40rem; }
fieldset label { display: inline; }
fieldset .hint { display: block; margin: 0 0 0.5rem 1.65rem; }
button { background: var(--accent); border-color: var(--accent); color: #fff; font-weight: 600; cursor: pointer; width: auto; }
@media (prefers-color-scheme: dark) { button { color: #111; } }
#result { margin-top: 1rem; padding: 0.75rem; border: 2px solid var(--line); min-height: 3rem; }
#result:empty { display: none; }
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
