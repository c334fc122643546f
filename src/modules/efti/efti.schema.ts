/** The eFTI dataset resource (service description, efti area). */
import { Type, type Static } from '@sinclair/typebox';

export const EftiUilSchema = Type.Object(
  {
    gate_id: Type.Union([Type.String(), Type.Null()], { description: 'The eFTI gate this platform registers its datasets with (EFTI_GATE_ID); null when no gate is configured.' }),
    platform_id: Type.Union([Type.String(), Type.Null()], { description: 'This platform\'s id at that gate (EFTI_PLATFORM_ID); null when no gate is configured.' }),
    dataset_id: Type.String({ format: 'uuid', description: 'UUID v4 made when the shipment was created, never reused.' }),
  },
  { $id: 'EftiUil', additionalProperties: false, description: 'The unique identifier link (Reg. (EU) 2020/1056): gate, platform and dataset.' },
);

export const EftiOmissionSchema = Type.Object(
  {
    efti_id: Type.String({ description: 'eFTI element id of the 2024/2024 Annex (`eFTI578`).' }),
    subset: Type.String({ description: 'The applicable subset that makes it mandatory.' }),
    path: Type.String({ description: 'Element path from the root, `consignment/…`.' }),
  },
  { $id: 'EftiOmission', additionalProperties: false },
);

export const EftiConsignmentSchema = Type.Object(
  {},
  {
    $id: 'EftiConsignment',
    additionalProperties: true,
    description:
      'The `consignment` of EFTI4EU consignment-common.xsd (v0.8) as JSON: keys are the XSD element names in sequence order; an element that may repeat is always an array; ' +
      'a leaf is its text, or `{"value": …, "<attribute>": …}` when it carries attributes (`unitId`, `formatId`, `schemeAgencyId`, `languageId`, `currencyId`).',
    examples: [{ carrierAcceptanceDateTime: { value: '202612010700+0000', formatId: '205' }, consignor: { name: ['Sender B.V.'] }, grossWeight: [{ value: '30', unitId: 'KGM' }] }],
  },
);

export const EftiDatasetSchema = Type.Object(
  {
    uil: Type.Ref(EftiUilSchema),
    subsets: Type.Array(Type.String(), { description: 'The subsets asked for (`subset`), in the order given; empty for the common dataset.' }),
    applicable_subsets: Type.Array(Type.String(), { description: 'The EU subsets this shipment falls under: EU01 always, EU03 cabotage, EU02 combined transport, EU05a dangerous goods not in limited quantity.' }),
    consignment: Type.Ref(EftiConsignmentSchema),
    omitted: Type.Array(Type.Ref(EftiOmissionSchema), { description: 'Mandatory elements of applicable subsets this shipment cannot fill (also the warning `efti_element_missing`).' }),
  },
  { $id: 'EftiDataset', additionalProperties: false },
);
export type EftiDataset = Static<typeof EftiDatasetSchema>;

export const EftiDatasetQuerySchema = Type.Object(
  {
    subset: Type.Optional(
      Type.Array(Type.String({ maxLength: 200 }), {
        maxItems: 200,
        description:
          'eFTI subset ids (`EU01`, `EU03`, `identifier`, national ones such as `NL03a`; case-sensitive), comma-separated or repeated. ' +
          'Only elements the XSD annotates for one of them are returned. Absent: the common dataset.',
      }),
    ),
  },
  { additionalProperties: false },
);
