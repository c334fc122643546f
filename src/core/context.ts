/**
 * What a use case receives (STYLE, Thin routes): the ports and clock, and for tenant work the
 * organisation and mode it acts in. Domain code takes this instead of importing global clients.
 */
import type { Clock } from './clock.js';
import type { SealingKeyPem } from './key-material/sealing-key.js';
import type { Mode } from './mode.js';
import type { Database } from '../ports/database.js';
import type { EftiPlatform } from '../ports/efti-gate.js';
import type { EcmrProviders } from '../ports/ecmr-provider.js';
import type { KeyValue } from '../ports/keyvalue.js';
import type { Notifier } from '../ports/notifier.js';
import type { EftiXmlWriter } from '../ports/efti-xml-writer.js';
import type { PdfRenderer } from '../ports/pdf-renderer.js';
import type { ObjectStore } from '../ports/objects.js';
import type { Resolver } from '../ports/resolver.js';
import type { TrustService } from '../ports/trust-service.js';
import type { WebhookTransport } from '../ports/webhook-transport.js';

export interface Services {
  db: Database;
  kv: KeyValue;
  objects: ObjectStore;
  clock: Clock;
  resolver: Resolver;
  /** Outbound webhook POSTs (deliveries and the synchronous test ping). */
  webhookTransport: WebhookTransport;
  /** Secrets the service made for itself (cursor, URL and bot-check challenge signing), shared by every process. */
  secrets: { cursor: string; urls: string; botcheck: string };
  /** PUBLIC_BASE_URL: the origin of links the service hands out (downloads, inspection, signing). */
  publicBaseUrl: string;
  /** The service's seal key and certificate (PEM): seals PDFs and signs chain checkpoints. */
  sealingKey: SealingKeyPem;
  /** E-mail and SMS to people. */
  notifier: Notifier;
  /** Trust services for `ades`/`qes`: the simulator for sandbox, the configured provider (if any) for live. */
  trustServices: { sandbox: TrustService; live?: TrustService };
  /** Renders and seals (PAdES B-B) every PDF version, off the event loop. */
  renderer: PdfRenderer;
  /** Writes large eFTI XML documents off the event loop. */
  eftiXml: EftiXmlWriter;
  /** The eFTI gates and the UIL's ids (EFTI_* configuration); absent when not configured. */
  efti?: EftiPlatform;
  /** The eCMR providers this deployment enabled (PROVIDER_* configuration; docs/providers.md). */
  providers: EcmrProviders;
}

/**
 * Who acts, for the audit log and the shipment chains' events (ids only, never a name: personal
 * data is looked up when shown, so an erasure needs nothing here): an API key, the CLI, a console
 * user, a driver session (the driver app), a sign link (its signature request and role), an eCMR
 * provider (catalogue id), the eFTI gate (its id when known), or the service itself.
 */
export type Actor =
  | { type: 'api_key'; id: string }
  | { type: 'cli' }
  | { type: 'user'; id: string }
  | { type: 'driver_session'; id: string }
  | { type: 'sign_link'; id: string; role: string }
  | { type: 'provider'; id: string }
  | { type: 'efti_gate'; id?: string }
  | { type: 'system'; note?: string };

/** The actor of a use case, with the IP and user agent of its HTTP request if there is one. */
export interface ActSource {
  actor: Actor;
  ip?: string;
  userAgent?: string;
}

export interface TenantContext extends Services {
  organizationId: string;
  mode: Mode;
  requestId: string;
  /** Who acts (the request's API key) and from where; absent: the service itself. */
  source?: ActSource;
  /**
   * Sandbox only: the test clock this request follows (`clock` then stands at its frozen_time), and
   * which what it makes is attached to (docs/sandbox-test-clocks.md). Absent: real time.
   */
  testClockId?: string;
  /** Aborts when whoever waits for this use case went away (the HTTP client closed its connection): work not yet started may be dropped. */
  signal?: AbortSignal;
}
