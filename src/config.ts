/**
 * Configuration: environment variables only, each with an embedded default (DESIGN, Stack), checked
 * at boot so a typo stops the start with a message instead of surfacing later.
 */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { isEuRegion } from './adapters/objects/eu-regions.js';
import type { ProviderConfig } from './ports/ecmr-provider.js';
import type { HttpLimits } from './config-http.js';
import { ConfigError } from './config-error.js';
import { eftiConfig, pemOrFile, type EftiConfig } from './config-efti.js';

const Environment = Type.Union([Type.Literal('development'), Type.Literal('test'), Type.Literal('production')]);
const Role = Type.Union([Type.Literal('all'), Type.Literal('api'), Type.Literal('worker')]);
const LogLevel = Type.Union(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)));

const EnvSchema = Type.Object({
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  HOST: Type.String({ default: '127.0.0.1' }),
  TRUST_PROXY: Type.Optional(Type.String({ pattern: '^([0-9]{1,2}|[0-9A-Fa-f.:/]+(\\s*,\\s*[0-9A-Fa-f.:/]+)*)$' })),
  HTTP_HEADERS_TIMEOUT_MS: Type.Integer({ minimum: 1000, default: 10_000 }),
  HTTP_REQUEST_TIMEOUT_MS: Type.Integer({ minimum: 1000, default: 120_000 }),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: Type.Integer({ minimum: 1000, default: 72_000 }),
  HTTP_CONNECTION_TIMEOUT_MS: Type.Integer({ minimum: 1000, default: 300_000 }),
  HTTP_TIMEOUT_CHECK_INTERVAL_MS: Type.Integer({ minimum: 100, default: 1000 }),
  HTTP_BODY_LIMIT_BYTES: Type.Integer({ minimum: 1024, default: 1024 * 1024 }),
  DATA_DIR: Type.String({ default: './data' }),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  MIGRATION_DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  DATABASE_SERVICE_ROLE: Type.Optional(Type.String({ pattern: '^[a-z_][a-z0-9_$]{0,62}$' })),
  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://' })),
  S3_ENDPOINT: Type.Optional(Type.String()),
  S3_REGION: Type.String({ default: 'eu-central-1' }),
  S3_BUCKET: Type.Optional(Type.String({ minLength: 3 })),
  S3_ACCESS_KEY_ID: Type.Optional(Type.String()),
  S3_SECRET_ACCESS_KEY: Type.Optional(Type.String()),
  PUBLIC_BASE_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  DOCS_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://' })),
  MAIL_FROM: Type.String({ default: 'Freight document service <no-reply@localhost>' }),
  SMS_URL: Type.Optional(Type.String({ pattern: '^https?://[^:/@]+:[^@]+@' })),
  SMS_FROM: Type.Optional(Type.String({ minLength: 1 })),
  QTSP_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  QTSP_TOKEN: Type.Optional(Type.String({ minLength: 1 })),
  QTSP_CREDENTIAL_ID: Type.Optional(Type.String({ minLength: 1 })),
  SEAL_PRIVATE_KEY: Type.Optional(Type.String()),
  SEAL_CERTIFICATE: Type.Optional(Type.String()),
  ENVIRONMENT: Type.Union([Environment], { default: 'development' }),
  ROLE: Type.Union([Role], { default: 'all' }),
  LOG_LEVEL: Type.Union([LogLevel], { default: 'info' }),
  RATE_LIMIT_REQUESTS: Type.Integer({ minimum: 1, default: 100 }),
  RATE_LIMIT_WINDOW_S: Type.Integer({ minimum: 1, default: 1 }),
  RATE_LIMIT_SHARE: Type.Integer({ minimum: 1, default: 100 }),
  AUTH_FAILURE_LIMIT: Type.Integer({ minimum: 1, default: 20 }),
  AUTH_FAILURE_WINDOW_S: Type.Integer({ minimum: 1, default: 60 }),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: Type.Union([Type.Literal('0'), Type.Literal('1')], { default: '0' }),
  RENDER_THREADS: Type.Optional(Type.Integer({ minimum: 1, maximum: 256 })),
  RENDER_QUEUE: Type.Integer({ minimum: 0, default: 100 }),
  RENDER_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 30_000 }),
  RENDER_NICE: Type.Integer({ minimum: 0, maximum: 19, default: 10 }),
  RENDER_THREADS_PER_ORGANISATION: Type.Optional(Type.Integer({ minimum: 1, maximum: 256 })),
  RENDER_MEMORY_MB: Type.Integer({ minimum: 64, default: 512 }),
  RENDER_RECYCLE_AFTER_JOBS: Type.Integer({ minimum: 0, default: 500 }),
  METRICS_PORT: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
  METRICS_HOST: Type.Optional(Type.String({ minLength: 1 })),
  METRICS_TOKEN: Type.Optional(Type.String({ minLength: 16 })),
  OTEL_EXPORTER_OTLP_ENDPOINT: Type.Optional(Type.String({ pattern: '^https?://' })),
  MIGRATE_ON_START: Type.Union([Type.Literal('0'), Type.Literal('1')], { default: '1' }),
  CHECKPOINT_INTERVAL_MINUTES: Type.Integer({ minimum: 0, maximum: 10_080, default: 60 }),
  INSPECTION_LINK_GRACE_DAYS: Type.Integer({ minimum: 0, maximum: 3650, default: 30 }),
  SIGNER_COPY_DAYS: Type.Integer({ minimum: 1, maximum: 3650, default: 30 }),
  EFTI_GATE_URL: Type.Optional(Type.String({ pattern: '^https://' })),
  EFTI_TEST_GATE_URL: Type.Optional(Type.String({ pattern: '^https://' })),
  EFTI_GATE_ID: Type.Optional(Type.String({ minLength: 1, maxLength: 255, pattern: '^\\S+$' })),
  EFTI_PLATFORM_ID: Type.Optional(Type.String({ minLength: 1, maxLength: 255, pattern: '^\\S+$' })),
  EFTI_CLIENT_CERT: Type.Optional(Type.String()),
  EFTI_CLIENT_KEY: Type.Optional(Type.String()),
  EFTI_GATE_CA: Type.Optional(Type.String()),
  EFTI_PLATFORM_PORT: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
  BOTCHECK_COST: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 5_000 }),
  BOTCHECK_TTL_S: Type.Integer({ minimum: 10, maximum: 3600, default: 600 }),
  VALIDATOR_RATE_LIMIT: Type.Integer({ minimum: 1, default: 10 }),
  CONTACT_RATE_LIMIT: Type.Integer({ minimum: 1, default: 5 }),
  CONTACT_RATE_WINDOW_S: Type.Integer({ minimum: 1, default: 3600 }),
  CORS_ORIGINS: Type.Optional(Type.String({ pattern: '^\\s*(\\*|https?://[^\\s,/]+(\\s*,\\s*https?://[^\\s,/]+)*)\\s*$' })),
  CONSOLE_SESSION_IDLE_HOURS: Type.Integer({ minimum: 1, maximum: 720, default: 12 }),
  CONSOLE_SESSION_MAX_DAYS: Type.Integer({ minimum: 1, maximum: 90, default: 7 }),
  MAGIC_LINK_ADDRESS_LIMIT: Type.Integer({ minimum: 1, default: 5 }),
  MAGIC_LINK_IP_LIMIT: Type.Integer({ minimum: 1, default: 30 }),
  MAGIC_LINK_WINDOW_S: Type.Integer({ minimum: 1, default: 3600 }),
  INVITATION_LIMIT: Type.Integer({ minimum: 1, default: 20 }),
  INVITATION_WINDOW_S: Type.Integer({ minimum: 1, default: 3600 }),
  BILLING_WEBHOOK_SECRET: Type.Optional(Type.String({ minLength: 16 })),
  DEV_OWNER_EMAIL: Type.String({ pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', default: 'dev@example.com' }),
  CONTACT_EMAIL: Type.Optional(Type.String({ pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' })),
});

/** The eFTI settings that go together: all of them, or none and `gate_status: "not_configured"`. */
export type Environment = Static<typeof Environment>;
export type Role = Static<typeof Role>;

export interface Config {
  port: number;
  host: string;
  /**
   * Which peers' X-Forwarded-For to believe, so that the client address (signature evidence, the
   * failed-authentication limit, request logs) is the caller's and not the load balancer's: a
   * number of proxy hops, or the proxies' addresses and CIDR ranges. Unset: the peer is the client.
   */
  trustProxy?: number | string[];
  /** Time and size limits of the HTTP listeners (src/config-http.ts, docs/deploy.md). */
  http: HttpLimits;
  dataDir: string;
  databaseUrl?: string;
  /** The owner's URL, used to migrate (docs/deploy.md); absent: DATABASE_URL's role migrates too. */
  migrationDatabaseUrl?: string;
  /** The role the service runs as, granted its rights after migrating; set with migrationDatabaseUrl. */
  serviceRole?: string;
  redisUrl?: string;
  s3?: { endpoint?: string; region: string; bucket: string; accessKeyId?: string; secretAccessKey?: string };
  publicBaseUrl: string;
  docsUrl: string;
  smtpUrl?: string;
  /** The From of e-mail the service sends. */
  mailFrom: string;
  /** SMS over the Twilio Messages API (or one that speaks it): account and token in the URL, and the sender. */
  sms?: { url: string; from: string };
  /** The trust service provider (CSC API v2) for live `ades`/`qes` signatures; without it those answer `qtsp_unavailable`. */
  qtsp?: { url: string; token: string; credentialId: string };
  /** The platform certificate PDFs are sealed with (PEM); without it a self-signed one is made and kept. */
  seal?: { privateKeyPem: string; certificatePem: string };
  environment: Environment;
  /** Outside production: the console user the first start makes owner of its sandbox organisation. */
  devOwnerEmail?: string;
  role: Role;
  logLevel: string;
  /** `share`: most points of a key's budget a process takes from the key-value store at once (see rate-limit-shares.ts). */
  rateLimit: { requests: number; windowS: number; share: number };
  /** Failed authentications (a missing, malformed, unknown or revoked key) allowed per client IP and window; more is `rate_limited`. */
  authFailures: { limit: number; windowS: number };
  /** Webhook targets on private addresses and over http: for tests and local development only. */
  webhooks: { allowPrivateTargets: boolean };
  /**
   * The render-and-seal worker threads (DESIGN, Lifecycle): how many, how many jobs may wait for
   * one beyond those running (more is 503 `service_unavailable`), and how long one job may run
   * before its thread is replaced and its request answers `pdf_render_failed`; `nice` is how much
   * lower the threads' scheduling priority is than the event loop's (Linux, per thread), so that
   * rendering takes the CPU the requests leave and never delays them. `perOrganisation` is how many
   * of the threads one organisation's jobs may take at once (one fewer than all unless set), and
   * `memoryMb` each thread's JavaScript heap limit: a render past it fails alone, its thread is replaced.
   * `recycleAfterJobs`: renders per thread after which the threads are replaced (unset: never), so
   * what they keep of past renders outside their heap does not grow the process without end.
   */
  render: { threads: number; queue: number; timeoutMs: number; nice: number; perOrganisation: number; memoryMb: number; recycleAfterJobs?: number };
  /** Signed checkpoints of the hash chains (docs/audit-log.md): how often the schedule makes them; 0 leaves them to `POST /v1/audit-log/checkpoints`. */
  checkpoints: { intervalMinutes: number };
  /** `GET /metrics` (Prometheus) on a listener of its own, never the API port; absent when METRICS_PORT is unset. */
  metrics?: { port: number; host: string; token?: string };
  /** OpenTelemetry traces over OTLP/HTTP to this collector (the SDK reads its other OTEL_* variables itself); absent when unset. */
  tracing?: { endpoint: string };
  /**
   * Whether the process applies pending migrations as it starts (the default, so `npm start` works
   * on a fresh machine), or only checks that `npm run migrate` has brought the schema up to this
   * build and refuses to start otherwise (production with many processes: migrations are a step of
   * their own, run once before the new processes start).
   */
  migrateOnStart: boolean;
  /**
   * The inspection link behind the QR code keeps working this many days after the
   * shipment is delivered or cancelled (0: not after), then answers 410 `token_expired`.
   */
  inspection: { graceDays: number };
  /** Days a used sign link keeps opening the signer's copy after the signature (docs/signatures.md). */
  signerCopy: { days: number };
  /**
   * The public doors: the validator and the contact form take no API key but a solved
   * proof-of-work (ALTCHA, PBKDF2/SHA-256 at `botcheck.cost` iterations per try, a challenge valid
   * `botcheck.ttlS`), and each counts requests per client IP: the validator `validatorPerMinute` a
   * minute (the service description's 10), the contact form `contact.limit` per `contact.windowS`.
   * `corsOrigins`: the origins whose pages may call them from a browser (`*` for any); none by default.
   * `contactEmail`: where contact messages are e-mailed (through the notifier); unset, they are only stored.
   */
  publicDoors: { botcheck: { cost: number; ttlS: number }; validatorPerMinute: number; contact: { limit: number; windowS: number }; corsOrigins: string[]; contactEmail?: string };
  /**
   * The eFTI gate (Reg. (EU) 2020/1056; platform API of the EFTI4EU reference gate): where datasets
   * are registered over mutual TLS, the ids of the UIL, and the port of the platform listener the
   * gate calls back on. PEMs are read at start. Sandbox datasets go only to `testGateUrl`; without
   * it they are not sent. Absent when not configured: every shipment is `gate_status: "not_configured"`.
   */
  efti?: EftiConfig;
  /**
   * Console sign-in (docs/console-auth.md): a session ends `idleHours` after its last request or
   * `maxDays` after sign-in, whichever comes first. Magic links may be asked `addressLimit` times per
   * address and `ipLimit` times per client IP in `windowS`; an organisation may send `invitations.limit`
   * invitations per `invitations.windowS`. `secureCookie`: the session cookie is
   * `Secure` unless ENVIRONMENT=development or PUBLIC_BASE_URL is http (a browser would drop a
   * Secure cookie set over plain http).
   */
  /**
   * The billing provider (Stripe's webhook format): the signing secret of its webhook endpoint
   * (`whsec_…`). Absent: GET /v1/billing and POST /v1/billing/webhooks answer 503
   * `billing_not_configured`; usage is metered and shown either way.
   */
  billing?: { webhookSecret: string };
  console: { idleHours: number; maxDays: number; magicLinks: { addressLimit: number; ipLimit: number; windowS: number }; invitations: { limit: number; windowS: number }; secureCookie: boolean };
  /**
   * The eCMR providers this deployment can hand shipments to and hear back from (docs/providers.md),
   * by catalogue id: PROVIDER_<ID>_BASE_URL and PROVIDER_<ID>_API_KEY enable one (its adapter then
   * talks to it), PROVIDER_<ID>_ACCOUNT names the account or group notes are made in where its API
   * needs one, PROVIDER_<ID>_WEBHOOK_SECRET checks the webhooks it sends. Empty when none is set.
   */
  providers: Record<string, ProviderConfig>;
}

export type { ProviderConfig, EftiConfig };
export { ConfigError };
export { commonName } from './config-efti.js';

/** Reads and checks the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const known = Object.keys(EnvSchema.properties);
  const raw = Object.fromEntries(known.filter((k) => env[k] !== undefined && env[k] !== '').map((k) => [k, env[k]]));
  const converted = Value.Default(EnvSchema, Value.Convert(EnvSchema, raw));
  const problems = [...Value.Errors(EnvSchema, converted)].map((e) => `${e.path.slice(1)}: ${e.message}`);
  if (problems.length > 0) throw new ConfigError(`invalid configuration:\n  ${problems.join('\n  ')}`);
  const e = converted as Static<typeof EnvSchema>;
  // Conversion would read `1.5` as 1: a copy period is stated in whole days or not at all.
  const copyDays = env.SIGNER_COPY_DAYS;
  if (copyDays !== undefined && copyDays !== '' && !/^\s*[0-9]+\s*$/.test(copyDays)) throw new ConfigError(`SIGNER_COPY_DAYS=${copyDays} must be a whole number of days (1 to 3650): how long a signer's copy link works after signing`);

  if (e.ENVIRONMENT === 'production' && !e.DATABASE_URL) {
    throw new ConfigError('ENVIRONMENT=production needs DATABASE_URL: the embedded database is for trying the service, not for running it');
  }
  if (e.ROLE !== 'all' && !e.DATABASE_URL) {
    throw new ConfigError(`ROLE=${e.ROLE} runs one role in its own process, which needs DATABASE_URL (the embedded database serves one process)`);
  }
  const database = databaseRoles(e);
  if (e.ENVIRONMENT === 'production' && e.WEBHOOK_ALLOW_PRIVATE_TARGETS === '1') {
    throw new ConfigError('WEBHOOK_ALLOW_PRIVATE_TARGETS=1 lets webhooks reach private networks: it is for tests and local development, never for ENVIRONMENT=production');
  }
  if (e.ENVIRONMENT === 'production' && e.S3_BUCKET && !isEuRegion(e.S3_REGION)) {
    throw new ConfigError(`S3_REGION=${e.S3_REGION} is not an EU region: stored documents are kept in the EU (set an EU region such as eu-central-1)`);
  }
  if (Boolean(e.SEAL_PRIVATE_KEY) !== Boolean(e.SEAL_CERTIFICATE)) throw new ConfigError('SEAL_PRIVATE_KEY and SEAL_CERTIFICATE go together: the key and its certificate');
  if (e.ENVIRONMENT === 'production' && !e.SEAL_CERTIFICATE) {
    throw new ConfigError('ENVIRONMENT=production needs SEAL_PRIVATE_KEY and SEAL_CERTIFICATE: PDFs are sealed with the platform certificate, not a self-signed one');
  }
  if (Boolean(e.SMS_URL) !== Boolean(e.SMS_FROM)) throw new ConfigError('SMS_URL and SMS_FROM go together: the provider (https://ACCOUNT_SID:AUTH_TOKEN@api.twilio.com) and the sender number or name');
  const qtsp = [e.QTSP_URL, e.QTSP_TOKEN, e.QTSP_CREDENTIAL_ID];
  if (qtsp.some(Boolean) && !qtsp.every(Boolean)) throw new ConfigError('QTSP_URL, QTSP_TOKEN and QTSP_CREDENTIAL_ID go together: the provider, its bearer token and the credential to sign with');
  for (const [name, url] of [['SMS_URL', e.SMS_URL], ['QTSP_URL', e.QTSP_URL]] as const) {
    if (e.ENVIRONMENT === 'production' && url?.startsWith('http:')) throw new ConfigError(`${name} must be https with ENVIRONMENT=production: it carries credentials and personal data`);
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT && e.ROLE !== 'worker') {
    throw new ConfigError(`METRICS_PORT=${e.METRICS_PORT} is the API port: metrics are served on a port of their own, never beside the public API`);
  }
  // Node refuses a server whose header limit is longer than its request limit.
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) throw new ConfigError('HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS: the headers are part of the request');
  if (e.METRICS_TOKEN && e.METRICS_PORT === undefined) throw new ConfigError('METRICS_TOKEN guards the metrics port: set METRICS_PORT too, or metrics stay off');
  const efti = eftiConfig(e);
  if (efti && (efti.platformPort === e.PORT || efti.platformPort === e.METRICS_PORT) && efti.platformPort !== 0) {
    throw new ConfigError(`EFTI_PLATFORM_PORT=${efti.platformPort} is taken by the API or metrics: the gate's listener has a port of its own`);
  }
  const publicBaseUrl = (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const providers = providersConfig(env, e.ENVIRONMENT);
  return {
    port: e.PORT,
    host: e.HOST,
    trustProxy: trustedProxies(e.TRUST_PROXY),
    http: { headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS, requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS, keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      connectionTimeoutMs: e.HTTP_CONNECTION_TIMEOUT_MS, checkIntervalMs: e.HTTP_TIMEOUT_CHECK_INTERVAL_MS, bodyLimitBytes: e.HTTP_BODY_LIMIT_BYTES },
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    ...database,
    redisUrl: e.REDIS_URL,
    s3: e.S3_BUCKET
      ? { endpoint: e.S3_ENDPOINT, region: e.S3_REGION, bucket: e.S3_BUCKET, accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
      : undefined,
    publicBaseUrl,
    docsUrl: (e.DOCS_URL ?? `${publicBaseUrl}/docs`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sms: e.SMS_URL && e.SMS_FROM ? { url: e.SMS_URL, from: e.SMS_FROM } : undefined,
    qtsp: e.QTSP_URL && e.QTSP_TOKEN && e.QTSP_CREDENTIAL_ID ? { url: e.QTSP_URL, token: e.QTSP_TOKEN, credentialId: e.QTSP_CREDENTIAL_ID } : undefined,
    seal: e.SEAL_PRIVATE_KEY && e.SEAL_CERTIFICATE ? { privateKeyPem: pemOrFile(e.SEAL_PRIVATE_KEY), certificatePem: pemOrFile(e.SEAL_CERTIFICATE) } : undefined,
    environment: e.ENVIRONMENT,
    devOwnerEmail: e.ENVIRONMENT === 'production' ? undefined : e.DEV_OWNER_EMAIL,
    role: e.ROLE,
    logLevel: e.LOG_LEVEL,
    rateLimit: { requests: e.RATE_LIMIT_REQUESTS, windowS: e.RATE_LIMIT_WINDOW_S, share: e.RATE_LIMIT_SHARE },
    authFailures: { limit: e.AUTH_FAILURE_LIMIT, windowS: e.AUTH_FAILURE_WINDOW_S },
    webhooks: { allowPrivateTargets: e.WEBHOOK_ALLOW_PRIVATE_TARGETS === '1' },
    render: renderConfig(e),
    metrics: e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST ?? e.HOST, token: e.METRICS_TOKEN },
    tracing: e.OTEL_EXPORTER_OTLP_ENDPOINT ? { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT } : undefined,
    checkpoints: { intervalMinutes: e.CHECKPOINT_INTERVAL_MINUTES },
    migrateOnStart: e.MIGRATE_ON_START === '1',
    inspection: { graceDays: e.INSPECTION_LINK_GRACE_DAYS },
    signerCopy: { days: e.SIGNER_COPY_DAYS },
    publicDoors: {
      botcheck: { cost: e.BOTCHECK_COST, ttlS: e.BOTCHECK_TTL_S },
      validatorPerMinute: e.VALIDATOR_RATE_LIMIT,
      contact: { limit: e.CONTACT_RATE_LIMIT, windowS: e.CONTACT_RATE_WINDOW_S },
      corsOrigins: (e.CORS_ORIGINS ?? '').split(',').map((o) => o.trim().replace(/\/+$/, '')).filter(Boolean),
      contactEmail: e.CONTACT_EMAIL,
    },
    efti,
    ...(e.BILLING_WEBHOOK_SECRET ? { billing: { webhookSecret: e.BILLING_WEBHOOK_SECRET } } : {}),
    console: {
      idleHours: e.CONSOLE_SESSION_IDLE_HOURS,
      maxDays: e.CONSOLE_SESSION_MAX_DAYS,
      magicLinks: { addressLimit: e.MAGIC_LINK_ADDRESS_LIMIT, ipLimit: e.MAGIC_LINK_IP_LIMIT, windowS: e.MAGIC_LINK_WINDOW_S },
      invitations: { limit: e.INVITATION_LIMIT, windowS: e.INVITATION_WINDOW_S },
      secureCookie: e.ENVIRONMENT !== 'development' && publicBaseUrl.startsWith('https:'),
    },
    providers,
  };
}

/**
 * The two database roles (docs/deploy.md): DATABASE_URL is the service's role, which owns nothing;
 * MIGRATION_DATABASE_URL, when set, is the owner's, which runs the migrations and grants the
 * service role its rights. The service role is DATABASE_SERVICE_ROLE, else DATABASE_URL's user.
 * Without MIGRATION_DATABASE_URL one role does everything (development only).
 */
function databaseRoles(e: { DATABASE_URL?: string; MIGRATION_DATABASE_URL?: string; DATABASE_SERVICE_ROLE?: string }): { migrationDatabaseUrl?: string; serviceRole?: string } {
  if (!e.MIGRATION_DATABASE_URL) return {};
  if (!e.DATABASE_URL) throw new ConfigError('MIGRATION_DATABASE_URL is the owner of the database at DATABASE_URL: set DATABASE_URL too (the service\'s own role)');
  const serviceRole = e.DATABASE_SERVICE_ROLE ?? (decodeURIComponent(new URL(e.DATABASE_URL).username) || undefined);
  if (!serviceRole) throw new ConfigError('DATABASE_URL names no user: set DATABASE_SERVICE_ROLE to the role the service runs as, so the migrations can grant it its rights');
  const owner = decodeURIComponent(new URL(e.MIGRATION_DATABASE_URL).username);
  if (owner === serviceRole) throw new ConfigError(`MIGRATION_DATABASE_URL and DATABASE_URL are both the role ${serviceRole}: the owner that migrates and the service must be two roles (docs/deploy.md), or leave MIGRATION_DATABASE_URL unset`);
  return { migrationDatabaseUrl: e.MIGRATION_DATABASE_URL, serviceRole };
}

const PROVIDER_VARIABLE = /^PROVIDER_([A-Z0-9_]+)_(BASE_URL|API_KEY|ACCOUNT|WEBHOOK_SECRET)$/;

/**
 * PROVIDER_<ID>_* by provider id (`OLF_ECMR` → `olf-ecmr`). A key without its base URL or the
 * reverse is a mistake worth stopping for; base URLs carry credentials and shipment data: https in
 * production. Whether the id is a provider of the catalogue with an adapter is checked as the
 * runtime is put together (src/runtime.ts, check-provider-config.ts).
 */
function providersConfig(env: NodeJS.ProcessEnv, environment: Environment): Record<string, ProviderConfig> {
  const found = new Map<string, Record<string, string>>();
  for (const [name, value] of Object.entries(env)) {
    const match = PROVIDER_VARIABLE.exec(name);
    if (!match || value === undefined || value === '') continue;
    const id = match[1]!.toLowerCase().replace(/_/g, '-');
    found.set(id, { ...found.get(id), [match[2]!]: value });
  }
  const providers: Record<string, ProviderConfig> = {};
  for (const [id, vars] of found) {
    const prefix = `PROVIDER_${id.toUpperCase().replace(/-/g, '_')}`;
    if (!vars.BASE_URL || !vars.API_KEY) throw new ConfigError(`${prefix}_BASE_URL and ${prefix}_API_KEY go together: where the provider's API is and the token it takes`);
    if (!/^https?:\/\//.test(vars.BASE_URL)) throw new ConfigError(`${prefix}_BASE_URL must be an http(s) URL`);
    if (environment === 'production' && !vars.BASE_URL.startsWith('https:')) throw new ConfigError(`${prefix}_BASE_URL must be https with ENVIRONMENT=production: it carries credentials and shipment data`);
    if (vars.WEBHOOK_SECRET !== undefined && vars.WEBHOOK_SECRET.length < 16) throw new ConfigError(`${prefix}_WEBHOOK_SECRET must be at least 16 characters`);
    providers[id] = { baseUrl: vars.BASE_URL.replace(/\/+$/, ''), apiKey: vars.API_KEY, account: vars.ACCOUNT, webhookSecret: vars.WEBHOOK_SECRET };
  }
  return providers;
}

function trustedProxies(value: string | undefined): number | string[] | undefined {
  if (value === undefined) return undefined;
  if (/^[0-9]+$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim());
}

function renderConfig(e: Static<typeof EnvSchema>): Config['render'] {
  const threads = e.RENDER_THREADS ?? defaultRenderThreads();
  // Below the pool's size, so another organisation always finds a thread; one when the pool has one.
  const perOrganisation = Math.min(threads, e.RENDER_THREADS_PER_ORGANISATION ?? Math.max(1, threads - 1));
  // 0 never recycles.
  const recycleAfterJobs = e.RENDER_RECYCLE_AFTER_JOBS === 0 ? undefined : e.RENDER_RECYCLE_AFTER_JOBS;
  return { threads, queue: e.RENDER_QUEUE, timeoutMs: e.RENDER_TIMEOUT_MS, nice: e.RENDER_NICE, perOrganisation, memoryMb: e.RENDER_MEMORY_MB, recycleAfterJobs };
}

/**
 * One thread per core: at RENDER_NICE's lower priority they take the CPU the event loop and the
 * database leave (measured on 2 cores: 79 issues/s with 2 threads at nice 10, 71 with 1 at nice 0,
 * and the same latency for other requests; 2 threads at nice 0 made those 3× slower).
 */
function defaultRenderThreads(): number {
  return availableParallelism();
}
