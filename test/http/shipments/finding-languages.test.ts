/**
 * Finding messages in German and French: `Accept-Language: de` or `fr` translates the
 * messages of the dry run, of a refused create's `errors` and of the warnings that ride along,
 * while the problem's `title` stays English (the catalogue has English and Dutch titles only).
 */
import { describe, expect, it } from 'vitest';
import { backends } from '../../support/backends.js';
import { expectProblem } from '../../support/problems.js';
import { fullShipment } from '../../support/shipment-fixtures.js';
import { shipmentSuite } from '../../support/shipment-suite.js';

type Found = { code: string; path: string; message: string };

const CONSIGNEE_MISSING = {
  en: "The consignment note has no consignee; CMR article 6(1)(e) requires the consignee's name and address.",
  de: 'Der Frachtbrief hat keinen Empfänger; CMR Artikel 6 Absatz 1 Buchstabe e verlangt Name und Anschrift des Empfängers.',
  fr: "La lettre de voiture n'a pas de destinataire ; la CMR, article 6, paragraphe 1, lettre e), exige le nom et l'adresse du destinataire.",
};

/** Cabotage: a Dutch carrier loading and unloading in Germany (a warning that rides along). */
function cabotage() {
  const input = fullShipment();
  input.pickup!.address = { street: 'Kaiserstraße 1', city: 'Köln', country: 'DE' };
  input.consignor!.address = { street: 'Kaiserstraße 1', city: 'Köln', country: 'DE' };
  return input;
}

describe.each(backends())('finding messages in German and French on $name', (backend) => {
  const s = shipmentSuite(backend);
  const dry = (payload: unknown, language: string) =>
    s.t.app.inject({ method: 'POST', url: '/v1/shipments/validate', headers: { ...s.t.auth(s.tenant.testKey), 'accept-language': language }, payload: payload as object });
  const without = (field: string) => {
    const input = fullShipment() as Record<string, unknown>;
    delete input[field];
    return input;
  };

  it.each(['en', 'de', 'fr'] as const)('POST /v1/shipments/validate with Accept-Language: %s', async (language) => {
    const res = await dry({ ...without('consignee'), surprise: 1 }, language);
    expect(res.statusCode, res.body).toBe(200);
    const errors = res.json().errors as Found[];
    expect(errors.find((f) => f.code === 'consignee_missing')?.message).toBe(CONSIGNEE_MISSING[language]);
    // A schema finding is translated too.
    const unknown = errors.find((f) => f.code === 'unknown_field')?.message;
    expect(unknown).toBe({ en: 'The field surprise is not known.', de: 'Das Feld surprise ist unbekannt.', fr: 'Le champ surprise est inconnu.' }[language]);
  });

  it('a regional tag and q-values pick German or French', async () => {
    const de = (await dry(without('consignee'), 'de-AT, en;q=0.5')).json().errors as Found[];
    expect(de.find((f) => f.code === 'consignee_missing')?.message).toBe(CONSIGNEE_MISSING.de);
    const fr = (await dry(without('consignee'), 'pl, fr-BE;q=0.9, en;q=0.1')).json().errors as Found[];
    expect(fr.find((f) => f.code === 'consignee_missing')?.message).toBe(CONSIGNEE_MISSING.fr);
  });

  it('422 validation_failed under de/fr: errors[].message translated, the title English', async () => {
    for (const language of ['de', 'fr'] as const) {
      const res = await s.api.create(without('consignee'), { headers: { 'accept-language': language } });
      const body = expectProblem(res, 'validation_failed');
      expect(body.title).toBe('Validation failed');
      expect((body.errors as Found[]).find((f) => f.code === 'consignee_missing')?.message).toBe(CONSIGNEE_MISSING[language]);
    }
    const dutch = expectProblem(await s.api.create(without('consignee'), { headers: { 'accept-language': 'nl' } }), 'validation_failed');
    expect(dutch.title).toBe('Validatie mislukt');
  });

  it('warnings of create, read and update follow Accept-Language: de/fr', async () => {
    const res = await s.api.create(cabotage(), { headers: { 'accept-language': 'de' } });
    expect(res.statusCode, res.body).toBe(201);
    const warning = (warnings: Found[]) => warnings.find((w) => w.code === 'cabotage_operation')?.message;
    expect(warning(res.json().warnings)).toMatch(/^Dies ist Kabotage: Ein in NL niedergelassener Frachtführer befördert Güter innerhalb von DE\./);
    const id = res.json().id as string;
    const read = await s.t.app.inject({ method: 'GET', url: `/v1/shipments/${id}`, headers: { ...s.t.auth(s.tenant.testKey), 'accept-language': 'fr' } });
    expect(warning(read.json().warnings)).toMatch(/^Il s'agit de cabotage : un transporteur établi dans le pays NL/);
    const patched = await s.api.patch(id, { reference: 'KAB-1' }, { headers: { 'accept-language': 'fr' } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(warning(patched.json().warnings)).toMatch(/^Il s'agit de cabotage/);
  });
});
