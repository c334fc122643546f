/**
 * The sandbox trust service: every `test`-mode sign link at level `ades` or `qes` is identified
 * and signed here, never at a real provider. It identifies anyone and signs hashes with a key of
 * its own (RSA 2048 and a self-signed certificate, made once per process; not a qualified
 * certificate). Its activation data is an HMAC under the service's secret, so any process of a
 * deployment accepts what another one issued.
 *
 * One documented trigger refuses, so integrators can test the refusal: a signer born on
 * 1900-01-01 is not identified (503 `qtsp_unavailable`).
 */
import { createHmac, KeyObject, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Identification, SignHashRequest, SignerIdentity, TrustService } from '../../ports/trust-service.js';
import { SHA256_OID } from '../../ports/trust-service.js';
import { generateSelfSignedSealingKey } from '../../core/key-material/sealing-key.js';
import type { Clock } from '../../core/clock.js';
import { RSA_SIGN_ALGO, signSha256Digest } from './rsa-digest.js';

export const SIMULATOR_PROVIDER = 'sandbox-simulator';
/** The documented trigger: the simulator refuses to identify a signer born on this day. */
export const SIMULATOR_REFUSED_BIRTH_DATE = '1900-01-01';

interface SimulatorKey {
  privateKey: KeyObject;
  certificate: string;
}

export function sandboxTrustService(secret: string, clock: Clock): TrustService {
  let key: Promise<SimulatorKey> | undefined;
  const simulatorKey = () =>
    (key ??= generateSelfSignedSealingKey('Sandbox trust service simulator (not qualified)', clock.now()).then(({ key: k }) => ({
      privateKey: KeyObject.from(k.privateKey),
      certificate: Buffer.from(k.certificateDer).toString('base64'),
    })));
  const activation = (credentialId: string, reference: string) => `${reference}.${createHmac('sha256', secret).update(`sim-sad\n${credentialId}\n${reference}`).digest('base64url')}`;

  return {
    async identify(signer: SignerIdentity): Promise<Identification> {
      if (signer.birthDate === SIMULATOR_REFUSED_BIRTH_DATE) throw new Error(`the sandbox simulator refuses signers born on ${SIMULATOR_REFUSED_BIRTH_DATE} (its documented refusal trigger)`);
      const { certificate } = await simulatorKey();
      const reference = `sim-${randomUUID()}`;
      const credentialId = `sandbox-${signer.level}`;
      return { provider: SIMULATOR_PROVIDER, reference, credentialId, activationData: activation(credentialId, reference), signAlgo: RSA_SIGN_ALGO, certificate };
    },

    async signHash(request: SignHashRequest) {
      const reference = request.activationData.split('.')[0] ?? '';
      const expected = Buffer.from(activation(request.credentialId, reference));
      const given = Buffer.from(request.activationData);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new Error('the sandbox simulator did not issue this activation data for this credential');
      if (request.hashAlgorithmOid !== SHA256_OID || request.signAlgo !== RSA_SIGN_ALGO) throw new Error('the sandbox simulator signs SHA-256 hashes with rsaEncryption only');
      const { privateKey } = await simulatorKey();
      return { signatures: request.hashes.map((h) => signSha256Digest(privateKey, Buffer.from(h, 'base64')).toString('base64')) };
    },
  };
}
