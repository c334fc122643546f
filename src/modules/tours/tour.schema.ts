/** Schemas of tours: the create and update bodies, the stored tour, its list filters and the stop completion. */
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeString, IdString, StringEnum } from '../../core/schema-types.js';
import { PageOf, pageQueryProperties } from '../../core/pagination.schema.js';
import { E164_PATTERN, VehicleSchema } from '../shipments/shipment-input.schema.js';
import { MISSING_SIGNATURE_REASONS } from './stop-signatures.js';
import { STOP_STATUSES, TOUR_STATUSES } from './tour-status.js';

const strict = { additionalProperties: false } as const;
/** Languages the driver's app and messages have words for (many drivers read Polish); any other language of the spec's pattern falls back to English. */
export const DRIVER_LANGUAGES = ['en', 'nl', 'de', 'fr', 'pl'] as const;
export const STOP_KINDS = ['pickup', 'delivery', 'takeover'] as const;
/** A successive carrier's position in `successive_carriers` (box 17 has room for ten). */
const SuccessiveIndex = (description: string) => Type.Integer({ minimum: 0, maximum: 9, description });
export const MAX_STOPS = 100;

const DateString = (description: string) => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', format: 'date', description });
const Name = Type.String({ minLength: 1, maxLength: 200, description: 'Name or reference of the run, such as `R12 Venlo–Ruhr`.' });
const TourDate = DateString('Day of the run, `YYYY-MM-DD`.');

export const TourDriverSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    phone: Type.String({ pattern: E164_PATTERN, description: 'E.164, such as `+48601234567`; the phone the driver signs in with.' }),
    language: Type.Optional(
      Type.String({ pattern: '^[a-z]{2}$', description: "Language of the driver's app, SMS and pages (ISO 639-1, as the shipment's `driver.language`); `en` when absent. The app, the SMS and the pages speak English where they have no words in it (they have `en`, `nl`, `de`, `fr`, `pl`)." }),
    ),
  },
  { ...strict, $id: 'TourDriver', description: 'The driver of the run.' },
);

export const TourStopInputSchema = Type.Object(
  {
    shipment_id: IdString('shipment', { description: "A shipment of the organisation, in the key's mode, not cancelled." }),
    kind: StringEnum(STOP_KINDS, {
      description:
        'Picking the goods up, delivering them, or `takeover`: this tour\'s driver takes them over in transit for a successive carrier (box 17, CMR article 34) and signs for it. ' +
        'A tour that takes a shipment over does not also pick it up: the first carrier picks up on its own tour.',
    }),
    successive_index: Type.Optional(SuccessiveIndex('For `takeover` (and only then, where it is required): which successive carrier takes the goods over, its position in the shipment\'s `successive_carriers`, from 0.')),
  },
  { ...strict, $id: 'TourStopInput' },
);

const Stops = Type.Array(Type.Ref(TourStopInputSchema), {
  minItems: 1,
  maxItems: MAX_STOPS,
  description: 'The stops in driving order. A shipment appears at most once as pickup, once as delivery and once as the takeover of each successive carrier, its pickup or takeover before its delivery; a tour does not both pick up and take over the same shipment.',
});

export const TourInputSchema = Type.Object(
  { name: Name, date: TourDate, driver: Type.Ref(TourDriverSchema), vehicle: Type.Optional(Type.Ref(VehicleSchema)), stops: Stops },
  { ...strict, $id: 'TourInput' },
);
export type TourInput = Static<typeof TourInputSchema>;
export type TourDriver = Static<typeof TourDriverSchema>;
export type TourStopInput = Static<typeof TourStopInputSchema>;

export const TourPatchSchema = Type.Object(
  {
    name: Type.Optional(Name),
    date: Type.Optional(TourDate),
    driver: Type.Optional(Type.Ref(TourDriverSchema)),
    vehicle: Type.Optional(Type.Union([Type.Ref(VehicleSchema), Type.Null()], { description: 'null removes the vehicle from the tour (the shipments keep theirs).' })),
    stops: Type.Optional(Stops),
  },
  {
    ...strict,
    $id: 'TourPatch',
    description: 'The members given replace the tour\'s; those absent stay. `stops` is the whole new list: stops already done or skipped keep their status and must stay in it.',
  },
);
export type TourPatch = Static<typeof TourPatchSchema>;

export const TourStopSchema = Type.Object(
  {
    position: Type.Integer({ minimum: 1, description: 'Place in driving order, from 1 (`stops[position - 1]` in field errors).' }),
    shipment_id: Type.String({ description: 'The `shp_` id.' }),
    kind: StringEnum(STOP_KINDS),
    successive_index: Type.Optional(SuccessiveIndex('For `takeover`: the successive carrier\'s position in `successive_carriers`, from 0.')),
    status: StringEnum(STOP_STATUSES, { description: '`pending`, then `done` or `skipped` once (by the driver).' }),
    reason: Type.Union([Type.String(), Type.Null()], { description: 'Why the stop was skipped, or a note on the done stop.' }),
    completed_at: Type.Union([DateTimeString(), Type.Null()]),
    captured_at: Type.Optional(DateTimeString({ description: 'When the driver marked it on the phone (possibly offline, before `completed_at`); present when completed from the driver routes (docs/driver.md).' })),
  },
  { ...strict, $id: 'TourStop' },
);

export const TourSchema = Type.Object(
  {
    id: Type.String({ description: 'The `tour_` id.' }),
    mode: StringEnum(['test', 'live'] as const),
    status: StringEnum(TOUR_STATUSES, {
      description: '`planned` → `in_progress` (first stop done or skipped) → `completed` (every stop done or skipped); `cancelled` from `planned` or `in_progress`. `completed` and `cancelled` are final.',
    }),
    name: Type.String(),
    date: Type.String({ description: '`YYYY-MM-DD`.' }),
    driver: Type.Ref(TourDriverSchema),
    vehicle: Type.Union([Type.Ref(VehicleSchema), Type.Null()]),
    stops: Type.Array(Type.Ref(TourStopSchema)),
    warnings: Type.Array(Type.Ref('Finding'), {
      description: 'Shipments that kept their own `driver` or `vehicle` because their status no longer lets them change (`tour_assignment_kept`, path `$.stops[i].shipment_id`).',
    }),
    cancellation_reason: Type.Union([Type.String(), Type.Null()]),
    created_at: DateTimeString(),
    updated_at: DateTimeString(),
    started_at: Type.Union([DateTimeString(), Type.Null()]),
    completed_at: Type.Union([DateTimeString(), Type.Null()]),
    cancelled_at: Type.Union([DateTimeString(), Type.Null()]),
  },
  { $id: 'Tour', description: "One driver's run: several shipments' pickups and deliveries in driving order." },
);

export const TourPageSchema = PageOf(Type.Ref('Tour'), 'TourPage');

export const ListToursQuerySchema = Type.Object(
  {
    ...pageQueryProperties,
    date: Type.Optional(DateString('Only tours on this day.')),
    status: Type.Optional(StringEnum(TOUR_STATUSES)),
    driver_phone: Type.Optional(Type.String({ pattern: E164_PATTERN, description: 'Only tours of this driver (E.164, `+` encoded as `%2B`).' })),
  },
  strict,
);
export type ListToursQuery = Static<typeof ListToursQuerySchema>;

export const TourParamsSchema = Type.Object({ id: IdString('tour') }, strict);
export const TourStopParamsSchema = Type.Object({ id: IdString('tour'), position: Type.Integer({ minimum: 1, maximum: MAX_STOPS, description: "Place of the stop in driving order, from 1." }) }, strict);

export const CancelTourBodySchema = Type.Object(
  { reason: Type.Optional(Type.String({ minLength: 1, maxLength: 500, description: 'Why; kept on the tour and in the event.' })) },
  { ...strict, $id: 'CancelTour' },
);
export type CancelTourBody = Static<typeof CancelTourBodySchema>;

/** Why a stop is done without the signatures it needs (docs/tours.md); shared by the tours and driver routes. */
export const MissingSignaturesSchema = Type.Object(
  {
    reason: StringEnum(MISSING_SIGNATURE_REASONS, {
      description: '`party_absent` (the sender at a pickup, the consignee at a delivery), `signed_on_paper`, `refused_to_sign` or `other` (then `text` is required).',
    }),
    text: Type.Optional(Type.String({ minLength: 1, maxLength: 500, description: 'The driver\'s words; required for `other`.' })),
  },
  {
    ...strict,
    description:
      'With `outcome` `done`: closes the stop although signatures it needs are missing (pickup: carrier and consignor; delivery: consignee). Not at a `takeover`: without the successive carrier\'s signature nothing was taken over; skip the stop instead. Chained on the shipment as `stop.closed_unsigned` and printed on the next note version and on the proof of delivery. Ignored when nothing is missing.',
  },
);
export type MissingSignatures = Static<typeof MissingSignaturesSchema>;

export const CompleteStopBodySchema = Type.Object(
  {
    outcome: StringEnum(['done', 'skipped'] as const),
    reason: Type.Optional(Type.String({ minLength: 1, maxLength: 500, description: 'Required for `skipped`: why the stop was not served.' })),
    missing_signatures: Type.Optional(MissingSignaturesSchema),
  },
  { ...strict, $id: 'CompleteStop' },
);
export type CompleteStopBody = Static<typeof CompleteStopBodySchema>;
