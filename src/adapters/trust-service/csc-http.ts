/**
 * A trust service provider over the Cloud Signature Consortium API v2 (QTSP_URL): JSON POSTs to
 * `{QTSP_URL}/csc/v2/…` with the service's bearer token (QTSP_TOKEN), signing with one credential
 * of the provider (QTSP_CREDENTIAL_ID).
 *
 * Identification is `credentials/authorize` with the signer's name and date of birth as the
 * explicit authorisation data (`authData` objects `signer_name` and `birth_date`): the provider
 * checks them and answers activation data (SAD) for one signature, or refuses. `credentials/info`
 * gives the key's algorithm and the certificate; `info` the provider's name. Signing is
 * `signatures/signHash`. Any answer other than 2xx, a malformed body, no answer within
 * 10 seconds or a redirect rejects: the caller answers 503 `qtsp_unavailable`.
 */
import { createHash } from 'node:crypto';
import type { Identification, SignHashRequest, SignerIdentity, TrustService } from '../../ports/trust-service.js';

export interface CscProvider {
  /** Base URL; the API is under `/csc/v2/`. */
  url: string;
  token: string;
  credentialId: string;
  timeoutMs?: number;
}

interface CscInfo {
  name: string;
}
interface CscAuthorize {
  SAD: string;
}
interface CscCredentialInfo {
  key: { status: string; algo: string[] };
  cert?: { certificates?: string[] };
}
interface CscSignHash {
  signatures: string[];
}

export function cscTrustService(provider: CscProvider): TrustService {
  const base = `${provider.url.replace(/\/+$/, '')}/csc/v2/`;
  let name: string | undefined;

  async function call<T>(method: string, body: object, valid: (answer: T) => boolean): Promise<T> {
    let response: Response;
    try {
      response = await fetch(base + method, {
        method: 'POST',
        headers: { authorization: `Bearer ${provider.token}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        redirect: 'error',
        signal: AbortSignal.timeout(provider.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new Error(`trust service ${method}: no answer (${error instanceof Error ? error.message : String(error)})`, { cause: error });
    }
    const text = await response.text();
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      answer = undefined;
    }
    if (!response.ok) {
      const e = (answer ?? {}) as { error?: string; error_description?: string };
      throw new Error(`trust service ${method} answered ${response.status}${e.error ? ` ${e.error}` : ''}${e.error_description ? `: ${e.error_description}` : ''}`);
    }
    if (answer === undefined || answer === null || !valid(answer as T)) throw new Error(`trust service ${method} answered a body this client does not understand`);
    return answer as T;
  }

  return {
    async identify(signer: SignerIdentity): Promise<Identification> {
      name ??= (await call<CscInfo>('info', {}, (a) => typeof a.name === 'string')).name;
      const { SAD } = await call<CscAuthorize>(
        'credentials/authorize',
        {
          credentialID: provider.credentialId,
          numSignatures: 1,
          authData: [
            { id: 'signer_name', value: signer.name },
            { id: 'birth_date', value: signer.birthDate },
          ],
          description: `Sign a consignment note (${signer.level})`,
        },
        (a) => typeof a.SAD === 'string' && a.SAD.length > 0,
      );
      const credential = await call<CscCredentialInfo>('credentials/info', { credentialID: provider.credentialId, certificates: 'single', certInfo: false, authInfo: false }, (a) => Array.isArray(a.key?.algo));
      const certificate = credential.cert?.certificates?.[0];
      if (credential.key.status !== 'enabled' || !certificate || !credential.key.algo[0]) throw new Error(`trust service credential ${provider.credentialId} is not enabled or has no certificate`);
      // The SAD is a secret; its digest names this authorisation in the evidence.
      const reference = `sad-sha256:${createHash('sha256').update(SAD).digest('hex').slice(0, 32)}`;
      return { provider: name, reference, credentialId: provider.credentialId, activationData: SAD, signAlgo: credential.key.algo[0], certificate };
    },

    async signHash(request: SignHashRequest) {
      const answer = await call<CscSignHash>(
        'signatures/signHash',
        { credentialID: request.credentialId, SAD: request.activationData, hashes: request.hashes, hashAlgorithmOID: request.hashAlgorithmOid, signAlgo: request.signAlgo, operationMode: 'S' },
        (a) => Array.isArray(a.signatures) && a.signatures.length === request.hashes.length && a.signatures.every((s) => typeof s === 'string'),
      );
      return { signatures: answer.signatures };
    },
  };
}
