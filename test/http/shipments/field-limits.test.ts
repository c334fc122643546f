/**
 * Every field limit of the shipment input (service description: Shipment input, Party, Address,
 * Contact, Stop, Goods line with ADR, Vehicle, Combined transport, Driver, Charges), black-box
 * through the dry run `POST /v1/shipments/validate`: each case edits one field of `fullShipment()`
 * (after setting up the optional object it lives in) and expects either a valid result without
 * errors or exactly one schema finding, at the exact path, with the exact code and params.
 * A few cases go through `POST /v1/shipments` as well (422 `validation_failed`) and in Dutch.
 */
import { describe, expect, it } from 'vitest';
import type { ShipmentInput } from '../../../src/modules/shipments/shipment-input.schema.js';
import { SHIPMENT_PATHS } from '../../../src/modules/shipments/shipments.routes.js';
import { backends } from '../../support/backends.js';
import { expectProblem } from '../../support/problems.js';
import {
  REMOVE,
  SCHEMA_FINDING_CODES,
  setPath,
  SPEC_EQUIPMENT_CATEGORIES,
  SPEC_PACKAGE_TYPES,
  SPEC_PACKING_GROUPS,
  SPEC_PAYERS,
  SPEC_TRANSPORT_TYPES,
  type Json,
} from '../../support/shipment-arbitraries.js';
import { fullShipment, minimalShipment } from '../../support/shipment-fixtures.js';
import { shipmentSuite } from '../../support/shipment-suite.js';

type Edit = readonly [path: string, value: unknown];
interface Expected {
  path: string;
  code: string;
  params?: Record<string, unknown>;
}
interface Case {
  name: string;
  edits: readonly Edit[];
  /** Absent: the body must be valid, without errors. */
  error?: Expected;
}
interface Finding {
  path: string;
  code: string;
  message: string;
  params?: Record<string, unknown>;
}
interface ValidationBody {
  valid: boolean;
  errors: Finding[];
  warnings: Finding[];
  transport_type?: string;
}


function bodyWith(edits: readonly Edit[], base: () => ShipmentInput = fullShipment): Json {
  const body = base() as Json;
  for (const [path, value] of edits) setPath(body, path, value === REMOVE ? REMOVE : structuredClone(value));
  return body;
}

// ---------------------------------------------------------------------------------------------
// Where the optional objects live, and what sets them up.

const successor = (n: number) => ({
  name: `Rhein Cargo ${n} GmbH`,
  address: { street: `Am Hafen ${n}`, postal_code: '47119', city: 'Duisburg', country: 'DE' },
  vat_number: `DE1112223${String(n).padStart(2, '0')}`,
});
const WITH_SUCCESSOR: Edit[] = [['$.successive_carriers', [successor(1)]]];
const WITH_COMBINED: Edit[] = [['$.combined_transport', { sequence: 1, carried_unit: { id: 'MSKU1234565', category: 'CN' } }]];
const WITH_COD: Edit[] = [['$.charges.cash_on_delivery', { amount: '350.00', currency: 'EUR' }]];
const WITH_WASTE: Edit[] = [['$.waste', { notification_number: 'NL 123456', ewc_code: '070104*', description: 'Spent organic solvents' }]];
const WITH_PICKUP_COORDINATES: Edit[] = [['$.pickup.address.coordinates', { lat: 51.8856, lng: 4.4312 }]];

const PARTIES: [string, Edit[]][] = [['$.consignor', []], ['$.consignee', []], ['$.carrier', []], ['$.principal', []], ['$.successive_carriers[0]', WITH_SUCCESSOR]];
const ADDRESSES: [string, Edit[]][] = [...PARTIES.map(([p, ctx]): [string, Edit[]] => [`${p}.address`, ctx]), ['$.pickup.address', []], ['$.delivery.address', []]];
const CONTACTS: [string, Edit[]][] = [...PARTIES.map(([p, ctx]): [string, Edit[]] => [`${p}.contact`, ctx]), ['$.pickup.contact', []], ['$.delivery.contact', []]];
/** A country for each address that keeps the lane valid (the rules only warn about it). */
const OTHER_COUNTRY: Record<string, string> = {
  '$.consignor.address': 'BE',
  '$.consignee.address': 'AT',
  '$.carrier.address': 'BE',
  '$.principal.address': 'LU',
  '$.successive_carriers[0].address': 'PL',
  '$.pickup.address': 'BE',
  '$.delivery.address': 'AT',
};

// ---------------------------------------------------------------------------------------------
// Case builders.

/** Text of exactly n characters, different per field (so no two parties look alike to the rules). */
const fill = (at: string, n: number) => Array.from({ length: n }, (_, i) => at[i % at.length]).join('');

/** Every text field exactly at its maximum, collected for one body that must validate and be created. */
const AT_LIMIT: Edit[] = [];

function maxLength(at: string, limit: number, ctx: readonly Edit[] = []): Case[] {
  AT_LIMIT.push([at, fill(at, limit)]);
  return [
    { name: `${at} of ${limit} characters`, edits: [...ctx, [at, fill(at, limit)]] },
    { name: `${at} of ${limit + 1} characters`, edits: [...ctx, [at, fill(at, limit + 1)]], error: { path: at, code: 'too_long', params: { limit } } },
  ];
}

/** Required text of 1..limit characters: empty is too_short, absent is required. */
function requiredText(at: string, limit: number, ctx: readonly Edit[] = []): Case[] {
  const field = at.slice(at.lastIndexOf('.') + 1);
  return [
    ...maxLength(at, limit, ctx),
    { name: `${at} of 1 character`, edits: [...ctx, [at, 'x']] },
    { name: `${at} empty`, edits: [...ctx, [at, '']], error: { path: at, code: 'too_short', params: { limit: 1 } } },
    { name: `${at} absent`, edits: [...ctx, [at, REMOVE]], error: { path: at, code: 'required', params: { field } } },
  ];
}

function required(at: string, ctx: readonly Edit[] = []): Case {
  return { name: `${at} absent`, edits: [...ctx, [at, REMOVE]], error: { path: at, code: 'required', params: { field: at.slice(at.lastIndexOf('.') + 1) } } };
}

/**
 * A field the schema requires and a business rule also demands: the rule's finding, which names
 * its legal source, takes the place of the schema's `required` at that path (validate-shipment.ts).
 */
function requiredByRule(at: string, code: string, ctx: readonly Edit[] = []): Case {
  return { name: `${at} absent (rule ${code})`, edits: [...ctx, [at, REMOVE]], error: { path: at, code } };
}

function values(at: string, valid: readonly unknown[], invalid: readonly unknown[], ctx: readonly Edit[], error: Omit<Expected, 'path'>): Case[] {
  return [
    ...valid.map((v): Case => ({ name: `${at} = ${JSON.stringify(v)}`, edits: [...ctx, [at, v]] })),
    ...invalid.map((v): Case => ({ name: `${at} = ${JSON.stringify(v)} refused`, edits: [...ctx, [at, v]], error: { path: at, ...error } })),
  ];
}

const pattern = (at: string, valid: readonly unknown[], invalid: readonly unknown[], ctx: readonly Edit[] = []) => values(at, valid, invalid, ctx, { code: 'invalid_format' });
const email = (at: string, ctx: readonly Edit[] = []) =>
  values(at, ['a.b@example.com', 'x+tag@sub.example.eu'], ['not-an-email', 'a@', '@example.com', 'a b@example.com'], ctx, { code: 'invalid_format', params: { format: 'email' } });
const dateTime = (at: string, valid: readonly string[], invalid: readonly string[]) => values(at, valid, invalid, [], { code: 'invalid_format', params: { format: 'date-time' } });
const enumeration = (at: string, allowed: readonly string[], invalid: readonly unknown[], ctx: readonly Edit[] = []) =>
  values(at, allowed, invalid, ctx, { code: 'invalid_value', params: { allowed: [...allowed] } });
const wrongType = (at: string, value: unknown, ctx: readonly Edit[] = []): Case => ({ name: `${at} of the wrong type (${JSON.stringify(value)})`, edits: [...ctx, [at, value]], error: { path: at, code: 'invalid_type' } });
const outOfRange = (at: string, value: number, limit: number, ctx: readonly Edit[] = []): Case => ({
  name: `${at} = ${value} out of range`,
  edits: [...ctx, [at, value]],
  error: { path: at, code: 'out_of_range', params: { limit } },
});
const accepted = (at: string, value: unknown, ctx: readonly Edit[] = []): Case => ({ name: `${at} = ${JSON.stringify(value)}`, edits: [...ctx, [at, value]] });
const optional = (at: string, ctx: readonly Edit[] = []): Case => ({ name: `${at} absent (optional)`, edits: [...ctx, [at, REMOVE]] });
const unknownField = (object: string, ctx: readonly Edit[] = []): Case => ({
  name: `unknown field in ${object}`,
  edits: [...ctx, [`${object}.x_unknown`, 'surprise']],
  error: { path: `${object}.x_unknown`, code: 'unknown_field', params: { field: 'x_unknown' } },
});
const manyItems = (at: string, limit: number, item: (i: number) => unknown): Case[] => [
  { name: `${at} with ${limit} items`, edits: [[at, Array.from({ length: limit }, (_, i) => item(i))]] },
  { name: `${at} with ${limit + 1} items`, edits: [[at, Array.from({ length: limit + 1 }, (_, i) => item(i))]], error: { path: at, code: 'too_many_items', params: { limit } } },
];

const goodsLine = (i: number) => ({ description: `Spare parts, crate ${i + 1}`, quantity: 1, package_type: 'crate', gross_weight_kg: 25 });

// ---------------------------------------------------------------------------------------------
// The table.

const PHONES_VALID = ['+31612345678', '+316123456789012'];
const PHONES_INVALID = ['0612345678', '31612345678', '+0612345678', '+31 6 12345678', '+3161234567890123'];
const LANGUAGES_VALID = ['nl', 'de'];
const LANGUAGES_INVALID = ['NL', 'nld', 'n', 'n1'];
const ADR = '$.goods[2].adr';

const CASES: Case[] = [
  // Shipment input
  ...maxLength('$.reference', 100),
  ...maxLength('$.special_agreements', 2000),
  ...maxLength('$.sender_instructions', 2000),
  ...maxLength('$.documents_attached[0]', 200),
  ...maxLength('$.documents_attached[2]', 200),
  ...manyItems('$.documents_attached', 20, (i) => `Document ${i + 1}`),
  ...manyItems('$.successive_carriers', 10, (i) => successor(i + 1)),
  ...manyItems('$.goods', 200, goodsLine),
  { name: 'limits count characters, not bytes or UTF-16 units: 200 × 🚚 in consignor.name', edits: [['$.consignor.name', '🚚'.repeat(200)]] },
  { name: '201 × ß in consignor.name', edits: [['$.consignor.name', 'ß'.repeat(201)]], error: { path: '$.consignor.name', code: 'too_long', params: { limit: 200 } } },
  unknownField('$'),
  { name: 'unknown top-level field status', edits: [['$.status', 'delivered']], error: { path: '$.status', code: 'unknown_field', params: { field: 'status' } } },
  wrongType('$.reference', 123),
  wrongType('$.consignor', 'Sender B.V.'),
  wrongType('$.goods', { description: 'Books' }),
  wrongType('$.documents_attached', 'Packing list'),
  wrongType('$.documents_attached[1]', 42),

  // Party
  ...PARTIES.flatMap(([p, ctx]) => [
    ...requiredText(`${p}.name`, 200, ctx),
    required(`${p}.address`, ctx),
    ...maxLength(`${p}.vat_number`, 30, ctx),
    ...maxLength(`${p}.eori`, 20, ctx),
    ...maxLength(`${p}.registration_number`, 50, ctx),
    ...maxLength(`${p}.reference`, 100, ctx),
    unknownField(p, ctx),
  ]),

  // Address
  ...ADDRESSES.flatMap(([a, ctx]) => [
    ...requiredText(`${a}.street`, 200, ctx),
    ...maxLength(`${a}.additional`, 200, ctx),
    ...maxLength(`${a}.department`, 120, ctx),
    ...maxLength(`${a}.po_box`, 20, ctx),
    ...maxLength(`${a}.postal_code`, 20, ctx),
    ...requiredText(`${a}.city`, 120, ctx),
    ...maxLength(`${a}.country_subdivision`, 120, ctx),
    ...pattern(`${a}.country`, [OTHER_COUNTRY[a]!], ['nl', 'NLD', 'N', 'N1', ''], ctx),
    required(`${a}.country`, ctx),
    wrongType(`${a}.country`, 31, ctx),
    unknownField(a, ctx),
  ]),
  ...(
    [
      ['$.consignor.address.coordinates', []],
      ['$.pickup.address.coordinates', WITH_PICKUP_COORDINATES],
    ] as [string, Edit[]][]
  ).flatMap(([c, ctx]) => [
    ...[-90, 0, 90].map((v) => accepted(`${c}.lat`, v, ctx)),
    outOfRange(`${c}.lat`, -90.0001, -90, ctx),
    outOfRange(`${c}.lat`, 90.0001, 90, ctx),
    ...[-180, 180].map((v) => accepted(`${c}.lng`, v, ctx)),
    outOfRange(`${c}.lng`, -180.0001, -180, ctx),
    outOfRange(`${c}.lng`, 180.0001, 180, ctx),
    wrongType(`${c}.lat`, '51.88', ctx),
    required(`${c}.lat`, ctx),
    required(`${c}.lng`, ctx),
    unknownField(c, ctx),
  ]),

  // Contact
  ...CONTACTS.flatMap(([c, ctx]) => [
    ...maxLength(`${c}.name`, 200, ctx),
    ...email(`${c}.email`, ctx),
    ...pattern(`${c}.phone`, PHONES_VALID, PHONES_INVALID, ctx),
    ...pattern(`${c}.language`, LANGUAGES_VALID, LANGUAGES_INVALID, ctx),
    unknownField(c, ctx),
  ]),

  // Stop
  ...['$.pickup', '$.delivery'].flatMap((s) => [
    required(`${s}.address`),
    ...maxLength(`${s}.instructions`, 2000),
    required(`${s}.window.from`),
    optional(`${s}.window.to`),
    unknownField(s),
    unknownField(`${s}.window`),
  ]),
  optional('$.delivery.window'),
  ...dateTime('$.pickup.window.from', ['2026-12-01T07:00:00+01:00', '2026-12-01T06:30:00.250Z'], ['2026-12-01', '2026-12-01 07:00', 'tomorrow', '01-12-2026T07:00:00Z']),
  // Dates a lenient parser reads (midnight, or 30 February rolled over to 2 March) but RFC 3339 refuses:
  // the schedule rules must not compare them and hide the format finding behind an order finding.
  ...dateTime('$.pickup.window.to', ['2026-12-01T11:00:00+02:00'], ['2026-12-01', '09:00', '2026-02-30T09:00:00Z']),
  ...dateTime('$.delivery.window.from', ['2026-12-01T14:00:00+01:00'], ['2026-12-01', '2026-12-01 13:00', 'tomorrow', '2026-02-30T14:00:00Z']),
  ...dateTime('$.delivery.window.to', ['2026-12-01T16:00:00Z'], ['2026-12-01T16:00', '4pm']),

  // Goods line
  ...['$.goods[0]', '$.goods[2]'].flatMap((g) => [
    ...requiredText(`${g}.description`, 500),
    ...maxLength(`${g}.marks`, 200),
    accepted(`${g}.quantity`, 1),
    accepted(`${g}.quantity`, 1_000_000),
    outOfRange(`${g}.quantity`, 0, 1),
    outOfRange(`${g}.quantity`, -3, 1),
    wrongType(`${g}.quantity`, 1.5),
    wrongType(`${g}.quantity`, '3'),
    requiredByRule(`${g}.quantity`, 'goods_quantity_missing'),
    ...enumeration(`${g}.package_type`, SPEC_PACKAGE_TYPES, ['pallets', 'Pallet', 'barrel', '']),
    required(`${g}.package_type`),
    ...['gross_weight_kg', 'volume_m3'].flatMap((f) => [
      accepted(`${g}.${f}`, 0),
      accepted(`${g}.${f}`, 0.001),
      outOfRange(`${g}.${f}`, -0.01, 0),
      wrongType(`${g}.${f}`, '10'),
    ]),
    ...pattern(`${g}.hs_code`, ['1234', '1234567890'], ['123', '12345678901', '12a4', '1234 56']),
    wrongType(`${g}.hs_code`, 730791),
    unknownField(g),
  ]),
  { name: 'the issue: a third goods line weighing -1 kg', edits: [['$.goods[2].gross_weight_kg', -1]], error: { path: '$.goods[2].gross_weight_kg', code: 'out_of_range', params: { limit: 0 } } },
  ...pattern(`${ADR}.un_number`, ['1219', '1993'], ['123', '12345', 'UN12']),
  wrongType(`${ADR}.un_number`, 1219),
  ...maxLength(`${ADR}.class`, 10),
  ...enumeration(`${ADR}.packing_group`, SPEC_PACKING_GROUPS, ['IV', 'ii', 'I ']),
  ...maxLength(`${ADR}.proper_shipping_name`, 200),
  ...maxLength(`${ADR}.tunnel_code`, 10),
  accepted(`${ADR}.limited_quantity`, true),
  accepted(`${ADR}.environmentally_hazardous`, true),
  wrongType(`${ADR}.limited_quantity`, 'yes'),
  wrongType(`${ADR}.environmentally_hazardous`, 0),
  unknownField(ADR),

  // Vehicle
  ...requiredText('$.vehicle.plate', 20),
  ...maxLength('$.vehicle.trailer_plate', 20),
  ...pattern('$.vehicle.country', ['DE'], ['nl', 'NLD']),
  ...pattern('$.vehicle.trailer_country', ['PL'], ['pl', 'POL']),
  ...enumeration('$.vehicle.equipment_category', SPEC_EQUIPMENT_CATEGORIES, ['T8', 't1', 'XX', '']),
  unknownField('$.vehicle'),

  // Combined transport
  ...[1, 2, 99].map((v) => accepted('$.combined_transport.sequence', v, WITH_COMBINED)),
  outOfRange('$.combined_transport.sequence', 0, 1, WITH_COMBINED),
  outOfRange('$.combined_transport.sequence', 100, 99, WITH_COMBINED),
  wrongType('$.combined_transport.sequence', 1.5, WITH_COMBINED),
  optional('$.combined_transport.carried_unit', WITH_COMBINED),
  ...requiredText('$.combined_transport.carried_unit.id', 20, WITH_COMBINED),
  ...enumeration('$.combined_transport.carried_unit.category', SPEC_EQUIPMENT_CATEGORIES, ['T8', 'cn'], WITH_COMBINED),
  required('$.combined_transport.carried_unit.category', WITH_COMBINED),
  unknownField('$.combined_transport', WITH_COMBINED),
  unknownField('$.combined_transport.carried_unit', WITH_COMBINED),

  // Driver
  ...requiredText('$.driver.name', 200),
  ...pattern('$.driver.phone', PHONES_VALID, PHONES_INVALID),
  ...email('$.driver.email'),
  ...pattern('$.driver.language', LANGUAGES_VALID, LANGUAGES_INVALID),
  unknownField('$.driver'),

  // Charges
  ...(
    [
      ['$.charges.carriage', []],
      ['$.charges.cash_on_delivery', WITH_COD],
    ] as [string, Edit[]][]
  ).flatMap(([m, ctx]) => [
    ...pattern(`${m}.amount`, ['12.34', '-5.5', '1250', '0'], ['12.345', '12.', '1,50', '+5', 'abc', ''], ctx),
    wrongType(`${m}.amount`, 12.5, ctx),
    ...pattern(`${m}.currency`, ['USD', 'PLN'], ['eur', 'EURO', 'EU', '€'], ctx),
    m.endsWith('cash_on_delivery') ? requiredByRule(`${m}.amount`, 'cash_on_delivery_amount_missing', ctx) : required(`${m}.amount`, ctx),
    m.endsWith('cash_on_delivery') ? requiredByRule(`${m}.currency`, 'cash_on_delivery_currency_missing', ctx) : required(`${m}.currency`, ctx),
    unknownField(m, ctx),
  ]),
  ...enumeration('$.charges.payer', SPEC_PAYERS, ['carrier', 'Consignor']),
  unknownField('$.charges'),

  // Waste (fields beyond notification_number are left open by the spec; the schema names them)
  ...pattern('$.waste.notification_number', ['NL 123456', 'DE1234-567890'], ['nl 123456', '123456', 'NL 12'], WITH_WASTE),
  ...pattern('$.waste.ewc_code', ['150101', '160104*'], ['16 01 04', '16010'], WITH_WASTE),
  ...maxLength('$.waste.description', 500, WITH_WASTE),
  accepted('$.waste.annex_vii', true, [...WITH_WASTE, ['$.waste.notification_number', REMOVE]]),
  optional('$.waste.notification_number', [...WITH_WASTE, ['$.waste.annex_vii', true]]),
  wrongType('$.waste.annex_vii', 'true', WITH_WASTE),
  unknownField('$.waste', WITH_WASTE),
];

/** Cases that also go through the create and in Dutch. */
const PROBES = [
  'the issue: a third goods line weighing -1 kg',
  '$.reference of 101 characters',
  '$.consignor.address.country = "nl" refused',
  '$.goods[0].quantity of the wrong type (1.5)',
  'unknown top-level field status',
  '$.consignor.name absent',
  '$.goods[0].package_type = "pallets" refused',
  '$.driver.phone = "0612345678" refused',
  '$.goods with 201 items',
];

describe.each(backends())('shipment input field limits on $name', (backend) => {
  // Hundreds of calls in a few seconds from one key: lift the per-key rate limit.
  const s = shipmentSuite(backend, { env: { RATE_LIMIT_REQUESTS: '1000000' } });

  async function dryRun(body: unknown, language?: string): Promise<ValidationBody> {
    const headers = { ...s.t.auth(s.tenant.testKey), ...(language ? { 'accept-language': language } : {}) };
    const res = await s.t.app.inject({ method: 'POST', url: SHIPMENT_PATHS.validate, headers, payload: body as object });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  const describeFindings = (errors: Finding[]) => errors.map((f) => `${f.path} ${f.code}`).join('; ');

  it('the unchanged fixture is valid and international', async () => {
    expect(await dryRun(fullShipment())).toMatchObject({ valid: true, errors: [], transport_type: 'international' });
  });

  it.each(CASES)('$name', async ({ edits, error }) => {
    const result = await dryRun(bodyWith(edits));
    if (!error) {
      expect(result.errors, describeFindings(result.errors)).toEqual([]);
      expect(result.valid).toBe(true);
      return;
    }
    expect(result.valid).toBe(false);
    // Schema findings, and the rule finding a case expects in place of `required`.
    const schemaFindings = result.errors.filter((f) => SCHEMA_FINDING_CODES.has(f.code) || f.code === error.code);
    expect(schemaFindings.map((f) => ({ path: f.path, code: f.code })), describeFindings(result.errors)).toEqual([{ path: error.path, code: error.code }]);
    expect(schemaFindings[0]!.message).toMatch(/\S/);
    if (error.params) expect(schemaFindings[0]!.params).toMatchObject(error.params);
  });

  it('one body with every text field at its maximum validates and is created', async () => {
    const body = bodyWith([...WITH_SUCCESSOR, ...WITH_COMBINED, ...WITH_COD, ...WITH_WASTE, ...AT_LIMIT]);
    expect(await dryRun(body)).toMatchObject({ valid: true, errors: [] });
    const res = await s.t.app.inject({ method: 'POST', url: SHIPMENT_PATHS.collection, headers: s.t.auth(s.tenant.testKey), payload: body });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ reference: fill('$.reference', 100), special_agreements: fill('$.special_agreements', 2000), waste: { description: fill('$.waste.description', 500) } });
  });

  it.each(PROBES)('create refuses like the dry run, and in Dutch: %s', async (name) => {
    const probe = CASES.find((c) => c.name === name);
    if (!probe?.error) throw new Error(`no refused case named ${name}`);
    const { path, code } = probe.error;
    const body = bodyWith(probe.edits);
    const english = (await dryRun(body)).errors.find((f) => f.path === path && f.code === code);
    const dutch = (await dryRun(body, 'nl')).errors.find((f) => f.path === path && f.code === code);
    expect(english).toBeDefined();
    expect(dutch).toBeDefined();
    expect(dutch!.message).not.toEqual(english!.message);
    for (const [language, expected] of [[undefined, english!], ['nl', dutch!]] as const) {
      const headers = { ...s.t.auth(s.tenant.testKey), ...(language ? { 'accept-language': language } : {}) };
      const res = await s.t.app.inject({ method: 'POST', url: SHIPMENT_PATHS.collection, headers, payload: body });
      const problem = expectProblem(res, 'validation_failed');
      expect(problem.errors).toContainEqual(expected);
    }
  });

  describe('transport_type: each value accepted where the lane derives it, an unknown one refused', () => {
    const lanes: [(typeof SPEC_TRANSPORT_TYPES)[number], () => ShipmentInput][] = [
      ['national', minimalShipment],
      ['international', fullShipment],
      ['cabotage', () => bodyWith([['$.carrier.address.country', 'DE']], minimalShipment) as ShipmentInput],
      ['combined', () => bodyWith(WITH_COMBINED) as ShipmentInput],
    ];
    it('covers every value of the spec', () => {
      expect(lanes.map(([type]) => type)).toEqual([...SPEC_TRANSPORT_TYPES]);
    });

    it.each(lanes)('%s', async (type, base) => {
      expect((await dryRun(base())).transport_type).toBe(type);
      const stated = await dryRun(bodyWith([['$.transport_type', type]], base));
      expect(stated.errors, describeFindings(stated.errors)).toEqual([]);
      expect(stated).toMatchObject({ valid: true, transport_type: type });
      const unknown = await dryRun(bodyWith([['$.transport_type', 'road']], base));
      expect(unknown.valid).toBe(false);
      expect(unknown.errors.filter((f) => SCHEMA_FINDING_CODES.has(f.code))).toMatchObject([
        { path: '$.transport_type', code: 'invalid_value', params: { allowed: [...SPEC_TRANSPORT_TYPES] } },
      ]);
    });
  });
});
