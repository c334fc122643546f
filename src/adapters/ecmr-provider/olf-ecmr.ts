/**
 * The Open Logistics Foundation's open-source eCMR backend (its openapi.yaml, `eCMR - API` v0.1):
 * `POST {base}/ecmr?groupId={account}` creates a note from an `EcmrModel` and answers it with its
 * `ecmrId` and `ecmrStatus`; `GET {base}/ecmr/{ecmrId}` reads one. Both take the OAuth2 access
 * token as `Authorization: Bearer` (PROVIDER_OLF_ECMR_API_KEY); `{base}` is the API root, such as
 * `https://ecmr.example.com/api`. No connection, no answer within the timeout, a redirect or a 5xx
 * is ProviderUnreachable (tried again later); another non-2xx, or a 2xx without an `ecmrId`, is
 * ProviderRefused.
 */
import { ProviderRefused, ProviderUnreachable, type EcmrProvider, type ProviderNote } from '../../ports/ecmr-provider.js';
import { olfEcmrModel } from './olf-ecmr-model.js';

export interface OlfEcmrOptions {
  baseUrl: string;
  token: string;
  /** The group (`groupId`, int64) new notes are created in. */
  groupId: string;
  timeoutMs: number;
}

const MAX_ERROR_TEXT = 300;

export function olfEcmrProvider(options: OlfEcmrOptions): EcmrProvider {
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<ProviderNote> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(options.baseUrl + path, {
        method,
        headers: { authorization: `Bearer ${options.token}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        redirect: 'error',
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw new ProviderUnreachable(`olf-ecmr ${method} ${path}: no answer (${error instanceof Error ? error.message : String(error)})`, { cause: error });
    }
    if (response.status >= 500) throw new ProviderUnreachable(`olf-ecmr ${method} ${path}: ${response.status} ${text.slice(0, MAX_ERROR_TEXT)}`);
    if (response.status < 200 || response.status >= 300) throw new ProviderRefused(response.status, `olf-ecmr ${method} ${path}: ${response.status} ${text.slice(0, MAX_ERROR_TEXT)}`);
    let model: { ecmrId?: unknown; ecmrStatus?: unknown } | undefined;
    try {
      model = JSON.parse(text) as typeof model;
    } catch {
      model = undefined;
    }
    if (typeof model?.ecmrId !== 'string' || model.ecmrId === '') throw new ProviderRefused(response.status, `olf-ecmr ${method} ${path}: the answer carries no ecmrId`);
    return { providerRef: model.ecmrId, status: typeof model.ecmrStatus === 'string' ? model.ecmrStatus : null };
  }

  return {
    id: 'olf-ecmr',
    createNote: (note) => call('POST', `/ecmr?groupId=${encodeURIComponent(options.groupId)}`, olfEcmrModel(note)),
    noteStatus: (providerRef) => call('GET', `/ecmr/${encodeURIComponent(providerRef)}`),
  };
}
