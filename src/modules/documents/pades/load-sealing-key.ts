/**
 * The sealing key of this deployment: the platform certificate from configuration when given
 * (SEAL_PRIVATE_KEY and SEAL_CERTIFICATE, required in production), otherwise a self-signed one
 * generated at the first start and kept in `service_secrets`, so every process and every restart
 * seals with the same identity. Two processes starting at once keep whichever was stored first.
 * It is handed on as PEM, the form that reaches the render threads (a CryptoKey may not clone),
 * after importing it once here so that a key that does not import stops the start.
 */
import { generateSelfSignedSealingKey, sealingKeyFromPem, type SealingKeyPem } from '../../../core/key-material/sealing-key.js';
import type { Database } from '../../../ports/database.js';

export async function loadSealingKey(db: Database, configured: SealingKeyPem | undefined, now: Date): Promise<SealingKeyPem> {
  const pem = configured ?? (await keptSealingKey(db, now));
  await sealingKeyFromPem(pem.privateKeyPem, pem.certificatePem);
  return pem;
}

async function keptSealingKey(db: Database, now: Date): Promise<SealingKeyPem> {
  const stored = async () => {
    const rows = await db.selectFrom('service_secrets').select(['name', 'value']).where('name', 'in', ['seal_private_key', 'seal_certificate']).execute();
    const byName = new Map(rows.map((r) => [r.name, r.value]));
    return byName.size === 2 ? { key: byName.get('seal_private_key')!, certificate: byName.get('seal_certificate')! } : undefined;
  };
  let found = await stored();
  if (!found) {
    const made = await generateSelfSignedSealingKey('Freight document service seal (self-signed, not for production)', now);
    await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('service_secrets')
        .values({ name: 'seal_private_key', value: made.privateKeyPem, created_at: now })
        .onConflict((oc) => oc.column('name').doNothing())
        .returning('name')
        .executeTakeFirst();
      // Only the process that stored the key stores its certificate: the pair stays a pair.
      if (inserted) await trx.insertInto('service_secrets').values({ name: 'seal_certificate', value: made.certificatePem, created_at: now }).execute();
    });
    found = await stored();
  }
  if (!found) throw new Error('the sealing key could not be stored or read');
  return { privateKeyPem: found.key, certificatePem: found.certificate };
}
