/**
 * Solves a challenge the way the altcha widget does in the browser and packs the solution as the
 * widget's payload: for integrators calling the public doors from a server or a script (and for
 * this service's own tests and CLI). The work is PBKDF2 on libuv's thread pool; about 256 tries.
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

export async function solveBotcheckChallenge(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the bot-check challenge was not solved in time');
  return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64');
}
