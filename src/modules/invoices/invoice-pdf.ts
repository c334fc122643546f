/**
 * A readable view of an invoice or credit note as one A4 PDF page: seller (with its contact) and
 * buyer, the invoice a credit note corrects and why, the lines with their VAT, the document-level
 * allowances and charges, the VAT breakdown and the totals. The UBL XML stays the invoice; this
 * view is rendered on request from the facts the invoice stated and is not stored.
 */
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import { formatCents } from '../../core/money.js';
import { noteFonts } from '../documents/consignment-note/note-fonts.js';
import type { InvoiceFacts, InvoiceParty } from './invoice-facts.js';
import type { VatTreatment } from './invoice-lines.js';

export interface InvoicePdfHeader {
  title: 'Invoice' | 'Credit note';
  number: string;
  issueDate: string;
  dueDate?: string;
  corrects?: { number: string; issueDate: string; reason: string };
}

const vatLabel = (vat: VatTreatment) => `${vat.category}${vat.percent === undefined ? '' : ` ${vat.percent} %`}`;

export async function renderInvoicePdf(facts: InvoiceFacts, header: InvoicePdfHeader): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const bytes = await noteFonts();
  const regular = await pdf.embedFont(bytes.regular, { subset: true });
  const bold = await pdf.embedFont(bytes.bold, { subset: true });
  pdf.setTitle(`${header.title} ${header.number}`);
  const page = pdf.addPage([595.28, 841.89]);
  const grey = rgb(0.35, 0.35, 0.35);
  let y = 800;
  const write = (p: PDFPage, text: string, x: number, size = 9, font: PDFFont = regular, color = rgb(0, 0, 0)) => p.drawText(text, { x, y, size, font, color });
  const right = (text: string, x: number, size = 9, font: PDFFont = regular) => write(page, text, x - font.widthOfTextAtSize(text, size), size, font);

  write(page, `${header.title} ${header.number}`, 40, 18, bold);
  y -= 18;
  write(page, `Issued ${header.issueDate}${header.dueDate ? ` · due ${header.dueDate}` : ''} · ${facts.currency}`, 40, 9, regular, grey);
  if (header.corrects) {
    y -= 16;
    write(page, `Corrects invoice ${header.corrects.number} of ${header.corrects.issueDate}`, 40, 10, bold);
    y -= 13;
    write(page, `Reason: ${header.corrects.reason}`.slice(0, 110), 40);
  }
  y -= 28;
  const partyTop = y;
  const party = (label: string, p: InvoiceParty, x: number) => {
    y = partyTop;
    write(page, label, x, 8, bold, grey);
    const rows = [
      p.legalName,
      p.address.street ?? '',
      `${p.address.postal_code ?? ''} ${p.address.city}, ${p.address.country}`.trim(),
      p.vatNumber ? `VAT ${p.vatNumber}` : '',
      p.contact ? `${p.contact.name} · ${p.contact.phone}` : '',
      p.contact ? p.contact.email : '',
    ].filter((row) => row !== '');
    for (const [i, row] of rows.entries()) {
      y -= 12;
      write(page, row, x, 9, i === 0 ? bold : regular);
    }
    return y;
  };
  const bottom = Math.min(party('Seller', facts.seller, 40), party('Buyer', facts.buyer, 310));
  y = bottom - 30;

  const columns = { line: 40, name: 62, vat: 420, amount: 555 };
  write(page, '#', columns.line, 8, bold, grey);
  write(page, 'Item', columns.name, 8, bold, grey);
  write(page, 'VAT', columns.vat, 8, bold, grey);
  right('Net', columns.amount, 8, bold);
  y -= 4;
  page.drawLine({ start: { x: 40, y }, end: { x: 555, y }, thickness: 0.5, color: grey });
  for (const [i, line] of facts.lines.entries()) {
    y -= 14;
    write(page, String(i + 1), columns.line);
    write(page, line.name.slice(0, 64), columns.name);
    write(page, vatLabel(line.vat), columns.vat);
    right(formatCents(line.amount), columns.amount);
  }
  for (const ac of facts.allowancesCharges) {
    y -= 14;
    write(page, `${ac.charge ? 'Charge' : 'Allowance'}: ${ac.reason}`.slice(0, 64), columns.name, 9, regular, grey);
    write(page, vatLabel(ac.vat), columns.vat, 9, regular, grey);
    right(`${ac.charge ? '' : '-'}${formatCents(ac.amount)}`, columns.amount);
  }
  y -= 22;
  write(page, 'VAT breakdown', 40, 10, bold);
  y -= 4;
  page.drawLine({ start: { x: 40, y }, end: { x: 555, y }, thickness: 0.5, color: grey });
  for (const group of facts.breakdown) {
    y -= 14;
    write(page, vatLabel(group.vat), 40);
    write(page, group.vat.exemptionReasonCode ?? '', 100, 8, regular, grey);
    right(`taxable ${formatCents(group.taxable)}`, 470);
    right(`VAT ${formatCents(group.tax)}`, columns.amount);
  }
  y -= 24;
  const total = (label: string, cents: bigint, strong = false) => {
    write(page, label, 360, strong ? 11 : 9, strong ? bold : regular);
    right(`${formatCents(cents)} ${facts.currency}`, columns.amount, strong ? 11 : 9, strong ? bold : regular);
    y -= strong ? 16 : 13;
  };
  total('Lines', facts.amounts.lines);
  if (facts.amounts.allowances > 0n) total('Allowances', -facts.amounts.allowances);
  if (facts.amounts.charges > 0n) total('Charges', facts.amounts.charges);
  total('Total without VAT', facts.amounts.taxExclusive);
  total('VAT', facts.amounts.vat);
  total(header.corrects ? 'Credited' : 'Payable', facts.amounts.total, true);
  if (facts.payment) {
    y -= 10;
    write(page, `Bank transfer to ${facts.payment.iban}${facts.payment.bic ? ` (${facts.payment.bic})` : ''}, reference ${header.corrects?.number ?? header.number}`, 40, 8, regular, grey);
  }
  return Buffer.from(await pdf.save());
}
