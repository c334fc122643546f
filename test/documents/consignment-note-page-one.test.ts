/**
 * What an inspector reads first is on page 1: boxes 1–4, 16 and 21–24 complete whenever the goods
 * table leaves room (checked with `pdftotext` on page 1 alone), the goods table taking the rest and
 * continuing on later pages; and totals summed in decimal, never in floating point.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { noteInput, noteReader, squash } from '../support/note-pdf.js';
import { fullShipment } from '../support/shipment-fixtures.js';

const reader = noteReader();
afterAll(() => reader.cleanup());

/** The full fixture with the longer addresses real users write: departments, access notes, long names. */
function longAddresses() {
  const s = fullShipment();
  s.consignee!.name = 'Rheinstahl Komponenten und Verbindungstechnik Gesellschaft mit beschränkter Haftung, Niederlassung Duisburg-Ruhrort';
  s.delivery!.address = {
    street: 'Hafenstraße 112, Gebäude C, Zufahrt über Tor 4 (Schwerlastverkehr), Rampe 12–14',
    additional: 'Anlieferung nur nach vorheriger telefonischer Anmeldung beim Schichtleiter',
    postal_code: '47119',
    city: 'Duisburg-Ruhrort',
    country_subdivision: 'Nordrhein-Westfalen',
    country: 'DE',
  };
  s.pickup!.address = { street: 'Waalhaven Zuidzijde 21, Distributiecentrum Noord, Hal 7', additional: 'Ingang via de Eemhavenweg, slagboom 3', postal_code: '3089 JH', city: 'Rotterdam', country: 'NL' };
  return s;
}

const goods = (count: number) => Array.from({ length: count }, (_, i) => ({ description: `Article ${String(i + 1).padStart(3, '0')} spare part`, quantity: 1, package_type: 'box' as const, gross_weight_kg: 10.1, volume_m3: 0.7 }));

function expectPlacesAndParties(page1: string, s: ReturnType<typeof fullShipment>) {
  const text = squash(page1);
  for (const address of [s.delivery!.address, s.pickup!.address]) {
    expect(text).toContain(squash(address.street!));
    if (address.additional) expect(text).toContain(squash(address.additional));
    expect(text).toContain(squash(`${address.postal_code} ${address.city}`));
  }
  // The delivery and pickup windows, with their dates.
  expect(text).toContain(squash('2026-12-01 14:00 CET – 2026-12-01 17:00 CET'));
  expect(text).toContain(squash('2026-12-01 08:00 CET – 2026-12-01 10:00 CET'));
  for (const party of [s.consignor, s.consignee, s.carrier]) expect(text).toContain(squash(party!.name!));
  expect(text).toContain(squash('Rotterdam · 2026-11-24 10:30 CET'));
  // Nothing of boxes 1–4, 16, 21–24 said to continue elsewhere (only the goods may, saying how many lines).
  expect(page1.replace(/▸ 9: \d+ × continued on the following page\(s\)/, '')).not.toMatch(/continued on the following page/);
}

describe('page 1 of the consignment note', () => {
  it.each(['en', 'nl', 'de', 'fr'] as const)('shows the places of delivery and taking over with postcode, city and dates (standard note, %s)', async (language) => {
    const note = await reader.render(noteInput(fullShipment(), { language }));
    expect(note.pageCount).toBe(1);
    expectPlacesAndParties(note.page(1), fullShipment());
  });

  it('keeps long addresses and names whole on page 1 when the goods leave room', async () => {
    const s = longAddresses();
    const note = await reader.render(noteInput(s));
    expectPlacesAndParties(note.page(1), s);
    expect(squash(note.page(1))).toContain(squash(s.consignee!.name!));
  });

  it('keeps boxes 22–24 whole on page 1, with signatures and the reservations at delivery', async () => {
    const at = new Date('2026-12-01T15:10:00Z');
    const note = await reader.render(
      noteInput(longAddresses(), {
        signatures: [
          { role: 'consignor', signer_name: 'Sanne de Vries', signed_at: at, method: 'drawn', level: 'platform_auth' },
          { role: 'carrier', signer_name: 'Pieter Jansen', signed_at: at, method: 'typed', level: 'ades' },
          { role: 'consignee', signer_name: 'Jonas Becker', signed_at: at, method: 'typed', level: 'ades' },
        ],
        reservations: [
          { phase: 'delivery', type: 'damage', text: 'Two pallets with broken corners, goods inspected on the dock.', created_at: at },
          { phase: 'delivery', type: 'shortage', text: 'One carton missing.', created_at: at },
        ],
      }),
    );
    const page1 = squash(note.page(1));
    for (const text of ['Signed by: Sanne de Vries', 'Signed by: Pieter Jansen', 'Signed by: Jonas Becker', 'Two pallets with broken corners, goods inspected on the dock.', 'One carton missing.']) expect(page1).toContain(squash(text));
    expect(note.page(1)).not.toMatch(/continued on the following page/);
  });

  it('continues a long goods list on later pages, every line once, with the boxes of page 1 whole', async () => {
    const s = { ...longAddresses(), goods: goods(60) };
    const note = await reader.render(noteInput(s));
    expect(note.pageCount).toBeGreaterThan(1);
    expectPlacesAndParties(note.page(1), s);
    expect(note.page(1)).toMatch(/▸ 9: \d+ × continued on the following page\(s\)/);
    const all = note.all({ layout: true });
    for (let i = 1; i <= 60; i++) expect(all.match(new RegExp(`Article ${String(i).padStart(3, '0')} spare part`, 'g')), `line ${i}`).toHaveLength(1);
    expect(note.page(2)).toContain('(continued)');
  });
});

describe('totals of the goods (boxes 7, 11, 12)', () => {
  it('sums in decimal: 60 lines of 0.7 m³ and 10.1 kg print 42 m³ and 606 kg', async () => {
    const note = await reader.render(noteInput({ ...fullShipment(), goods: goods(60) }));
    const page1 = note.page(1, { layout: true });
    expect(page1).toMatch(/Total: 60 +· +606 kg +· +42 m³/);
    expect(note.all()).not.toMatch(/\d\.\d{8,}/);
  });

  it('sums values with different decimals and large values exactly', async () => {
    const lines = [
      { description: 'A', quantity: 3, package_type: 'box', gross_weight_kg: 0.1, volume_m3: 0.2 },
      { description: 'B', quantity: 4, package_type: 'box', gross_weight_kg: 0.2, volume_m3: 0.1 },
      { description: 'C', quantity: 5, package_type: 'box', gross_weight_kg: 24999.975, volume_m3: 1e-7 },
    ];
    const note = await reader.render(noteInput({ ...fullShipment(), goods: lines }));
    expect(note.page(1, { layout: true })).toMatch(/Total: 12 +· +25000\.275 kg +· +0\.3000001 m³/);
  });
});
