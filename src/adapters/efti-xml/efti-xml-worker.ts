/** The entry of an eFTI XML thread (./efti-xml-pool.ts): piscina calls the default export with each job. */
import { serialiseEfti } from '../../modules/efti/efti-xml.js';
import type { EftiXmlJob } from '../../ports/efti-xml-writer.js';

export default function write(job: EftiXmlJob): string {
  return serialiseEfti(job.consignment as Parameters<typeof serialiseEfti>[0], job.kind);
}
