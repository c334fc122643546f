/** pkijs on Node's WebCrypto, set once: certificates and CMS are built and signed through it. */
import * as pkijs from 'pkijs';

let engine: pkijs.ICryptoEngine | undefined;

export function cryptoEngine(): pkijs.ICryptoEngine {
  if (!engine) {
    engine = new pkijs.CryptoEngine({ name: 'node', crypto: globalThis.crypto as Crypto });
    pkijs.setEngine('node', engine);
  }
  return engine;
}
