/** The redaction of failed calls' bodies: what a request log may keep of a JSON body. */
import { describe, expect, it } from 'vitest';
import { boundText, MAX_STORED_BODY_BYTES, redactJson, storableJson, storableText } from '../../src/modules/request-logs/redact-body.js';

const R = '[redacted]';

describe('request-log body redaction', () => {
  it('replaces secrets by key, at any depth, and keeps the structure and the rest', () => {
    const body = {
      password: 'hunter2',
      api_key: 'abc',
      apiKey: 'abc',
      client_secret: 'x',
      otp_verified_token: 'tok',
      identification_token: 'tok',
      authorization: 'Bearer x',
      recovery_code: 'abcd-efgh',
      nested: [{ token: 't', amount: '12.50', idempotency_key: 'k' }],
      api_key_id: 'key_01J',
      quantity: 3,
      active: true,
      missing: null,
    };
    expect(redactJson(body)).toEqual({
      password: R,
      api_key: R,
      apiKey: R,
      client_secret: R,
      otp_verified_token: R,
      identification_token: R,
      authorization: R,
      recovery_code: R,
      nested: [{ token: R, amount: '12.50', idempotency_key: R }],
      api_key_id: 'key_01J',
      quantity: 3,
      active: true,
      missing: null,
    });
  });

  it('replaces one-time codes sent as code, but keeps error codes and goods codes', () => {
    expect(redactJson({ code: '482913' })).toEqual({ code: R });
    expect(redactJson({ code: 'k3j9-x8p2' })).toEqual({ code: R });
    expect(redactJson({ code: 'validation_failed', hs_code: '84713000' })).toEqual({ code: 'validation_failed', hs_code: '84713000' });
  });

  it('replaces persons: names, e-mail, phone and address lines, keeping the country', () => {
    const party = { name: 'Jan de Vries', address: { street: 'Dam 1', additional: 'floor 2', postal_code: '1012JS', city: 'Amsterdam', country: 'NL', coordinates: { lat: 52.37, lng: 4.89 } }, contact: { name: 'Piet', email: 'p@x.nl', phone: '+31612345678', language: 'nl' } };
    expect(redactJson({ consignor: party, driver: { name: 'Ali', phone: '+491701234567', email: 'a@b.de' }, signer_name: 'X', billing_address: 'Dam 1, Amsterdam' })).toEqual({
      consignor: { name: R, address: { street: R, additional: R, postal_code: R, city: R, country: 'NL', coordinates: R }, contact: { name: R, email: R, phone: R, language: 'nl' } },
      driver: { name: R, phone: R, email: R },
      signer_name: R,
      billing_address: R,
    });
    expect(redactJson({ address: 'Dam 1, Amsterdam' })).toEqual({ address: R });
  });

  it('replaces signature images and photos by key and by value', () => {
    const png = `data:image/png;base64,${'iVBORw0KGgo'.repeat(40)}`;
    expect(redactJson({ signature: { image: png, method: 'drawn' }, photo: 'abc', extra: png, blob: 'A'.repeat(300) })).toEqual({ signature: { image: R, method: 'drawn' }, photo: R, extra: R, blob: R });
  });

  it('replaces credentials, phone numbers and e-mail addresses found in values under any key', () => {
    expect(redactJson({ note: 'use sk_live_abcdef please', other: 'whsec_123', auth: 'Bearer abc', tel: '+31 6 1234 5678' })).toEqual({ note: R, other: R, auth: R, tel: R });
    expect(redactJson({ detail: 'No member jan@vries.example in this organisation.' })).toEqual({ detail: `No member ${R} in this organisation.` });
    expect(redactJson(['jan@vries.example', 42])).toEqual([R, 42]);
  });

  it('leaves its input unchanged', () => {
    const body = { password: 'p', list: [{ email: 'e@x.nl' }] };
    redactJson(body);
    expect(body).toEqual({ password: 'p', list: [{ email: 'e@x.nl' }] });
  });

  it('cuts at 16 KB of UTF-8, never inside a character, and says it did', () => {
    expect(boundText('short')).toEqual({ text: 'short', truncated: false });
    const cut = boundText('é'.repeat(MAX_STORED_BODY_BYTES));
    expect(cut.truncated).toBe(true);
    expect(Buffer.byteLength(cut.text)).toBeLessThanOrEqual(MAX_STORED_BODY_BYTES);
    expect(cut.text).not.toContain('\uFFFD');
    const stored = storableJson({ password: 'secret-value', filler: 'Ring the bell twice. '.repeat(1000) });
    expect(stored.truncated).toBe(true);
    expect(stored.text).not.toContain('secret-value');
  });

  it('stops walking a large body once the stored part is full, and still redacts that part', () => {
    let read = 0;
    const parties = Array.from({ length: 100_000 }, (_, i) => ({
      get name() {
        read += 1;
        return `Party ${i}`;
      },
      email: `p${i}@example.com`,
      weight_kg: i,
    }));
    const stored = storableJson({ note: 'Call dispatch at ops@haulier.example. '.repeat(2000), parties });
    expect(stored.truncated).toBe(true);
    expect(Buffer.byteLength(stored.text)).toBeLessThanOrEqual(MAX_STORED_BODY_BYTES);
    expect(stored.text).not.toContain('ops@haulier.example');
    // The note alone fills the stored part: not one party is read.
    expect(read).toBe(0);
    const partiesOnly = storableJson({ parties });
    expect(partiesOnly.text).not.toMatch(/Party \d|@example\.com/);
    expect(read).toBeLessThan(1_000);
  });

  it('keeps JSON text redacted and describes any other body without keeping it', () => {
    expect(storableText('{"password":"p","n":1}', 'application/json; charset=utf-8')).toEqual({ text: '{"password":"[redacted]","n":1}', truncated: false });
    expect(storableText('<xml>secret</xml>', 'application/xml')).toEqual({ text: '[17 bytes of application/xml, not kept]', truncated: false });
    expect(storableText('{oops', 'application/json')!.text).toBe('[5 bytes that are not valid JSON, not kept]');
    expect(storableText('', 'application/json')).toBeNull();
  });
});
