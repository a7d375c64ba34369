// The full English name of a currency. ICU knows current and historic ISO
// 4217 codes ("Venezuelan Bolívar (2008–2018)" for VEF), which says more than
// HMRC's own short names ("Dollar"); HMRC's name is the fallback for codes ICU
// does not know.
const names = new Intl.DisplayNames("en", { type: "currency", fallback: "none" });

/** ICU's name for an ISO code, or undefined when ICU has none. */
export function isoCurrencyName(code: string): string | undefined {
  return names.of(code);
}

export function currencyName(code: string, hmrcName: string): string {
  return isoCurrencyName(code) ?? hmrcName;
}
