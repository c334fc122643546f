/**
 * Decimal arithmetic for money (DESIGN: amounts are decimal strings, never floats). Amounts are
 * held as bigint cents; rates and percentages as bigint scaled integers. Rounding is half away
 * from zero to two decimals, the commercial rounding EN 16931 expects of every amount it sums.
 */

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** A decimal string as an integer scaled by 10^scale; null when it has more decimals than that. */
export function parseScaled(value: string, scale: number): bigint | null {
  const match = DECIMAL.exec(value.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > scale) return null;
  const digits = BigInt(`${whole}${fraction.padEnd(scale, '0')}`);
  return sign === '-' ? -digits : digits;
}

/** `1250`, `1250.5` or `1250.50` as cents; null for anything else. */
export function parseCents(amount: string): bigint | null {
  return parseScaled(amount, 2);
}

/** Cents as an amount with exactly two decimals, as EN 16931 wants every amount (`1250.00`). */
export function formatCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** `numerator / denominator` rounded half away from zero. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (n * 2n + d) / (d * 2n);
  return negative ? -rounded : rounded;
}

/** Scale of a percentage: `21` → 2100, `5.5` → 550 (hundredths of a percent). */
export const PERCENT_SCALE = 2;

/** `percent` % of `cents`, rounded to the cent: the VAT of a taxable amount (BR-CO-17). */
export function percentOf(cents: bigint, percentHundredths: bigint): bigint {
  return divideRounded(cents * percentHundredths, 10_000n);
}

/** Scale of an exchange rate: six decimals. */
export const RATE_SCALE = 6;

/** `cents` converted at `rate` (units of the target currency per unit of the source), to the cent. */
export function convertCents(cents: bigint, rateMillionths: bigint): bigint {
  return divideRounded(cents * rateMillionths, 1_000_000n);
}

/** A scaled integer back as its shortest decimal string: 2100 at scale 2 → `21`, 550 → `5.5`. */
export function formatScaled(value: bigint, scale: number): string {
  const sign = value < 0n ? '-' : '';
  const abs = (value < 0n ? -value : value).toString().padStart(scale + 1, '0');
  const whole = abs.slice(0, abs.length - scale);
  const fraction = abs.slice(abs.length - scale).replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}
