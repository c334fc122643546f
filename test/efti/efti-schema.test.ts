/**
 * The eFTI schema tables are the XSDs': the committed generated file is what the committed XSDs
 * generate (`npm run efti-schema`), the subset ids are the 184 of efti-subsets-summary.json, and
 * the XSD has the shape the projection relies on (a member of a subset never sits below an
 * aggregate that is not; the identifier XSD is the `identifier` subset of the common one).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EFTI_SCHEMA_FILE, EFTI_XSD_DIR, eftiSchemaSource, xsdSubsetsByPath } from '../../scripts/efti-schema.js';
import { annotatedElements, commonElementAt, EFTI_SUBSET_IDS, IDENTIFIER_SCHEMA, type EftiElement } from '../../src/modules/efti/efti-schema.js';

const summary = JSON.parse(readFileSync(join(EFTI_XSD_DIR, '..', 'efti-subsets-summary.json'), 'utf8')) as { subsetsByCountryPrefix: Record<string, string[]>; subsets: Record<string, unknown> };

describe('eFTI schema tables', () => {
  it('src/modules/efti/efti-schema.generated.ts is generated from the committed XSDs (run `npm run efti-schema`)', () => {
    expect(readFileSync(EFTI_SCHEMA_FILE, 'utf8')).toBe(eftiSchemaSource());
  });

  it('the subset ids are the 184 of efti-subsets-summary.json, `identifier` among them, case-sensitive', () => {
    const listed = Object.values(summary.subsetsByCountryPrefix).flat();
    expect(listed).toHaveLength(184);
    expect([...EFTI_SUBSET_IDS].sort()).toEqual([...listed].sort());
    expect(Object.keys(summary.subsets).sort()).toEqual([...listed].sort());
    expect(EFTI_SUBSET_IDS.has('identifier')).toBe(true);
    expect(EFTI_SUBSET_IDS.has('HR05B')).toBe(true);
    expect(EFTI_SUBSET_IDS.has('eu01')).toBe(false);
  });

  it('membership is per occurrence: the same TradeParty/name is eFTI51 under consignor, eFTI68 under consignee, with their own subsets', () => {
    const consignor = commonElementAt('consignment/consignor/name')!;
    const consignee = commonElementAt('consignment/consignee/name')!;
    expect(consignor.efti).toMatchObject({ id: 'eFTI51', format: 'an..35' });
    expect(consignee.efti).toMatchObject({ id: 'eFTI68', format: 'an..35' });
    expect(consignor.efti!.subsets.get('EU01')).toBe('O');
    expect(commonElementAt('consignment/consignor/postalAddress/cityName')!.efti!.subsets.get('EU01')).toBe('M');
    expect(consignee.efti!.subsets.has('EU01')).toBe(false);
    expect(consignee.efti!.subsets.get('EU03')).toBe('M');
    expect(commonElementAt('consignment/consignor/agreedContract')!.efti).toBeUndefined();
    expect(commonElementAt('consignment/carrier/agreedContract')!.efti?.id).toBe('ASBIE1281');
    // Sequence order, occurrences and attributes come with the element.
    const root = commonElementAt('consignment')!;
    expect(root.children.map((c) => c.name).slice(0, 4)).toEqual(['applicableServiceCharge', 'associatedDocument', 'associatedParty', 'cODAmount']);
    expect(commonElementAt('consignment/carrierAcceptanceDateTime')).toMatchObject({ kind: 'simple', maxOccurs: 1, attributes: ['formatId'], requiredAttributes: ['formatId'] });
    expect(commonElementAt('consignment/transportPackage')).toMatchObject({ kind: 'complex', minOccurs: 0, maxOccurs: Infinity });
  });

  it('the generated tables agree with the XSD read directly: the same annotated paths and subsets', () => {
    const direct = xsdSubsetsByPath();
    const generated = annotatedElements();
    expect(generated.map((e) => e.path)).toEqual([...direct.keys()]);
    expect(generated).toHaveLength(557);
    for (const e of generated) expect([...e.efti!.subsets.keys()].sort(), e.path).toEqual([...direct.get(e.path)!].sort());
  });

  it('no subset has a member below an aggregate outside it (so the top-down projection loses nothing)', () => {
    const gaps: string[] = [];
    for (const element of annotatedElements()) {
      const ancestors = element.path.split('/').slice(1, -1).map((_, i, names) => commonElementAt(['consignment', ...names.slice(0, i + 1)].join('/'))!);
      for (const subset of element.efti!.subsets.keys()) {
        for (const a of ancestors) if (!a.efti?.subsets.has(subset)) gaps.push(`${subset}: ${element.path} below ${a.path}`);
      }
    }
    expect(gaps).toEqual([]);
  });

  it('consignment-identifier.xsd holds exactly the elements of the common XSD annotated for `identifier`', () => {
    const identifierPaths: string[] = [];
    const walk = (e: EftiElement) => e.children.forEach((c) => (identifierPaths.push(c.path), walk(c)));
    walk(IDENTIFIER_SCHEMA.root);
    const members = annotatedElements().filter((e) => e.efti!.subsets.has('identifier')).map((e) => e.path);
    expect(identifierPaths.sort()).toEqual(members.sort());
    expect(members).toHaveLength(19);
  });
});
