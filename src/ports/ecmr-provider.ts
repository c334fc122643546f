/**
 * eCMR provider port: another eCMR platform a shipment's note is handed to.
 * One adapter per provider API (src/adapters/ecmr-provider/); each speaks its provider's own API
 * and reports failures in two kinds, because they are handled apart: a provider that does not
 * answer (`ProviderUnreachable`: no connection, a timeout, a 5xx) is tried again later, one that
 * answers and refuses (`ProviderRefused`: a 4xx) is not, since the same request would be refused again.
 */

/** The note as this service hands it over: the shipment's input fields and who we know it by. */
export interface HandoverNote {
  /** Our `shp_` id, kept by the provider as the note's reference so its events can be matched back. */
  shipmentId: string;
  reference: string | null;
  data: Record<string, unknown>;
}

export interface ProviderNote {
  /** The provider's id of the note. */
  providerRef: string;
  /** The provider's own status word (catalogue `statuses` maps it onto ours). */
  status: string | null;
}

export interface EcmrProvider {
  /** The catalogue id. */
  readonly id: string;
  /** Creates the note at the provider; rejects with ProviderUnreachable or ProviderRefused. */
  createNote(note: HandoverNote): Promise<ProviderNote>;
  /** The provider's current view of a note it holds; rejects with ProviderUnreachable or ProviderRefused. */
  noteStatus(providerRef: string): Promise<ProviderNote>;
}

export class ProviderUnreachable extends Error {
  override name = 'ProviderUnreachable';
}

export class ProviderRefused extends Error {
  override name = 'ProviderRefused';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** One provider's PROVIDER_<ID>_* configuration (src/config.ts). */
export interface ProviderConfig {
  baseUrl: string;
  apiKey: string;
  account?: string;
  webhookSecret?: string;
}

/** The enabled providers: an adapter per configured one, and the secret each signs its webhooks with. */
export interface EcmrProviders {
  adapters: Record<string, EcmrProvider>;
  webhookSecrets: Record<string, string>;
}
