import { describe, expect, it } from 'vitest';
import { shipmentActBar, shipmentActNotice, type ShipmentActBarInput } from './shipment-act-bar.js';

const base: ShipmentActBarInput = { shipmentId: 'shp_01', status: 'draft', signRequests: [], invoiced: false, role: 'owner', language: 'en', mode: 'test' };
const buttons = (html: string) => [...html.matchAll(/<button[^>]*>([^<]+)<\/button>|<a href="[^"]*">([^<]+)<\/a>/g)].map((m) => m[1] ?? m[2]);

describe('the act bar of a shipment', () => {
  it('shows the acts of each status', () => {
    expect(buttons(shipmentActBar(base))).toEqual(['Edit', 'Issue', 'Cancel shipment']);
    expect(buttons(shipmentActBar({ ...base, status: 'issued' }))).toEqual(['Cancel shipment', 'Send sign link', 'Send sign link']);
    expect(buttons(shipmentActBar({ ...base, status: 'in_transit' }))).toEqual(['Send sign link']);
    expect(buttons(shipmentActBar({ ...base, status: 'delivered' }))).toEqual(['Issue invoice']);
    expect(shipmentActBar({ ...base, status: 'delivered', invoiced: true })).toBe('');
    expect(shipmentActBar({ ...base, status: 'cancelled' })).toBe('');
  });

  it('shows a pending link with resend and revoke, a completed one as signed', () => {
    const html = shipmentActBar({ ...base, status: 'issued', signRequests: [{ id: 'sigreq_1', role: 'consignor', status: 'pending', recipient_hint: 'p…@sender.example' }, { id: 'sigreq_2', role: 'carrier', status: 'completed', recipient_hint: '+31…12' }] });
    expect(buttons(html)).toEqual(['Cancel shipment', 'Resend', 'Revoke']);
    expect(html).toContain('Link sent to p…@sender.example');
    expect(html).toContain('Signed');
  });

  it('shows only what the role may do: a viewer nothing, a developer no invoice', () => {
    expect(shipmentActBar({ ...base, role: 'viewer' })).toBe('');
    expect(shipmentActBar({ ...base, status: 'delivered', role: 'developer' })).toBe('');
    expect(buttons(shipmentActBar({ ...base, status: 'delivered', role: 'admin' }))).toEqual(['Issue invoice']);
  });

  it('speaks Dutch and turns an outcome into the notice', () => {
    expect(buttons(shipmentActBar({ ...base, language: 'nl' }))).toEqual(['Bewerken', 'Uitgeven', 'Zending annuleren']);
    expect(shipmentActNotice('nl', { act_error: 'invalid_transition', act: 'issue' })).toEqual({ text: 'Uitgeven is niet gelukt: Ongeldige statusovergang. De status van de zending staat dit niet toe.', error: true });
    expect(shipmentActNotice('en', { done: 'sent' })).toEqual({ text: 'The sign link is sent.' });
    expect(shipmentActNotice('en', { act_error: 'made_up', act: 'issue' })).toBeUndefined();
  });
});
