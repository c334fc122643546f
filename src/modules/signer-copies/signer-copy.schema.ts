/** The signer's copy behind a used sign link (GET /v1/sign/{token}/copy). */
import { Type, type Static } from '@sinclair/typebox';
import { IdString, StringEnum } from '../../core/schema-types.js';
import { SIGNATURE_ROLES } from '../signatures/signature-rules.js';

const url = Type.String({ format: 'uri', description: 'Signed download link (no API key), valid until `url_expires_at`; ask this endpoint again for a fresh one while the copy lasts.' });
const urlExpiresAt = Type.String({ format: 'date-time' });

export const SignerCopySchema = Type.Object(
  {
    signature_id: IdString('signature'),
    role: StringEnum(SIGNATURE_ROLES),
    signer_name: Type.String(),
    signed_at: Type.String({ format: 'date-time' }),
    copy_expires_at: Type.String({ format: 'date-time', description: 'Until when this link opens the copy (the signature\'s time plus SIGNER_COPY_DAYS); after it, 410 `token_expired`.' }),
    time_zone: Type.String({ description: 'The IANA zone a person reads this copy\'s times in: the stop where the signer signed (docs/time-zones.md). The times above stay UTC.' }),
    time_zone_names: Type.Record(Type.String(), Type.String(), { description: 'The customary short names of that zone by UTC offset (`{"+01:00": "CET", "+02:00": "CEST"}`); an offset not listed is written `UTC+hh:mm`.' }),
    shipment: Type.Object({ id: IdString('shipment'), reference: Type.Union([Type.String(), Type.Null()]) }),
    consignment_note: Type.Object(
      { document_id: IdString('document'), version: Type.Integer({ minimum: 1 }), sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }), url, url_expires_at: urlExpiresAt },
      { description: 'The sealed version of the consignment note this signature made (with the signature in its box): never a later version.' },
    ),
    proof_of_delivery: Type.Union(
      [Type.Object({ document_id: IdString('document'), sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }), url, url_expires_at: urlExpiresAt }), Type.Null()],
      { description: 'For the consignee whose signature delivered the shipment: the sealed proof of delivery (PDF). Null for every other signer.' },
    ),
  },
  { $id: 'SignerCopy', additionalProperties: false },
);
export type SignerCopyView = Static<typeof SignerCopySchema>;
