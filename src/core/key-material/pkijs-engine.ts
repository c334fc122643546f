/**
 * pkijs on Node's WebCrypto, set once: certificates and CMS are built and signed through it.
 *
 * RSA PKCS#1 v1.5 signatures (the seal's) are made with node:crypto's synchronous `sign` instead of
 * `crypto.subtle.sign`: the same deterministic signature, without a hop to libuv's thread pool and
 * back for every sealed version, which on a busy machine waited longer than the signing took.
 */
import { KeyObject, sign } from 'node:crypto';
import * as pkijs from 'pkijs';

const keyObjects = new WeakMap<CryptoKey, KeyObject>();

class NodeSigningEngine extends pkijs.CryptoEngine {
  override async sign(...args: Parameters<pkijs.CryptoEngine['sign']>): Promise<ArrayBuffer> {
    const [algorithm, key, data] = args;
    const hash = (key.algorithm as RsaHashedKeyAlgorithm).hash?.name;
    const name = typeof algorithm === 'string' ? algorithm : algorithm.name;
    if (name !== 'RSASSA-PKCS1-v1_5' || key.algorithm.name !== name || !hash?.startsWith('SHA-')) return super.sign(...args);
    let keyObject = keyObjects.get(key);
    if (!keyObject) keyObjects.set(key, (keyObject = KeyObject.from(key)));
    const bytes = ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : new Uint8Array(data);
    const signature = sign(hash.replace('-', '').toLowerCase(), bytes, keyObject);
    return signature.buffer.slice(signature.byteOffset, signature.byteOffset + signature.byteLength) as ArrayBuffer;
  }
}

let engine: pkijs.ICryptoEngine | undefined;

export function cryptoEngine(): pkijs.ICryptoEngine {
  if (!engine) {
    engine = new NodeSigningEngine({ name: 'node', crypto: globalThis.crypto as Crypto });
    pkijs.setEngine('node', engine);
  }
  return engine;
}
