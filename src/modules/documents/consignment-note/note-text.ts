/**
 * How values are printed on the note: numbers as plain decimals without thousands separators
 * (`3120.5`), so a text search finds them (times: core/local-time.ts); and text wrapped to a width
 * by the font's own metrics, breaking a word only when it is longer than a whole line.
 */
export interface Line {
  text: string;
  bold?: boolean;
}

export interface Measure {
  width(text: string, bold: boolean): number;
}

/** A number's decimal digits as JavaScript writes it (the shortest that reads back the same), scaled to an integer. */
function scaledDecimal(value: number): { digits: bigint; scale: number } {
  const [mantissa = '0', exponent = '0'] = String(value).toLowerCase().split('e');
  const negative = mantissa.startsWith('-');
  const [whole = '0', fraction = ''] = mantissa.replace('-', '').split('.');
  let digits = BigInt(whole + fraction);
  let scale = fraction.length - Number(exponent);
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { digits: negative ? -digits : digits, scale };
}

/**
 * The exact sum of numbers as written (0.7 sixty times is 42, not 41.99999999999999), added as
 * scaled integers, printed as a plain decimal: no grouping, no exponent, no trailing zeros.
 */
export function decimalSum(values: readonly number[]): string {
  const parts = values.filter(Number.isFinite).map(scaledDecimal);
  const scale = Math.max(0, ...parts.map((p) => p.scale));
  const total = parts.reduce((sum, p) => sum + p.digits * 10n ** BigInt(scale - p.scale), 0n);
  const text = (total < 0n ? -total : total).toString().padStart(scale + 1, '0');
  const fraction = text.slice(text.length - scale).replace(/0+$/, '');
  return `${total < 0n ? '-' : ''}${text.slice(0, text.length - scale)}${fraction ? `.${fraction}` : ''}`;
}

/** As given (3120.5 stays 3120.5); never grouping, and no exponent for very small or large values. */
export function plainNumber(value: number): string {
  return Number.isFinite(value) ? decimalSum([value]) : String(value);
}

/** Breaks one logical line into lines no wider than `width`. */
export function wrapLine(line: Line, width: number, measure: Measure): Line[] {
  const bold = Boolean(line.bold);
  const fits = (text: string) => measure.width(text, bold) <= width;
  const out: Line[] = [];
  for (const paragraph of line.text.replace(/\t/g, ' ').split(/\r?\n/)) {
    let current = '';
    for (const word of paragraph.split(/ +/)) {
      const candidate = current ? `${current} ${word}` : word;
      if (fits(candidate)) {
        current = candidate;
        continue;
      }
      if (current) out.push({ text: current, bold });
      // A word wider than the line: cut it where it must be cut.
      let rest = word;
      while (!fits(rest)) {
        // The longest prefix that fits (at least one character), by bisection.
        let low = 1;
        let high = rest.length - 1;
        while (low < high) {
          const mid = Math.ceil((low + high) / 2);
          if (fits(rest.slice(0, mid))) low = mid;
          else high = mid - 1;
        }
        out.push({ text: rest.slice(0, low), bold });
        rest = rest.slice(low);
      }
      current = rest;
    }
    out.push({ text: current, bold });
  }
  return out;
}

export function wrapLines(lines: readonly Line[], width: number, measure: Measure): Line[] {
  return lines.flatMap((line) => wrapLine(line, width, measure));
}
