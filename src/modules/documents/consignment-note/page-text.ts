/**
 * The text of one page, written as a single text object after the page's lines and boxes. pdf-lib's
 * `drawText` wraps every string in its own graphics state and text object and, given a font, adds
 * a new entry to the page's font resources each time (thousands on a long note, each found by a
 * search of the growing dictionary); here each font gets one resource entry per page, and a string
 * costs a text position and the glyphs. Nothing on the note is drawn over text, so drawing the text
 * last changes no picture. The text goes into a content stream of its own, compressed natively
 * (native-flate.ts).
 */
import { beginText, endText, popGraphicsState, pushGraphicsState, setFillingColor, setFontAndSize, setTextMatrix, showText, type PDFFont, type PDFName, type PDFOperator, type PDFPage, type RGB } from 'pdf-lib';
import { registerFlateStream } from './native-flate.js';

interface Run {
  text: string;
  x: number;
  y: number;
  font: PDFFont;
  size: number;
  colour: RGB;
}

/** What pdf-lib's drawText would have started a new line for, or dropped. */
const LINE_BREAKS = /[\r\n\f\u0085\u2028\u2029]+/g;

export class PageText {
  private readonly runs: Run[] = [];

  constructor(readonly page: PDFPage) {}

  draw(text: string, x: number, y: number, font: PDFFont, size: number, colour: RGB): void {
    if (text) this.runs.push({ text: text.replace(LINE_BREAKS, ' ').replace(/\t/g, '    ').replace(/[\b\v]/g, ''), x, y, font, size, colour });
  }

  /** Writes the page's text into its content; once, when everything else is drawn. */
  flush(): void {
    if (this.runs.length === 0) return;
    const keys = new Map<PDFFont, PDFName>();
    const ops: PDFOperator[] = [pushGraphicsState(), beginText()];
    let font: PDFFont | undefined;
    let size = 0;
    let colour = '';
    for (const run of this.runs) {
      if (run.font !== font || run.size !== size) {
        let key = keys.get(run.font);
        if (!key) keys.set(run.font, (key = this.page.node.newFontDictionary(run.font.name, run.font.ref)));
        ops.push(setFontAndSize(key, run.size));
        font = run.font;
        size = run.size;
      }
      const rgb = `${run.colour.red} ${run.colour.green} ${run.colour.blue}`;
      if (rgb !== colour) {
        ops.push(setFillingColor(run.colour));
        colour = rgb;
      }
      ops.push(setTextMatrix(1, 0, 0, 1, run.x, run.y), showText(run.font.encodeText(run.text)));
    }
    ops.push(endText(), popGraphicsState());
    const content = Buffer.from(ops.map((op) => op.toString()).join('\n'), 'latin1');
    this.page.node.addContentStream(registerFlateStream(this.page.doc.context, content));
    this.runs.length = 0;
  }
}
