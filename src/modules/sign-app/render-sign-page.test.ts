/**
 * The steps the page shows depend on the sign context: the identification step (and the identified
 * name in the signature step) only when the link asks for it (`identification_required`), the
 * remarks form with the remarks the context lists, every remark printed as text.
 */
import { describe, expect, it } from 'vitest';
import { NOTE_LABELS } from '../documents/consignment-note/cmr-labels.js';
import { noteContent } from '../documents/consignment-note/note-content.js';
import { noteZones } from '../documents/consignment-note/note-zones.js';
import { renderSignPage } from './render-sign-page.js';
import type { SignPage, SignPageContext } from './sign-page.js';

const context: SignPageContext = {
  request_id: 'sgr_01',
  role: 'consignee',
  successive_index: null,
  level: 'platform_auth',
  identification_required: false,
  remarks: [],
  language: 'en',
  otp_required: false,
  expires_at: '2026-11-25T10:00:00.000Z',
  shipment: { id: 'shp_01', reference: 'PO-1', status: 'in_transit', consignor: 'A', consignee: 'B', carrier: 'C', pickup: null, delivery: null, goods: [] },
  document: { id: 'doc_01', version: 3, sha256: 'ab'.repeat(32), url: 'http://127.0.0.1/files/x', url_expires_at: '2026-11-25T09:15:00.000Z' },
};

function page(extra: Partial<SignPageContext>, data: Record<string, unknown> = { consignor: { name: 'A' } }): SignPage {
  const shipment = { id: 'shp_01', status: 'in_transit', transport_type: 'national', ...data };
  const note = noteContent({ shipment, document_id: 'doc_01', version: 3, inspection_url: '', language: 'en', established: { place: 'Rotterdam', at: new Date(0) }, rendered_at: new Date(0) }, NOTE_LABELS.en);
  return { language: 'en', context: { ...context, ...extra }, labels: NOTE_LABELS.en, note, transportType: 'national', zones: noteZones(shipment), handOffAfterSigning: false, backToDriver: null, handedOver: false };
}
const assets = { pad: '/sign/assets/p.js', photos: '/sign/assets/r.js', api: '/sign/assets/s.js', otp: '/sign/assets/o.js', disposal: '/sign/assets/d.js', script: '/sign/assets/a.js', copy: '/sign/assets/c.js', copyDisposal: '/sign/assets/cd.js', style: '/sign/assets/a.css' };
const data = (html: string) => JSON.parse(/<script type="application\/json" id="sign-data">(.*?)<\/script>/s.exec(html)![1]!);

describe('renderSignPage', () => {
  // Every context lists the remarks of the link's phase (`remarks` is required, maybe empty): the
  // form is always there; only identification depends on the link (its level).
  it('without identification and with no remarks yet: no identification is required; the remarks form has an empty list', () => {
    const html = renderSignPage(page({}), assets);
    expect(data(html).identification_required).toBe(false);
    expect(html).not.toContain('id="identified-name"');
    expect(html).toContain('<ul id="remarks-list"></ul>');
    expect(html).toContain('id="remark-form"');
  });

  it('with them: the identification step is required and the remarks at the signer\'s phase are listed, as text', () => {
    const html = renderSignPage(page({ identification_required: true, remarks: [{ id: 'rmk_1', phase: 'delivery', successive_index: null, type: 'damage', text: 'Pallet 3 <crushed>', created_at: '2026-11-25T09:00:00.000Z', photos: [] }] }), assets);
    expect(data(html).identification_required).toBe(true);
    // The signature step has the words for the identified name, shown once identified.
    expect(html).toContain('<div id="identified-name" hidden><p id="signer-name-hint">This is the name you were identified with: you sign with exactly this name.</p>');
    expect(html).toContain('<h2 id="remarks-title">Remarks at delivery</h2>');
    expect(html).toContain('<li><strong>Damage</strong> · Pallet 3 &#60;crushed&#62;</li>');
    expect(html).toContain('id="remark-form"');
  });

  it('prints each time on the wall clock of its place, with the zone named: pickup in Warsaw, delivery in Helsinki, the link in the consignor\'s zone', () => {
    const warsaw = { street: 'Prosta 1', city: 'Warszawa', country: 'PL' };
    const helsinki = { street: 'Satamakatu 2', city: 'Helsinki', country: 'FI' };
    const html = renderSignPage(
      page({}, {
        consignor: { name: 'A', address: warsaw },
        pickup: { address: warsaw, window: { from: '2026-01-15T07:00:00Z', to: '2026-01-15T09:00:00Z' } },
        delivery: { address: helsinki, window: { from: '2026-07-15T06:00:00Z' } },
      }),
      assets,
    );
    expect(html).toContain('window: 2026-01-15 08:00 CET – 2026-01-15 10:00 CET');
    expect(html).toContain('2026-07-15 09:00 EEST');
    // The link's end, 10:00 UTC in November, in Warsaw.
    expect(html).toContain('2026-11-25 11:00 CET');
    expect(html).not.toMatch(/\d\d:\d\d UTC/);
  });

  it('words the transport type in the note language, as the PDF does', () => {
    const dutch = { ...page({}), language: 'nl' as const, labels: NOTE_LABELS.nl, transportType: 'international' };
    expect(renderSignPage(dutch, assets)).toContain('Vervoer: internationaal');
    expect(renderSignPage(page({}), assets)).toContain('Transport: national');
  });
});
