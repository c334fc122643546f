import { describe, expect, it } from 'vitest';
import { createMemoryKeyValue } from '../../adapters/keyvalue/memory.js';
import { ManualClock } from '../../core/clock.js';
import { isAppError } from '../../core/errors.js';
import { solveBotcheckChallenge } from './botcheck-solver.js';
import { createBotcheckChallenge } from './create-botcheck-challenge.js';
import { verifyBotcheckToken } from './verify-botcheck-token.js';

const policy = { cost: 10, ttlS: 600 };

function services() {
  return { clock: new ManualClock(new Date()), kv: createMemoryKeyValue(), secrets: { botcheck: 'secret-of-this-service' } };
}

async function refusal(promise: Promise<void>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error) && error.code === 'botcheck_failed') return error.message;
    throw error;
  }
  throw new Error('the token passed');
}

describe('the bot-check token', () => {
  it('passes once when solved, then is refused as reused', async () => {
    const s = services();
    const token = await solveBotcheckChallenge(await createBotcheckChallenge(s, policy));
    await expect(verifyBotcheckToken(s, policy, token)).resolves.toBeUndefined();
    expect(await refusal(verifyBotcheckToken(s, policy, token))).toMatch(/used already/);
  });

  it('is refused when missing, garbled, or the widget test payload', async () => {
    const s = services();
    expect(await refusal(verifyBotcheckToken(s, policy, undefined))).toMatch(/missing/);
    expect(await refusal(verifyBotcheckToken(s, policy, 'not-a-token!'))).toMatch(/not a solved challenge/);
    const testPayload = Buffer.from(JSON.stringify({ challenge: null, solution: null, test: true })).toString('base64');
    expect(await refusal(verifyBotcheckToken(s, policy, testPayload))).toMatch(/not a solved challenge/);
  });

  it('is refused once the challenge has expired by the service clock', async () => {
    const s = services();
    const token = await solveBotcheckChallenge(await createBotcheckChallenge(s, policy));
    s.clock.advance(601_000);
    expect(await refusal(verifyBotcheckToken(s, policy, token))).toMatch(/expired/);
  });

  it('is refused when another service (another secret) issued the challenge', async () => {
    const s = services();
    const foreign = await solveBotcheckChallenge(await createBotcheckChallenge({ ...s, secrets: { botcheck: 'someone-else' } }, policy));
    expect(await refusal(verifyBotcheckToken(s, policy, foreign))).toMatch(/not a solved challenge/);
  });

  it('is refused when the solution is wrong', async () => {
    const s = services();
    const token = await solveBotcheckChallenge(await createBotcheckChallenge(s, policy));
    const payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    payload.solution.counter += 1;
    const wrong = Buffer.from(JSON.stringify(payload)).toString('base64');
    expect(await refusal(verifyBotcheckToken(s, policy, wrong))).toMatch(/not solved|not a solved/);
  });
});
