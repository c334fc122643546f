/** Schemas of usage rows and their filters. */
import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from '../../core/schema-types.js';
import { PageOf, pageQueryProperties } from '../../core/pagination.schema.js';
import { USAGE_METRICS } from './record-usage.js';

const DATE = Type.String({ format: 'date', description: 'A UTC day, `YYYY-MM-DD`.' });

export const UsageRowSchema = Type.Object(
  {
    date: Type.String({ description: 'The UTC day, `YYYY-MM-DD`.' }),
    metric: StringEnum(USAGE_METRICS, {
      description:
        '`shipments_issued`: shipments moved to `issued` that day. `signatures`: signatures recorded that day, by level in `breakdown`. ' +
        '`notifications`: e-mail and SMS handed to a provider (or, without one, to the outbox) that day, by channel in `breakdown`; a message the provider refused is not counted. ' +
        '`storage_bytes`: the bytes stored at the end of the day (consignment-note versions, attachments, photos, signature images, proofs of delivery, e-invoices, exports), deletions subtracted; ' +
        'shown for every day from the first upload on, also days without a change. `exports`: data exports completed that day.',
    }),
    value: Type.Integer({ description: 'The count of the day, or for `storage_bytes` the end-of-day total in bytes.' }),
    breakdown: Type.Optional(
      Type.Record(Type.String(), Type.Integer(), {
        description: '`signatures`: the count per level (`platform_auth`, `ades`, `qes`). `notifications`: the count per channel (`email`, `sms`). Absent on other metrics.',
      }),
    ),
  },
  { $id: 'UsageRow' },
);

export const UsagePageSchema = PageOf(Type.Ref('UsageRow'), 'UsagePage');

export const ListUsageQuerySchema = Type.Object(
  {
    date_gte: Type.Optional({ ...DATE, description: 'First day, inclusive. Default: 31 days before `date_lte`.' }),
    date_lte: Type.Optional({ ...DATE, description: 'Last day, inclusive. Default: today (UTC).' }),
    metric: Type.Optional(StringEnum(USAGE_METRICS)),
    limit: pageQueryProperties.limit,
    cursor: pageQueryProperties.cursor,
  },
  { additionalProperties: false },
);
export type ListUsageQuery = Static<typeof ListUsageQuerySchema>;
