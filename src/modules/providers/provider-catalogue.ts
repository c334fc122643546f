/**
 * The catalogue of eCMR providers this service knows: data files in
 * catalogue/*.json, reviewed like code, checked against this schema when first read. A claim
 * about a vendor carries its `basis` (its published API, or only the vendor's own statements) and
 * `sources`; what is not verified stays `unknown`. Whether a provider is enabled is configuration
 * (PROVIDER_<ID>_*, src/config.ts), never this file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import { documentValidator } from '../../core/json-validation.js';
import { projectRoot } from '../../core/project-root.js';
import { StringEnum } from '../../core/schema-types.js';

/** The adapters built (src/adapters/ecmr-provider/); a provider whose API has none cannot be enabled. */
export const PROVIDER_ADAPTERS = ['olf-ecmr'] as const;
export type ProviderAdapterName = (typeof PROVIDER_ADAPTERS)[number];

const FACT_STATUS = ['yes', 'no', 'unknown'] as const;

export const ProviderWebhookSchemeSchema = Type.Object(
  {
    signature_header: Type.String({ description: 'Header carrying the signature, lower case.' }),
    timestamp_header: Type.String({ description: 'Header carrying the signing time, Unix seconds.' }),
    algorithm: StringEnum(['hmac-sha256'] as const),
    signed_payload: StringEnum(['timestamp.body'] as const, { description: 'What is signed: the timestamp, a dot, then the raw body bytes.' }),
    encoding: StringEnum(['hex', 'base64'] as const),
    tolerance_s: Type.Integer({ minimum: 30, maximum: 3600, description: 'How far the timestamp may be from our clock; event ids are kept at least this long against replays.' }),
  },
  { additionalProperties: false, $id: 'ProviderWebhookScheme', description: "How the provider signs the webhooks it sends (its secret is this deployment's PROVIDER_<ID>_WEBHOOK_SECRET)." },
);

const CatalogueEntrySchema = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' }),
    name: Type.String({ minLength: 1 }),
    operator: Type.String({ minLength: 1 }),
    website: Type.String({ pattern: '^https://' }),
    adapter: Type.Union([StringEnum(PROVIDER_ADAPTERS), Type.Null()]),
    basis: StringEnum(['published_api', 'declared_by_vendor'] as const),
    capabilities: Type.Object(
      {
        document_types: Type.Array(Type.String()),
        signature_methods: Type.Array(Type.String()),
        countries: Type.Union([Type.Array(Type.String({ pattern: '^[A-Z]{2}$' })), Type.Null()]),
        benelux_accreditation: StringEnum(FACT_STATUS),
        efti_certification: StringEnum(FACT_STATUS),
        api_style: Type.String({ minLength: 1 }),
      },
      { additionalProperties: false },
    ),
    /** The provider's own note statuses → our shipment status (null: no transition of ours). */
    statuses: Type.Record(Type.String(), Type.Union([StringEnum(['in_transit', 'delivered'] as const), Type.Null()])),
    webhook: Type.Union([ProviderWebhookSchemeSchema, Type.Null()]),
    notes: Type.String(),
    sources: Type.Array(Type.Object({ title: Type.String({ minLength: 1 }), url: Type.String({ pattern: '^https://' }) }, { additionalProperties: false }), { minItems: 1 }),
  },
  { additionalProperties: false, $id: 'ProviderCatalogueEntry' },
);

export type CatalogueEntry = Static<typeof CatalogueEntrySchema>;
export type ProviderWebhookScheme = Static<typeof ProviderWebhookSchemeSchema>;

let entries: readonly CatalogueEntry[] | undefined;

/** Every provider of the catalogue, by id; throws at first read when a data file does not validate. */
export function providerCatalogue(): readonly CatalogueEntry[] {
  if (entries) return entries;
  const dir = join(projectRoot(), 'src', 'modules', 'providers', 'catalogue');
  const validate = documentValidator([CatalogueEntrySchema], 'ProviderCatalogueEntry');
  const read = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => {
      const value: unknown = JSON.parse(readFileSync(join(dir, file), 'utf8'));
      const [problem] = validate(value);
      if (problem) throw new Error(`provider catalogue ${file}: ${problem.path} ${problem.message}`);
      const entry = value as CatalogueEntry;
      if (`${entry.id}.json` !== file) throw new Error(`provider catalogue ${file}: the file is named after the id (${entry.id}.json)`);
      return entry;
    });
  entries = read;
  return read;
}

export function catalogueEntry(id: string): CatalogueEntry | undefined {
  return providerCatalogue().find((p) => p.id === id);
}

/** The configuration name of a provider id: `olf-ecmr` → `OLF_ECMR` (PROVIDER_OLF_ECMR_BASE_URL…). */
export function providerEnvName(id: string): string {
  return id.toUpperCase().replace(/-/g, '_');
}
