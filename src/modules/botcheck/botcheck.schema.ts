/** The bot-check challenge as `GET /v1/public/botcheck` answers it: the ALTCHA v2 challenge format. */
import { Type } from '@sinclair/typebox';

export const BotcheckChallengeSchema = Type.Object(
  {
    parameters: Type.Object(
      {
        algorithm: Type.String({ description: 'Key derivation per try: `PBKDF2/SHA-256`.', examples: ['PBKDF2/SHA-256'] }),
        nonce: Type.String({ description: 'Random, hex.' }),
        salt: Type.String({ description: 'Random, hex.' }),
        cost: Type.Integer({ description: 'PBKDF2 iterations per try (BOTCHECK_COST).', examples: [5000] }),
        keyLength: Type.Integer({ description: 'Derived key length in bytes.', examples: [32] }),
        keyPrefix: Type.String({ description: 'The derived key (hex) must start with this.', examples: ['00'] }),
        expiresAt: Type.Integer({ description: 'Unix time in seconds after which the challenge and its token are refused (BOTCHECK_TTL_S after issue).' }),
      },
      { additionalProperties: false },
    ),
    signature: Type.String({ description: "HMAC-SHA-256 of the parameters with the service's own key: only challenges this service issued verify." }),
  },
  {
    $id: 'BotcheckChallenge',
    additionalProperties: false,
    description:
      'A proof-of-work challenge (ALTCHA v2, https://altcha.org). Find a counter whose PBKDF2 key of `nonce` + counter (uint32, big-endian) with `salt` starts with `keyPrefix`, ' +
      'then send base64 of `{"challenge": {"parameters", "signature"}, "solution": {"counter", "derivedKey"}}` as the `Botcheck-Token` header. ' +
      'The altcha widget (npm `altcha`) and `solveChallenge` of altcha-lib do exactly this; each token passes once.',
  },
);
