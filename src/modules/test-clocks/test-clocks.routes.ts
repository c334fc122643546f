/**
 * Sandbox test clocks (docs/sandbox-test-clocks.md): create, list, read, advance, delete.
 * Every route is test-only: a live key is 403 `test_mode_only`.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { tenantContext } from '../../http/tenant-context.js';
import { advanceTestClock } from './advance-test-clock.js';
import { createTestClock } from './create-test-clock.js';
import { deleteTestClock, getTestClock, listTestClocks } from './manage-test-clocks.js';
import {
  AdvanceTestClockSchema,
  CreateTestClockSchema,
  ListTestClocksQuerySchema,
  MAX_ADVANCE_DAYS,
  TestClockPageSchema,
  TestClockParamsSchema,
  TestClockSchema,
  type AdvanceTestClock,
  type CreateTestClock,
  type ListTestClocksQuery,
} from './test-clock.schema.js';

export const TEST_CLOCK_PATHS = {
  clocks: '/v1/test/clocks',
  clock: '/v1/test/clocks/:id',
  advance: '/v1/test/clocks/:id/advance',
} as const;

const access = { scope: 'test:write' as const, testOnly: true };
type ById = { Params: { id: string } };

export async function testClockRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  for (const schema of [TestClockSchema, TestClockPageSchema, CreateTestClockSchema, AdvanceTestClockSchema]) app.addSchema(schema);
  const ctx = (request: FastifyRequest) => tenantContext(runtime, request);

  app.post<{ Body: CreateTestClock | undefined }>(
    TEST_CLOCK_PATHS.clocks,
    {
      config: { access, optionalBody: true },
      schema: {
        operationId: 'createTestClock',
        tags: ['test-clocks'],
        summary: 'Create a test clock (sandbox)',
        description: 'A clock standing at `frozen_time` (now if absent). Attach shipments, signature requests and webhook endpoints to it with `?test_clock=` when you make them, then advance it.',
        body: Type.Ref(CreateTestClockSchema),
        response: { 201: Type.Ref(TestClockSchema, { description: 'The clock.' }) },
      },
    },
    async (request, reply) => {
      const created = await createTestClock(ctx(request), request.body ?? {});
      return reply.status(201).header('location', `${TEST_CLOCK_PATHS.clocks}/${created.id}`).send(created);
    },
  );

  app.get<{ Querystring: ListTestClocksQuery }>(
    TEST_CLOCK_PATHS.clocks,
    {
      config: { access, errors: ['bad_request', 'invalid_cursor'] },
      schema: {
        operationId: 'listTestClocks',
        tags: ['test-clocks'],
        summary: 'List test clocks, newest first (sandbox)',
        querystring: ListTestClocksQuerySchema,
        response: { 200: Type.Ref(TestClockPageSchema, { description: 'A page of clocks (deleted ones are left out).' }) },
      },
    },
    async (request) => listTestClocks(ctx(request), request.query),
  );

  app.get<ById>(
    TEST_CLOCK_PATHS.clock,
    {
      config: { access, errors: ['invalid_id', 'not_found'] },
      schema: { operationId: 'getTestClock', tags: ['test-clocks'], summary: 'Get a test clock (sandbox)', params: TestClockParamsSchema, response: { 200: Type.Ref(TestClockSchema, { description: 'The clock.' }) } },
    },
    async (request) => getTestClock(ctx(request), request.params.id),
  );

  app.post<ById & { Body: AdvanceTestClock }>(
    TEST_CLOCK_PATHS.advance,
    {
      config: { access, errors: ['invalid_id', 'not_found'] },
      schema: {
        operationId: 'advanceTestClock',
        tags: ['test-clocks'],
        summary: 'Advance a test clock (sandbox)',
        description:
          `Moves the clock to \`frozen_time\`, which must be later than the clock's current time and at most ${MAX_ADVANCE_DAYS} days ahead (else 422 \`validation_failed\` with a finding on \`frozen_time\`). ` +
          'Everything attached reads the new time at once: links and tokens expire, webhook retries that fall due are attempted, each at its scheduled time in clock time, within seconds.',
        params: TestClockParamsSchema,
        body: Type.Ref(AdvanceTestClockSchema),
        response: { 200: Type.Ref(TestClockSchema, { description: 'The clock at its new time.' }) },
      },
    },
    async (request) => {
      const advanced = await advanceTestClock(ctx(request), request.params.id, request.body);
      // Retries that fell due go out now rather than at the worker's next poll.
      runtime.wakeDeliveries?.();
      return advanced;
    },
  );

  app.delete<ById>(
    TEST_CLOCK_PATHS.clock,
    {
      config: { access, errors: ['invalid_id', 'not_found'] },
      schema: {
        operationId: 'deleteTestClock',
        tags: ['test-clocks'],
        summary: 'Delete a test clock (sandbox)',
        description: 'What was attached keeps the times it has (expiries, scheduled retries) and reads real time again.',
        params: TestClockParamsSchema,
        response: { 204: Type.Null({ description: 'Deleted.' }) },
      },
    },
    async (request, reply) => {
      await deleteTestClock(ctx(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
