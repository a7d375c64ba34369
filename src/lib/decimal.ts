// Rates are decimals as HMRC typed them. They are kept as text end to end so
// no binary float ever rounds them; the canonical form drops only what a JSON
// number would drop anyway (leading zeros, trailing fractional zeros).

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** Canonical text of a non-negative decimal, or undefined if it is not one. */
export function canonicalDecimal(text: string): string | undefined {
  const m = DECIMAL.exec(text);
  if (!m) return undefined;
  const whole = m[1]!.replace(/^0+(?=\d)/, "");
  const fraction = (m[2] ?? "").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}

/**
 * True when the decimal survives a trip through a JSON number unchanged, so
 * serving it as a number cannot add float noise.
 */
export function isExactAsJsonNumber(canonical: string): boolean {
  return JSON.stringify(Number(canonical)) === canonical;
}
