/** The key that signs checkpoints, published so a customer can verify them offline. */
import type { Services } from '../../core/context.js';
import { checkpointSigner } from './checkpoint-signature.js';

export async function getCheckpointKey(services: Pick<Services, 'sealingKey'>): Promise<{ alg: string; kid: string; certificate: string; public_key: string }> {
  const signer = await checkpointSigner(services.sealingKey);
  return { alg: signer.alg, kid: signer.kid, certificate: signer.certificatePem, public_key: signer.publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}
