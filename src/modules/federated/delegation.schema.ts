/**
 * Schemas of delegations (federated access): the resource the grantor sees, its page, and the body
 * of a grant. The grantee never sees these: it reads the note on the platform listener.
 */
import { Type, type Static } from '@sinclair/typebox';
import { PageOf, pageQueryProperties } from '../../core/pagination.schema.js';
import { DateTimeString, IdString, StringEnum } from '../../core/schema-types.js';

export const DELEGATION_SCOPES = ['read', 'remarks'] as const;
export const DELEGATING_ROLES = ['consignor', 'carrier', 'consignee', 'principal'] as const;
export const MAX_DELEGATION_DAYS = 90;
const MAX_CERTIFICATE_PEM = 16_384;

const Scope = Type.Array(StringEnum(DELEGATION_SCOPES), {
  minItems: 1,
  uniqueItems: true,
  description: '`read`: the grantee reads the note (inspection JSON) on the platform listener. `remarks`: it may also make remarks for the grantor (recorded in the evidence; no grantee route takes remarks yet).',
});
const OnBehalfOf = StringEnum(DELEGATING_ROLES, { description: 'The grantor\'s role on this shipment: the party whose access is delegated. That party must be on the shipment.' });

export const DelegationSchema = Type.Object(
  {
    id: IdString('delegation'),
    shipment_id: IdString('shipment'),
    grantee: Type.Object({
      name: Type.String(),
      platform_id: Type.String(),
      certificate_sha256: Type.String({ description: 'SHA-256 thumbprint of the grantee\'s certificate (DER), base64url: the `cnf.x5t#S256` the evidence binds (RFC 8705).' }),
    }),
    on_behalf_of: OnBehalfOf,
    scope: Scope,
    note: Type.Object(
      { version: Type.Integer({ minimum: 1 }), sha256: Type.String({ description: 'SHA-256 of that version\'s PDF, lowercase hex.' }) },
      { description: 'The consignment-note version current when the delegation was granted.' },
    ),
    status: StringEnum(['active', 'expired', 'revoked'] as const, { description: 'At the time of the answer.' }),
    expires_at: DateTimeString(),
    revoked_at: Type.Union([DateTimeString(), Type.Null()]),
    granted_by_key_id: IdString('api_key', { description: 'The API key that granted it (the grantor key in the evidence).' }),
    event_id: Type.String({ description: 'The `delegation.granted` event in the shipment\'s chain.' }),
    evidence: Type.String({ description: 'Compact JWS (RS256 or ES256, per the seal key) by the platform seal key, `x5c` header with its certificate: see docs/federated-access.md.' }),
    read_url: Type.Union([Type.String({ format: 'uri' }), Type.Null()], {
      description:
        'Where the grantee reads the note over mutual TLS: the platform listener (EFTI_PLATFORM_PORT on the host of PUBLIC_BASE_URL). ' +
        'Null while the eFTI configuration is absent: the grant stands, but there is no listener to read through until it is configured.',
    }),
    created_at: DateTimeString(),
  },
  { $id: 'Delegation', description: 'Access to one consignment note granted to another platform, bound to its certificate. Revoked, never deleted.' },
);

export const DelegationPageSchema = PageOf(Type.Ref(DelegationSchema), 'DelegationPage');

export const CreateDelegationSchema = Type.Object(
  {
    grantee: Type.Object(
      {
        name: Type.String({ minLength: 1, maxLength: 200, description: 'The grantee platform\'s name.' }),
        platform_id: Type.String({ minLength: 1, maxLength: 200, description: 'The grantee platform\'s identifier (its eFTI platform id, where it has one); the viewer in the inspection-view log.' }),
        certificate: Type.String({
          minLength: 1,
          maxLength: MAX_CERTIFICATE_PEM,
          description: 'The X.509 certificate (PEM) the grantee presents on the platform listener, valid now. Only its holder can read: reads are matched on its SHA-256 thumbprint.',
        }),
      },
      { additionalProperties: false },
    ),
    on_behalf_of: OnBehalfOf,
    scope: Scope,
    expires_at: DateTimeString({ description: `In the future, at most ${MAX_DELEGATION_DAYS} days ahead.` }),
  },
  { $id: 'CreateDelegation', additionalProperties: false },
);
export type CreateDelegation = Static<typeof CreateDelegationSchema>;

export const DelegationParamsSchema = Type.Object({ id: IdString('delegation') }, { additionalProperties: false });

export const ListDelegationsQuerySchema = Type.Object({ ...pageQueryProperties }, { additionalProperties: false });
export type ListDelegationsQuery = Static<typeof ListDelegationsQuerySchema>;
