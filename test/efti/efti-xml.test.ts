/**
 * One model, two serialisers: the EFTI4EU reference example read into the model and written back
 * is valid and equal; every one of the 184 subsets answers a document valid against
 * consignment-common.xsd holding only elements the XSD annotates for that subset and every such
 * element the source had; JSON and XML carry the same values; the gate's identifier document is
 * valid against consignment-identifier.xsd. Documents are checked by xmllint, many per process.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { EFTI_XSD_DIR, xsdSubsetsByPath } from '../../scripts/efti-schema.js';
import type { EftiNode } from '../../src/modules/efti/efti-node.js';
import { projectConsignment, projectIdentifier, shapeToCommonSchema } from '../../src/modules/efti/efti-projection.js';
import { COMMON_SCHEMA, EFTI_SUBSET_IDS } from '../../src/modules/efti/efti-schema.js';
import { consignmentXml, eftiXml, identifierXml, serialiseEfti } from '../../src/modules/efti/efti-xml.js';
import { syntheticConsignment } from '../support/efti-consignments.js';
import { COMMON_XSD, elementPaths as paths, IDENTIFIER_XSD, parseEftiXml, xsdViolations } from '../support/efti-documents.js';

const exampleXml = readFileSync(join(EFTI_XSD_DIR, 'examples', 'consignment-common.xml'), 'utf8');

/** The same object with keys in reverse order at every level (the serialiser must not care). */
function reversed<T>(value: T): T {
  if (Array.isArray(value)) return value.map(reversed) as T;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reversed(v)])) as T;
}

describe('eFTI XML', () => {
  let example: EftiNode;
  beforeAll(() => {
    example = parseEftiXml(exampleXml).consignment;
  });

  it('the reference example, read into the model and written back, is valid and carries the same tree', () => {
    const { consignment, dropped } = shapeToCommonSchema(reversed(example));
    expect(dropped).toEqual([]);
    const xml = serialiseEfti(consignment, 'common');
    expect(xsdViolations(COMMON_XSD, [['example', xml]])).toEqual([]);
    expect(parseEftiXml(xml).consignment).toEqual(example);
    expect(paths(example).size).toBeGreaterThan(900);
  });

  it('a synthetic 200-line consignment with keys out of order, attributes, Latin Extended and XML-special text writes a valid document in sequence order', () => {
    const source = syntheticConsignment(200);
    const xml = consignmentXml(source);
    expect(xsdViolations(COMMON_XSD, [['synthetic', xml]])).toEqual([]);
    expect(xml).toContain('<name>Łódź Żółć Spedycja Sp. z o.o. &amp; Ærø</name>');
    expect(xml).toContain('<markingText>M-1 &lt;fragile&gt; &amp; dry</markingText>');
    expect(xml).toContain('<grossWeight unitId="KGM">3500</grossWeight>');
    expect(xml.indexOf('<carrier>')).toBeLessThan(xml.indexOf('<consignor>'));
    expect(xml.indexOf('<consignor>')).toBeLessThan(xml.indexOf('<transportPackage>'));
    expect(parseEftiXml(xml).consignment).toEqual(projectConsignment(source).consignment);
  });

  it('characters XML 1.0 cannot carry become U+FFFD, quotes and ampersands in attributes are escaped: the document still parses and validates', () => {
    const consignment: EftiNode = {
      consignor: { name: ['Bad\u0001name\u001F with \uD800 lone "quotes"'] },
      grossWeight: [{ value: '12', unitId: 'KGM' }],
    };
    const xml = consignmentXml(consignment);
    expect(xsdViolations(COMMON_XSD, [['controls', xml]])).toEqual([]);
    expect(parseEftiXml(xml).consignment).toEqual({ consignor: { name: ['Bad\uFFFDname\uFFFD with \uFFFD lone "quotes"'] }, grossWeight: [{ value: '12', unitId: 'KGM' }] });
  });

  it('each of the 184 subsets: valid XML, only elements the XSD annotates for it, every such element of the source, JSON and XML equal', () => {
    const annotated = xsdSubsetsByPath();
    const documents: Array<[string, string]> = [];
    const outside: string[] = [];
    const lost: string[] = [];
    const unequal: string[] = [];
    for (const subset of EFTI_SUBSET_IDS) {
      for (const [name, source] of [['example', example], ['synthetic', syntheticConsignment(2)]] as const) {
        const { consignment } = projectConsignment(source, [subset]);
        const xml = consignmentXml(source, [subset]);
        documents.push([`${subset} ${name}`, xml]);
        const back = parseEftiXml(xml).consignment;
        if (JSON.stringify(back) !== JSON.stringify(consignment)) unequal.push(`${subset} ${name}`);
        const written = paths(back);
        for (const path of written) if (!annotated.get(path)?.has(subset)) outside.push(`${subset}: ${path}`);
        // A leaf of the source annotated for the subset is in the answer (so is, then, its aggregate).
        for (const path of paths(source)) {
          const element = path.split('/').slice(1).reduce((e, n) => e?.child.get(n), COMMON_SCHEMA.root as typeof COMMON_SCHEMA.root | undefined);
          if (element?.kind === 'simple' && annotated.get(path)?.has(subset) && !written.has(path)) lost.push(`${subset} ${name}: ${path}`);
        }
      }
    }
    expect(outside).toEqual([]);
    expect(lost).toEqual([]);
    expect(unequal).toEqual([]);
    expect(xsdViolations(COMMON_XSD, documents)).toEqual([]);
    // Not vacuous: the EU subsets keep real content of the example.
    expect(paths(projectConsignment(example, ['EU01']).consignment).size).toBeGreaterThan(40);
    expect(projectConsignment(example, ['EU01']).consignment.consignor).toBeDefined();
  });

  it('several subsets at once are their union; no subset is the whole eFTI dataset (annotated elements only)', () => {
    const eu01 = paths(projectConsignment(example, ['EU01']).consignment);
    const eu03 = paths(projectConsignment(example, ['EU03']).consignment);
    const both = paths(projectConsignment(example, ['EU01', 'EU03']).consignment);
    expect([...both].sort()).toEqual([...new Set([...eu01, ...eu03])].sort());
    const all = paths(projectConsignment(example).consignment);
    const annotated = xsdSubsetsByPath();
    expect([...all].filter((p) => !annotated.has(p))).toEqual([]);
    expect(all.size).toBeGreaterThan(eu01.size);
    expect(paths(example).size).toBeGreaterThan(all.size);
  });

  it('the identifier document: valid against consignment-identifier.xsd, in its namespace, for the example and the synthetic consignment', () => {
    const documents: Array<[string, string]> = [
      ['example', identifierXml(example)],
      ['synthetic', identifierXml(syntheticConsignment(3))],
      ['route form', eftiXml(syntheticConsignment(3), ['identifier'])],
    ];
    expect(xsdViolations(IDENTIFIER_XSD, documents)).toEqual([]);
    const read = parseEftiXml(documents[1]![1]);
    expect(read.namespace).toBe('http://efti.eu/v1/consignment/identifier');
    expect(read.consignment).toEqual({
      carrierAcceptanceDateTime: { value: '202612010700+0000', formatId: '205' },
      deliveryEvent: { actualOccurrenceDateTime: { value: '202612011400+0100', formatId: '205' } },
      mainCarriageTransportMovement: [{ dangerousGoodsIndicator: 'false', modeCode: '3', usedTransportMeans: { id: '12-BXL-4', registrationCountry: { code: 'NL' } } }],
      usedTransportEquipment: [{ carriedTransportEquipment: [{ id: 'MSCU1234565', sequenceNumber: '1' }], categoryCode: 'TE', id: 'OR-88-KZ', registrationCountry: { code: 'NL' }, sequenceNumber: '1' }],
    });
    expect(eftiXml(syntheticConsignment(3), ['identifier', 'EU01'])).toContain('xmlns="http://efti.eu/v1/consignment/common"');
  });

  it('what the identifier XSD cannot take is left out and reported, never invented: a trailer without registration country', () => {
    const source = syntheticConsignment(1);
    delete (source.usedTransportEquipment as EftiNode[])[0]!.registrationCountry;
    const { consignment, dropped } = projectIdentifier(source);
    expect(dropped).toEqual(['consignment/usedTransportEquipment']);
    expect(consignment.usedTransportEquipment).toBeUndefined();
    expect(consignment.mainCarriageTransportMovement).toBeDefined();
    expect(xsdViolations(IDENTIFIER_XSD, [['trailer without country', identifierXml(source)]])).toEqual([]);
    // The common dataset keeps the trailer: there every element is optional.
    expect(projectConsignment(source).consignment.usedTransportEquipment).toHaveLength(1);
  });

  it('a date without its required formatId is left out and reported; an element or attribute the XSD does not know is a bug and throws', () => {
    const source: EftiNode = { carrierAcceptanceDateTime: '202612010700', numberOfPackages: '3' };
    expect(projectConsignment(source)).toEqual({ consignment: { numberOfPackages: '3' }, dropped: ['consignment/carrierAcceptanceDateTime'] });
    expect(() => consignmentXml({ consignor: { nickname: 'x' } })).toThrow('consignment/consignor/nickname is not in the XSD');
    expect(() => consignmentXml({ grossWeight: [{ value: '1', currency: 'EUR' }] })).toThrow('attribute currency');
  });

  it('free text longer than its Annex format goes over repeated occurrences, never truncated; codes and single elements are not cut', () => {
    const name = 'Przedsiębiorstwo Transportowo-Spedycyjne „Łódź-Żółć” Spółka z ograniczoną odpowiedzialnością 𝔘𝔫𝔦𝔠𝔬𝔡𝔢';
    const { consignment } = projectConsignment({ consignor: { name: [name] }, transportPackage: [{ typeCode: ['LONGCODE'] }] });
    const parts = (consignment.consignor as EftiNode).name as string[];
    expect(parts.length).toBe(Math.ceil([...name].length / 35));
    expect(parts.every((p) => [...p].length <= 35)).toBe(true);
    expect(parts.join('')).toBe(name);
    expect((consignment.transportPackage as EftiNode[])[0]!.typeCode).toEqual(['LONGCODE']);
    expect(xsdViolations(COMMON_XSD, [['split name', consignmentXml({ consignor: { name: [name] } })]])).toEqual([]);
  });

  it('an element that may repeat is an array in the model even when given once; one that may not is a single value', () => {
    const { consignment } = projectConsignment({ consignor: { name: 'Sender B.V.', id: ['NL1'] } } as unknown as EftiNode);
    expect(consignment).toEqual({ consignor: { id: 'NL1', name: ['Sender B.V.'] } });
  });
});
