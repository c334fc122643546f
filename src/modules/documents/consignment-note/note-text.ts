/**
 * How values are printed on the note: numbers as plain decimals without thousands separators
 * (`3120.5`), so a text search finds them; times in UTC to the minute; and text wrapped to a width
 * by the font's own metrics, breaking a word only when it is longer than a whole line.
 */
export interface Line {
  text: string;
  bold?: boolean;
}

export interface Measure {
  width(text: string, bold: boolean): number;
}

export function plainNumber(value: number): string {
  // As given (3120.5 stays 3120.5); never grouping, and no exponent for very small or large values.
  const text = String(value);
  return /e/i.test(text) ? value.toFixed(Math.abs(value) < 1 ? 6 : 0).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '') : text;
}

export function utcMinute(at: Date | string): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
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
