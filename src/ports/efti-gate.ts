/**
 * eFTI gate port: the REST API a gate offers its platforms (EFTI4EU reference implementation,
 * `gate-api-for-platform.yaml`), reached over mutual TLS with the platform's certificate, whose CN
 * is the platform id. Adapter: node:https with the configured certificate, key and gate CA.
 */
import type { Mode } from '../core/mode.js';

export interface GateAnswer {
  /** The HTTP status the gate answered; 2xx means it took the request. */
  status: number;
  /** The start of the gate's answer, kept for the error of a failed attempt. */
  body: string;
}

export interface EftiGate {
  /** The base URL requests go to (EFTI_GATE_URL or EFTI_TEST_GATE_URL). */
  readonly url: string;
  /** `GET /v0/whoami`: the application id and role the gate knows our certificate by; rejects when the gate does not answer 200 with them. */
  whoami(): Promise<{ appId: string; role: string }>;
  /** `PUT /v0/consignments/{datasetId}` with the identifier subset document; rejects only when the gate cannot be reached. */
  putConsignment(datasetId: string, identifierXml: string): Promise<GateAnswer>;
  close(): void;
}

/** What the service knows of its place in the eFTI network: the UIL's first two parts and a gate per mode. */
export interface EftiPlatform {
  gateId: string;
  platformId: string;
  /** `live` is the production gate; `test` (sandbox datasets) only when EFTI_TEST_GATE_URL is set. */
  gates: Partial<Record<Mode, EftiGate>>;
  /**
   * Where the platform listener is reached from outside: `https://<PUBLIC_BASE_URL's host>:<EFTI_PLATFORM_PORT>`.
   * Mutual TLS cannot pass a TLS-terminating proxy with the client certificate intact, so the
   * listener is exposed as itself on the service's public host.
   */
  listenerUrl: string;
}
