/** Schemas of the driver routes (docs/driver.md): sign-in, the session, the driver's tours, the actions, and the organisation's view of sessions. */
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeString, IdString, StringEnum } from '../../core/schema-types.js';
import { PageOf, pageQueryProperties } from '../../core/pagination.schema.js';
import { MAX_REMARK_PHOTOS, PhotoDataUrl, RemarkType, Text } from '../remarks/remark.schema.js';
import { E164_PATTERN } from '../shipments/shipment-input.schema.js';
import { MissingSignaturesSchema, STOP_KINDS } from '../tours/tour.schema.js';
import { STOP_STATUSES, TOUR_STATUSES } from '../tours/tour-status.js';

const strict = { additionalProperties: false } as const;
const open = { additionalProperties: true } as const;
const Phone = Type.String({ pattern: E164_PATTERN, description: 'E.164, such as `+48601234567`: the phone a tour names as its driver\'s.' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const CapturedAt = Type.Optional(
  DateTimeString({ description: 'When the driver did it on the phone (possibly offline): at most 5 minutes ahead of the service, at most 24 hours ago; absent: now. Kept beside the receive time.' }),
);

export const DriverSignInSchema = Type.Object({ phone: Phone }, { ...strict, $id: 'DriverSignIn' });
export type DriverSignIn = Static<typeof DriverSignInSchema>;

export const DriverSignInAnswerSchema = Type.Object(
  {
    status: Type.Literal('code_sent', { description: 'Always `code_sent`: the answer says nothing about whether the phone has work.' }),
    expires_at: DateTimeString({ description: 'A code sent now works until then (10 minutes).' }),
  },
  { $id: 'DriverSignInAnswer' },
);

export const DriverSessionInputSchema = Type.Object(
  { phone: Phone, code: Type.String({ pattern: '^\\d{6}$', description: 'The six-digit code of the SMS. There is no fixed sandbox code: a sandbox session comes from `POST /v1/test/driver-sessions`.' }) },
  { ...strict, $id: 'DriverSessionInput' },
);
export type DriverSessionInput = Static<typeof DriverSessionInputSchema>;

export const SandboxDriverSessionInputSchema = Type.Object({ phone: Phone }, { ...strict, $id: 'SandboxDriverSessionInput' });
export type SandboxDriverSessionInput = Static<typeof SandboxDriverSessionInputSchema>;

export const DriverSessionCreatedSchema = Type.Object(
  {
    token: Type.String({ description: 'The session\'s bearer token (`dt_…`), shown once; `POST /v1/driver/sessions` also sets it as the `fds_driver` cookie.' }),
    expires_at: DateTimeString({ description: 'Exactly 12 hours after sign-in; not extended by use.' }),
    session_id: IdString('driver_session'),
  },
  { $id: 'DriverSessionCreated' },
);

export const DriverSessionInfoSchema = Type.Object(
  {
    id: IdString('driver_session'),
    phone: Type.String(),
    created_at: DateTimeString(),
    expires_at: DateTimeString(),
    organizations: Type.Array(Type.Object({ organization_id: Type.String(), name: Nullable(Type.String()), mode: StringEnum(['test', 'live'] as const) }), {
      description: 'The organisations and modes whose work the session sees (grants not revoked).',
    }),
  },
  { $id: 'DriverSessionInfo' },
);

const Todo = StringEnum(['sign_carrier', 'sign_takeover', 'handoff_consignor', 'handoff_consignee', 'remark', 'complete'] as const);

export const DriverStopSchema = Type.Object(
  {
    position: Type.Integer({ minimum: 1 }),
    kind: StringEnum(STOP_KINDS, { description: '`takeover`: the driver takes the goods over in transit for the successive carrier `takeover` names, and signs for it.' }),
    takeover: Nullable(
      Type.Object(
        {
          successive_index: Type.Integer({ minimum: 0, description: "The successive carrier's position in `successive_carriers`, from 0 (box 17 numbers it from 1)." }),
          carrier: Nullable(Type.String({ description: 'The successive carrier the driver signs for.' })),
          from_carrier: Nullable(Type.String({ description: 'The carrier the goods are taken over from (box 16).' })),
          signed: Type.Boolean({ description: 'The successive carrier has signed: the takeover is done.' }),
          place: Nullable(Type.String({ description: 'Where it took the goods over, as given with its signature.' })),
        },
        { description: 'At a `takeover` stop; null at the others.' },
      ),
    ),
    stopped: Nullable(
      Type.Object(
        {
          instruction_id: Type.String(),
          text: Nullable(Type.String({ description: "The instruction's words: where and how long." })),
          accepted_at: DateTimeString(),
        },
        { description: 'The goods are stopped by an accepted disposal instruction (`stop`): do not deliver; await the next instruction. Null otherwise.' },
      ),
    ),
    status: StringEnum(STOP_STATUSES),
    reason: Nullable(Type.String()),
    completed_at: Nullable(DateTimeString()),
    captured_at: Nullable(DateTimeString({ description: 'When the driver marked it on the phone.' })),
    shipment: Type.Object({
      id: IdString('shipment'),
      reference: Nullable(Type.String()),
      status: Type.String(),
      consignor: Type.Object({ name: Nullable(Type.String()) }),
      consignee: Type.Object({ name: Nullable(Type.String()) }),
    }),
    place: Type.Object(
      {
        name: Nullable(Type.String({ description: 'The consignor (pickup) or consignee (delivery).' })),
        address: Nullable(Type.Object({}, { ...open, description: 'The stop\'s address (an `Address` without its coordinates).' })),
        coordinates: Nullable(Type.Object({ lat: Type.Number(), lng: Type.Number() })),
        window: Nullable(Type.Object({ from: Type.String(), to: Type.Optional(Type.String()) }, { description: 'UTC, as the shipment has it; the app prints it in `time_zone`.' })),
        time_zone: Type.String({ description: "IANA zone of the place (its address's `time_zone`, else its country's): the app prints the stop's times on this wall clock, not the phone's." }),
        time_zone_names: Type.Record(Type.String(), Type.String(), {
          description: 'The names the zone goes by that year, by UTC offset (`{"+01:00": "CET", "+02:00": "CEST"}`); an offset not listed prints as `UTC+hh:mm`.',
        }),
        contact: Nullable(Type.Object({ name: Nullable(Type.String()), phone: Nullable(Type.String()), email: Nullable(Type.String()) })),
        instructions: Nullable(Type.String()),
      },
      { description: 'Where to drive: the shipment\'s `pickup` or `delivery` stop, its party\'s address and contact where the stop has none.' },
    ),
    goods: Type.Object({
      lines: Type.Array(
        Type.Object({ description: Nullable(Type.String()), quantity: Nullable(Type.Integer()), package_type: Nullable(Type.String()), gross_weight_kg: Nullable(Type.Number()) }),
      ),
      packages: Type.Integer(),
      gross_weight_kg: Nullable(Type.Number()),
    }),
    adr: Type.Object({
      dangerous_goods: Type.Boolean({ description: 'A goods line declares ADR goods not carried as limited quantity.' }),
      un_numbers: Type.Array(Type.String()),
      classes: Type.Array(Type.String()),
      tunnel_codes: Type.Array(Type.String()),
    }),
    note: Nullable(
      Type.Object(
        {
          document_id: IdString('document'),
          version: Type.Integer(),
          sha256: Type.String(),
          download_url: Type.String({ description: 'Signed link to the PDF; needs no credential.' }),
          download_expires_at: DateTimeString(),
        },
        { description: 'The current consignment-note version; null before the shipment is issued.' },
      ),
    ),
    signatures: Type.Object({ consignor: Type.Boolean(), carrier: Type.Boolean(), consignee: Type.Boolean(), successive_carrier: Type.Boolean({ description: 'At a takeover: its successive carrier has signed.' }) }),
    todo: Type.Array(Todo, { description: 'What is still to do at this stop, in order; empty once it is through.' }),
    checklist: Type.Object(
      {
        signatures: Type.Array(
          Type.Object({
            role: StringEnum(['carrier', 'consignor', 'consignee', 'successive_carrier'] as const),
            signed: Type.Boolean(),
            signer_name: Nullable(Type.String()),
            signed_at: Nullable(DateTimeString({ description: 'When it was signed on the device (the capture time when it was queued offline).' })),
            level: Nullable(Type.String({ description: '`platform_auth`, `ades` or `qes`.' })),
          }),
          { description: 'Each signature the stop needs: carrier and consignor at a pickup, the consignee at a delivery, the successive carrier at a takeover.' },
        ),
        remarks: Type.Array(
          Type.Object({
            id: Type.String(),
            type: Type.String(),
            text: Nullable(Type.String()),
            created_at: DateTimeString(),
            photos: Type.Array(Type.Object({ document_id: IdString('document'), url: Type.String({ description: 'GET it with the driver session: `GET /v1/driver/shipments/{id}/photos/{document_id}`.' }) })),
          }),
          { description: 'The remarks made in this stop\'s phase (at a takeover, that successive carrier\'s), oldest first.' },
        ),
        note_version: Nullable(Type.Integer({ description: 'The current note version.' })),
      },
      { description: 'What is done and what is missing at the stop (docs/driver.md).' },
    ),
  },
  { $id: 'DriverStop' },
);

export const DriverTourSchema = Type.Object(
  {
    id: IdString('tour'),
    organization_id: Type.String(),
    organization_name: Nullable(Type.String()),
    mode: StringEnum(['test', 'live'] as const),
    name: Type.String(),
    date: Type.String({ format: 'date' }),
    today: Type.Boolean({ description: '`date` is the current UTC date.' }),
    status: StringEnum(TOUR_STATUSES),
    driver: Type.Object({ name: Type.String(), phone: Type.String(), language: Type.Optional(Type.String()) }),
    vehicle: Nullable(Type.Object({}, open)),
    next_stop_position: Nullable(Type.Integer({ minimum: 1, description: 'The first pending stop.' })),
    stops: Type.Array(Type.Ref('DriverStop')),
  },
  { $id: 'DriverTour', description: 'A tour as its driver sees it (docs/driver.md).' },
);

export const DriverTourListSchema = PageOf(Type.Ref('DriverTour'), 'DriverTourList');

export const ListDriverToursQuerySchema = Type.Object(
  {
    ...pageQueryProperties,
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50, description: 'Page size, 1-100.' })),
    order: Type.Optional(StringEnum(['asc', 'desc'] as const, { description: 'Soonest date first (`asc`, the default here) or latest first.' })),
  },
  strict,
);
export type ListDriverToursQuery = Static<typeof ListDriverToursQuerySchema>;

export const DriverSignatureSchema = Type.Object(
  {
    role: Type.Optional(
      StringEnum(['carrier', 'consignor', 'consignee', 'successive_carrier'] as const, {
        description:
          '`carrier` (default): the driver signs for the carrier at pickup. `consignor`/`consignee`: the person the driver handed the phone to signs in the app. `successive_carrier`: the driver signs the takeover for the successive carrier its takeover stop names.',
      }),
    ),
    place: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'For `successive_carrier`: where the goods are taken over (box 17); absent, the `location` as "lat, lng". One of them is required there; other roles take none.' }),
    ),
    signature: Type.Union(
      [
        Type.Object({ type: Type.Literal('drawn'), image: Type.String({ maxLength: 700_000, description: 'PNG data URL (`data:image/png;base64,…`), at most 512 KB and at most 4 megapixels (4,000,000 pixels, 4,096 a side, read from its header before anything decodes it; more is 422 `validation_failed` with an `image_too_large` finding on `$.signature.image`).' }) }, strict),
        Type.Object({ type: Type.Literal('typed') }, strict),
      ],
      { description: 'Drawn on the screen, or the typed name.' },
    ),
    signer_name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Defaults to the tour\'s driver name for `carrier`; required for `consignor` and `consignee`.' })),
    document_id: IdString('document', { description: 'The note version shown (the stop\'s `note`); a newer one is 409 `conflict`.' }),
    document_sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
    location: Type.Optional(
      Type.Object({ lat: Type.Number({ minimum: -90, maximum: 90 }), lng: Type.Number({ minimum: -180, maximum: 180 }), accuracy_m: Type.Optional(Type.Number({ minimum: 0 })) }, strict),
    ),
    captured_at: CapturedAt,
  },
  { ...strict, $id: 'DriverSignature' },
);
export type DriverSignatureBody = Static<typeof DriverSignatureSchema>;

export const DriverHandoffSchema = Type.Object(
  { role: StringEnum(['consignor', 'consignee'] as const, { description: '`consignor` at pickup (shipment `issued`), `consignee` at delivery (`in_transit`).' }), captured_at: CapturedAt },
  { ...strict, $id: 'DriverHandoff' },
);
export type DriverHandoffBody = Static<typeof DriverHandoffSchema>;

export const DriverHandoffAnswerSchema = Type.Object(
  {
    request_id: IdString('signature_request'),
    url: Type.String({ description: 'The sign link to open on the phone at once.' }),
    expires_at: DateTimeString({ description: '15 minutes.' }),
  },
  { $id: 'DriverHandoffAnswer' },
);

export const DriverRemarkSchema = Type.Object(
  {
    phase: StringEnum(['pickup', 'delivery', 'takeover'] as const, {
      description:
        '`pickup`: the carrier\'s reservations on taking the goods over (box 18), while the shipment is `issued`. `delivery`: the consignee\'s reservations, while it is `in_transit`. ' +
        '`takeover`: the successive carrier\'s reservations at a takeover stop of the driver\'s tour, while `in_transit` and before its driver signs (CMR article 35).',
    }),
    type: RemarkType,
    text: Type.Optional(Text),
    photos: Type.Optional(
      Type.Array(PhotoDataUrl, {
        maxItems: MAX_REMARK_PHOTOS,
      }),
    ),
    captured_at: CapturedAt,
  },
  { ...strict, $id: 'DriverRemark' },
);
export type DriverRemarkBody = Static<typeof DriverRemarkSchema>;

export const DriverCompleteStopSchema = Type.Object(
  {
    outcome: StringEnum(['done', 'skipped'] as const),
    reason: Type.Optional(Type.String({ minLength: 1, maxLength: 500, description: 'Required for `skipped`.' })),
    missing_signatures: Type.Optional(MissingSignaturesSchema),
    captured_at: CapturedAt,
  },
  { ...strict, $id: 'DriverCompleteStop' },
);
export type DriverCompleteStopBody = Static<typeof DriverCompleteStopSchema>;

export const DriverShipmentParamsSchema = Type.Object({ id: IdString('shipment') }, strict);
export const DriverPhotoParamsSchema = Type.Object({ id: IdString('shipment'), document_id: IdString('document') }, strict);
export const DriverTourParamsSchema = Type.Object({ id: IdString('tour') }, strict);
export const DriverStopParamsSchema = Type.Object({ id: IdString('tour'), position: Type.Integer({ minimum: 1, maximum: 100 }) }, strict);

export const DriverSessionSchema = Type.Object(
  {
    id: IdString('driver_session'),
    phone: Type.String(),
    created_at: DateTimeString(),
    expires_at: DateTimeString(),
    status: StringEnum(['active', 'expired', 'signed_out', 'revoked'] as const, { description: '`revoked`: this organisation (in this mode) revoked its grant.' }),
    revoked_at: Nullable(DateTimeString()),
    last_seen_at: Nullable(DateTimeString({ description: 'When the session last made a request (kept to the minute); null before its first.' })),
  },
  { $id: 'DriverSession', description: 'A driver session holding a grant of the organisation and mode (docs/driver.md).' },
);
export const DriverSessionPageSchema = PageOf(Type.Ref(DriverSessionSchema), 'DriverSessionPage');

export const ListDriverSessionsQuerySchema = Type.Object(
  { ...pageQueryProperties, phone: Type.Optional(Phone) },
  strict,
);
export type ListDriverSessionsQuery = Static<typeof ListDriverSessionsQuerySchema>;
export const DriverSessionParamsSchema = Type.Object({ id: IdString('driver_session') }, strict);
