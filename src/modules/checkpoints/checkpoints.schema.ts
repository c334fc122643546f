/** Schemas of the signed checkpoints: one checkpoint, its page, the published key, held checkpoints sent back, and the report of a check. */
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeString, IdString, StringEnum } from '../../core/schema-types.js';
import { PageOf, pageQueryProperties } from '../../core/pagination.schema.js';
import type { Checkpoint } from './checkpoints.tables.js';

const Hash = (description: string) => Type.String({ pattern: '^[0-9a-f]{64}$', description });
const Seq = (description: string) => Type.Integer({ minimum: 0, description });

export const CheckpointSchema = Type.Object(
  {
    id: IdString('checkpoint', { description: 'The `ckp_` id; ids sort in time order.' }),
    organization_id: Type.String({ maxLength: 100, description: 'The organisation whose chains it seals.' }),
    mode: StringEnum(['test', 'live'] as const, { description: 'The mode whose chains it seals.' }),
    created_at: DateTimeString(),
    previous_id: Type.Union([IdString('checkpoint'), Type.Null()], { description: "The organisation's checkpoint before this one in this mode; null for the first." }),
    audit_log: Type.Object(
      { seq: Seq('The seq of the last audit row (0 before any).'), hash: Hash('Its hash (64 zeros before any).') },
      { additionalProperties: false, description: "The head of the mode's audit chain when the checkpoint was made." },
    ),
    shipments: Type.Array(
      Type.Object(
        { shipment_id: IdString('shipment'), seq: Seq('The seq of its last event.'), hash: Hash("That event's hash.") },
        { additionalProperties: false },
      ),
      { maxItems: 1_000_000, description: 'The head of each shipment chain that changed since the previous checkpoint.' },
    ),
    signature: Type.String({
      maxLength: 2000,
      description:
        "Detached JWS (RFC 7515 Appendix F: `header..signature`) by the service's seal key over the canonical JSON (keys sorted, no whitespace) of every other field: header `{alg, kid, typ: \"checkpoint+jws\"}`, `alg` RS256 or ES256, `kid` the SHA-256 of the certificate (`GET /v1/audit-log/checkpoints/key`).",
    }),
  },
  { $id: 'Checkpoint', additionalProperties: false, description: 'The sealed heads of an organisation\'s chains in one mode at one time (docs/audit-log.md, Checkpoints).' },
);

export const CheckpointPageSchema = PageOf(Type.Ref('Checkpoint'), 'CheckpointPage');

export const ListCheckpointsQuerySchema = Type.Object({ ...pageQueryProperties }, { additionalProperties: false });
export type ListCheckpointsQuery = Static<typeof ListCheckpointsQuerySchema>;

export const CheckpointParamsSchema = Type.Object({ id: IdString('checkpoint') }, { additionalProperties: false });

export const CheckpointKeySchema = Type.Object(
  {
    alg: StringEnum(['RS256', 'ES256'] as const, { description: 'The JWS algorithm of the signatures.' }),
    kid: Hash("SHA-256 of the certificate's DER: the `kid` of every signature by this key, and the fingerprint the export's manifest pins."),
    certificate: Type.String({ description: 'The seal certificate (PEM), the same that seals the PDFs.' }),
    public_key: Type.String({ description: 'Its public key (PEM, SubjectPublicKeyInfo).' }),
  },
  { $id: 'CheckpointKey', description: 'The key that signs checkpoints: keep it (or its `kid`) beside the checkpoints you hold.' },
);

export const CheckpointReportSchema = Type.Object(
  {
    checked: Type.Integer({ description: 'Checkpoints whose signature and sealed heads were checked: the stored ones signed by the current key, and any sent.' }),
    failed: Type.Array(
      Type.Object({ checkpoint_id: Type.String(), reason: Type.String({ description: 'What does not match: a head the chain no longer recomputes to, or a signature that does not verify.' }) }),
      { description: 'Empty when every checkpoint matches.' },
    ),
  },
  { description: 'The chain against the signed checkpoints (docs/audit-log.md, Checkpoints).' },
);

export const CheckIntegrityBodySchema = Type.Object(
  {
    checkpoints: Type.Array(Type.Ref('Checkpoint'), {
      maxItems: 10_000,
      description: 'Checkpoints you hold, exactly as delivered (the `checkpoint` of `audit.checkpoint_created`, or items of `GET /v1/audit-log/checkpoints`).',
    }),
  },
  { $id: 'CheckIntegrityBody', additionalProperties: false },
);
/** The body as validated: each item is a `Checkpoint` (the schema refers to it by id). */
export type CheckIntegrityBody = { checkpoints: Checkpoint[] };
