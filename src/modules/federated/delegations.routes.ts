/**
 * Delegations (service description, federated access): the grantor's side, with an API key. A
 * party grants another platform access to one consignment note, bound to that platform's
 * certificate; the grantee reads on the platform listener (federated.routes.ts).
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { tenantContext } from '../../http/tenant-context.js';
import { loadSealingKey } from '../documents/pades/load-sealing-key.js';
import { ShipmentParamsSchema } from '../shipments/shipment.schema.js';
import { createDelegation } from './create-delegation.js';
import { evidenceSigner, type EvidenceSigner } from './delegation-evidence.js';
import {
  CreateDelegationSchema,
  DelegationPageSchema,
  DelegationParamsSchema,
  DelegationSchema,
  ListDelegationsQuerySchema,
  MAX_DELEGATION_DAYS,
  type CreateDelegation,
  type ListDelegationsQuery,
} from './delegation.schema.js';
import { getDelegation } from './get-delegation.js';
import { listDelegations } from './list-delegations.js';
import { revokeDelegation } from './revoke-delegation.js';

export const DELEGATION_PATHS = {
  delegations: '/v1/shipments/:id/delegations',
  delegation: '/v1/delegations/:id',
} as const;

type ById = { Params: { id: string } };

export async function delegationRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  for (const schema of [DelegationSchema, DelegationPageSchema, CreateDelegationSchema]) app.addSchema(schema);
  const ctx = (request: FastifyRequest) => tenantContext(runtime, request);
  const { services } = runtime;
  // The key that seals the PDFs signs the evidence: the one identity of this platform. Read at the
  // first grant (as the render pool got it at start: kept in service_secrets, or configured), and
  // before the grant's transaction, which on the embedded database holds its only connection.
  let signer: Promise<EvidenceSigner> | undefined;
  const evidence = () =>
    (signer ??= loadSealingKey(services.db, runtime.config.seal, services.clock.now())
      .then((pem) => evidenceSigner(services.publicBaseUrl, pem))
      .catch((error: unknown) => {
        signer = undefined;
        throw error;
      }));

  app.post<ById & { Body: CreateDelegation }>(
    DELEGATION_PATHS.delegations,
    {
      config: { access: { scope: 'shipments:write' }, errors: ['invalid_id', 'not_found', 'invalid_state'] },
      schema: {
        operationId: 'createDelegation',
        tags: ['federated'],
        summary: 'Grant another platform access to the note',
        description:
          'A party to the shipment (`on_behalf_of`, which must be on it) grants the platform named in `grantee` access to this consignment note until `expires_at` ' +
          `(in the future, at most ${MAX_DELEGATION_DAYS} days ahead; else 422 \`validation_failed\` on \`$.expires_at\`). ` +
          'The grantee reads `read_url` (`GET /v1/federated/consignment-notes/{shipment id}` on the platform listener, mutual TLS) with the certificate given here (422 on `$.grantee.certificate` if it is not one PEM X.509 certificate valid now). ' +
          'The listener exists only with the eFTI configuration (EFTI_*): without it the grant is still made, its evidence standing on its own, and `read_url` is null until the listener is configured. ' +
          '`evidence` is a JWS by the platform seal key over the delegation, the note version current now and its SHA-256, the grantor, the certificate thumbprint (`cnf.x5t#S256`), the scope and the expiry (docs/federated-access.md). ' +
          'A draft has no note yet: 409 `invalid_state`. Emits the chained event `delegation.granted`.',
        params: ShipmentParamsSchema,
        body: Type.Ref(CreateDelegationSchema),
        response: { 201: Type.Ref(DelegationSchema, { description: 'The delegation with its evidence.' }) },
      },
    },
    async (request, reply) => {
      const delegation = await createDelegation(ctx(request), request.params.id, request.body, { keyId: request.principal!.keyId }, await evidence());
      return reply.status(201).send(delegation);
    },
  );

  app.get<ById & { Querystring: ListDelegationsQuery }>(
    DELEGATION_PATHS.delegations,
    {
      config: { access: { scope: 'shipments:read' }, errors: ['invalid_id', 'not_found', 'bad_request', 'invalid_cursor'] },
      schema: {
        operationId: 'listDelegations',
        tags: ['federated'],
        summary: 'Delegations of a shipment',
        description: 'Newest first (`order=asc` for oldest first), revoked and expired ones included, each with its `status` now.',
        params: ShipmentParamsSchema,
        querystring: ListDelegationsQuerySchema,
        response: { 200: Type.Ref(DelegationPageSchema, { description: 'A page of delegations.' }) },
      },
    },
    async (request) => listDelegations(ctx(request), request.params.id, request.query),
  );

  app.get<ById>(
    DELEGATION_PATHS.delegation,
    {
      config: { access: { scope: 'shipments:read' }, errors: ['invalid_id', 'not_found'] },
      schema: {
        operationId: 'getDelegation',
        tags: ['federated'],
        summary: 'Get a delegation',
        params: DelegationParamsSchema,
        response: { 200: Type.Ref(DelegationSchema, { description: 'The delegation.' }) },
      },
    },
    async (request) => getDelegation(ctx(request), request.params.id),
  );

  app.delete<ById>(
    DELEGATION_PATHS.delegation,
    {
      config: { access: { scope: 'shipments:write' }, errors: ['invalid_id', 'not_found'] },
      schema: {
        operationId: 'revokeDelegation',
        tags: ['federated'],
        summary: 'Revoke a delegation',
        description:
          'From now on the grantee\'s reads answer 410 `token_revoked`. The delegation stays listed (`status: revoked`), with the chained event `delegation.revoked`; revoking it again changes nothing. Allowed in every shipment status: taking access away is not a change to the note.',
        params: DelegationParamsSchema,
        response: { 204: Type.Null({ description: 'Revoked.' }) },
      },
    },
    async (request, reply) => {
      await revokeDelegation(ctx(request), request.params.id, request.principal!.keyId);
      return reply.status(204).send();
    },
  );
}
