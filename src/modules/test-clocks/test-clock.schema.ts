/** Schemas of sandbox test clocks (docs/sandbox-test-clocks.md): the resource, its page and the bodies. */
import { Type, type Static } from '@sinclair/typebox';
import { PageOf, pageQueryProperties } from '../../core/pagination.schema.js';
import { DateTimeString, IdString } from '../../core/schema-types.js';

/** The furthest one advance may move a clock, so a typo cannot throw a sandbox decades ahead. */
export const MAX_ADVANCE_DAYS = 730;

export const TestClockSchema = Type.Object(
  {
    id: IdString('test_clock'),
    object: Type.Literal('test_clock'),
    name: Type.Union([Type.String(), Type.Null()]),
    frozen_time: DateTimeString({ description: 'The time everything attached to the clock reads now.' }),
    created_at: DateTimeString({ description: 'Real time.' }),
  },
  {
    $id: 'TestClock',
    description:
      'A sandbox time that shipments, signature requests and webhook endpoints attached to it (`?test_clock=` when they are made) follow instead of the real one. It stands still until advanced. See docs/sandbox-test-clocks.md.',
  },
);

export const TestClockPageSchema = PageOf(Type.Ref(TestClockSchema), 'TestClockPage');

export const CreateTestClockSchema = Type.Object(
  {
    frozen_time: Type.Optional(DateTimeString({ description: 'Where the clock starts; now if absent.' })),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'A label for your own use.' })),
  },
  { $id: 'CreateTestClock', additionalProperties: false },
);
export type CreateTestClock = Static<typeof CreateTestClockSchema>;

export const AdvanceTestClockSchema = Type.Object(
  {
    frozen_time: DateTimeString({ description: `Later than the clock's current frozen_time, by at most ${MAX_ADVANCE_DAYS} days.` }),
  },
  { $id: 'AdvanceTestClock', additionalProperties: false },
);
export type AdvanceTestClock = Static<typeof AdvanceTestClockSchema>;

export const TestClockParamsSchema = Type.Object({ id: IdString('test_clock') }, { additionalProperties: false });

export const ListTestClocksQuerySchema = Type.Object({ ...pageQueryProperties }, { additionalProperties: false });
export type ListTestClocksQuery = Static<typeof ListTestClocksQuerySchema>;

/** `test_clock` in the views of what can be attached. */
export function AttachedTestClock(what: string) {
  return Type.Union([IdString('test_clock'), Type.Null()], {
    description: `Sandbox only: the test clock ${what} follows instead of real time (docs/sandbox-test-clocks.md); null when none, and always null in live mode.`,
  });
}

/** The query parameter of the routes that make what a clock can drive. */
export const TestClockQueryProperty = {
  test_clock: Type.Optional(
    IdString('test_clock', {
      description:
        'Sandbox only: attach what this request makes to this test clock (docs/sandbox-test-clocks.md). A live key is 403 `test_mode_only`; an id of the wrong shape is 400 `bad_request` (as every query parameter); an id naming no clock of the organisation is 422 `validation_failed` with a finding on `query.test_clock`.',
    }),
  ),
};
