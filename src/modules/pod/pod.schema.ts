/** Schema of the proof of delivery as JSON (its PDF is the same facts on one page). */
import { Type } from '@sinclair/typebox';
import { IdString, StringEnum } from '../../core/schema-types.js';
import { RemarkSchema } from '../remarks/remark.schema.js';
import { AddressSchema } from '../shipments/shipment-input.schema.js';
import { SignatureSchema } from '../signatures/signature.schema.js';

const Sha256 = Type.String({ pattern: '^[0-9a-f]{64}$' });

const PodPhotoSchema = Type.Object({
  document_id: IdString('document'),
  remark_id: IdString('remark', { description: 'The remark (reservation) the photo belongs to.' }),
  captured_at: Type.String({ format: 'date-time', description: 'When the photo was taken: the device\'s time when the remark came with one (the driver app, offline), else when the photo was uploaded.' }),
  content_type: Type.String({ description: 'As sniffed at upload: `image/jpeg`, `image/png`, `image/webp` or `image/heic`.' }),
  sha256: Sha256,
  width: Type.Union([Type.Integer(), Type.Null()], { description: 'Width in pixels as the file\'s header declares it; null when it cannot be read.' }),
  height: Type.Union([Type.Integer(), Type.Null()], { description: 'Height in pixels as the file\'s header declares it; null when it cannot be read.' }),
  url: Type.String({ description: 'Signed download link, no API key needed, until `url_expires_at` (15 minutes).' }),
  url_expires_at: Type.String({ format: 'date-time' }),
});

export const ProofOfDeliverySchema = Type.Object(
  {
    shipment_id: IdString('shipment'),
    reference: Type.Union([Type.String(), Type.Null()]),
    delivered_at: Type.String({ format: 'date-time', description: 'When the consignee signed, which delivered the shipment.' }),
    delivery: Type.Object({
      address: Type.Ref(AddressSchema, { description: 'The place designated for delivery (box 3).' }),
      coordinates: Type.Union([Type.Object({ lat: Type.Number(), lng: Type.Number(), accuracy_m: Type.Optional(Type.Number()) }), Type.Null()], {
        description: 'Where the consignee signed, when the signing device gave it.',
      }),
    }),
    consignee: Type.Object({
      name: Type.String({ description: 'The consignee party (box 2).' }),
      signature: Type.Ref(SignatureSchema, { description: 'The consignee\'s signature with its evidence: the version signed and its SHA-256, time, IP, user agent, location.' }),
    }),
    legs: Type.Array(
      Type.Object({
        position: Type.Integer({ minimum: 1, description: 'The leg\'s place in the carriage, from 1 (the carrier\'s, from pickup).' }),
        role: StringEnum(['carrier', 'successive_carrier'] as const),
        successive_index: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'For a successive carrier: its position in `successive_carriers`, from 0; null for the carrier.' }),
        carrier: Type.String({ description: 'Who carried this leg: the carrier (box 16) or the successive carrier (box 17).' }),
        signature_id: Type.Union([IdString('signature'), Type.Null()], { description: 'The signature with which it took the goods over.' }),
        taken_over_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When it took the goods over: pickup for the carrier, its signature for a successive carrier.' }),
        place: Type.Union([Type.String(), Type.Null()], { description: 'Where: the pickup address for the carrier, the place given with its signature for a successive carrier (null when not given).' }),
        reservations: Type.Array(
          Type.Object({
            remark_id: IdString('remark'),
            type: Type.String({ description: '`damage`, `shortage`, `delay` or `other`.' }),
            text: Type.Union([Type.String(), Type.Null()]),
            created_at: Type.String({ format: 'date-time' }),
            photo_document_ids: Type.Array(IdString('document')),
          }),
          { description: 'Its reservations on taking the goods over: the carrier\'s `pickup` remarks, a successive carrier\'s `takeover` remarks (CMR article 35). The same remarks are in `remarks` with their photos.' },
        ),
      }),
      { description: 'The legs of the carriage in the order the goods were taken over: the carrier\'s, then each successive carrier that signed for them (CMR article 34).' },
    ),
    remarks: Type.Array(
      Type.Object({ ...RemarkSchema.properties, photos: Type.Array(PodPhotoSchema, { description: 'The remark\'s photos, in the order of `photo_document_ids`.' }) }),
      { description: 'Every reservation, at pickup, at a takeover and at delivery, oldest first, with its photos as signed download links.' },
    ),
    unsigned_stops: Type.Array(
      Type.Object({
        kind: Type.String({ description: '`pickup` or `delivery`.' }),
        missing: Type.Array(Type.String(), { description: 'The roles that did not sign there: `carrier`, `consignor`, `consignee`.' }),
        reason: Type.String({ description: '`party_absent`, `signed_on_paper`, `refused_to_sign` or `other`.' }),
        text: Type.Union([Type.String(), Type.Null()], { description: 'The driver\'s words.' }),
        captured_at: Type.String({ format: 'date-time', description: 'When the driver closed the stop on the phone.' }),
        recorded_at: Type.String({ format: 'date-time', description: 'When the service received it.' }),
        event_id: Type.String({ description: 'The `stop.closed_unsigned` event in the shipment\'s chain.' }),
      }),
      { description: 'Stops the driver closed without the signatures they needed, with the reason given (docs/tours.md), oldest first.' },
    ),
    photos: Type.Array(PodPhotoSchema, {
      description: 'Every photo of every reservation, in the order of `remarks` and their `photo_document_ids`: the evidence the PDF shows as thumbnails with the same remark, capture time and SHA-256.',
    }),
    consignment_note: Type.Object(
      { document_id: IdString('document'), version: Type.Integer(), sha256: Sha256 },
      { description: 'The final version of the consignment note, with the consignee\'s signature.' },
    ),
    integrity: Type.Object(
      { seq: Type.Integer(), hash: Sha256 },
      { description: 'Head of the shipment\'s event chain: `GET /v1/shipments/{id}/integrity` verifies the chain up to it.' },
    ),
    document_id: Type.Union([IdString('document'), Type.Null()], { description: 'The PDF of this proof (kind `pod`) once it has been asked for with `Accept: application/pdf`; null before.' }),
  },
  { $id: 'ProofOfDelivery' },
);
