/**
 * The eFTI XML threads write exactly what the serialiser writes on the calling thread, for a large
 * common document and the gate's identifier document, several at once; a closed pool refuses work.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { EftiXmlPool } from '../../src/adapters/efti-xml/efti-xml-pool.js';
import { eftiDocument, INLINE_XML_ELEMENTS, serialiseEfti } from '../../src/modules/efti/efti-xml.js';
import { syntheticConsignment } from '../support/efti-consignments.js';

describe('eFTI XML pool', () => {
  const pool = new EftiXmlPool({ threads: 1 });
  afterAll(() => pool.close());

  it('writes in a worker thread what the serialiser writes in process', async () => {
    // Past the inline limit (more lines than a shipment may have today): the route hands such documents to the pool.
    const source = syntheticConsignment(300);
    const documents = [eftiDocument(source, []), eftiDocument(source, ['EU03']), eftiDocument(source, ['identifier'])];
    expect(documents.map((d) => d.kind)).toEqual(['common', 'common', 'identifier']);
    expect(documents[0]!.elements).toBeGreaterThan(INLINE_XML_ELEMENTS);
    expect(eftiDocument(syntheticConsignment(0), ['identifier']).elements).toBeLessThanOrEqual(INLINE_XML_ELEMENTS);
    const written = await Promise.all(documents.map((d) => pool.write({ kind: d.kind, consignment: d.consignment })));
    expect(written).toEqual(documents.map((d) => serialiseEfti(d.consignment, d.kind)));
    expect(written[2]).toContain('xmlns="http://efti.eu/v1/consignment/identifier"');
  });

  it('a closed pool refuses work', async () => {
    const closed = new EftiXmlPool({ threads: 1 });
    await closed.close();
    await expect(closed.write({ kind: 'common', consignment: {} })).rejects.toThrow('closed');
  });
});
