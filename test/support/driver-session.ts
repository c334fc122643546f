/** A driver signed in on their phone for route and page tests: a tour of today with the given stops, the SMS code, the session's bearer token. */
import { randomInt } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { DRIVER_PATHS } from '../../src/modules/driver/driver.routes.js';
import type { Tenant, TestApp } from './test-app.js';

export type DriverCall = ((url: string, payload: object) => Promise<LightMyRequestResponse>) & { get(url: string): Promise<LightMyRequestResponse> };

export async function signedInDriver(t: TestApp, tenant: Tenant, stops: { shipment_id: string; kind: 'pickup' | 'delivery' | 'takeover'; successive_index?: number }[], name = 'Piotr Nowak'): Promise<DriverCall> {
  const phone = `+4860${randomInt(1_000_000, 9_999_999)}${randomInt(0, 10)}`;
  const today = t.clock.now().toISOString().slice(0, 10);
  const tour = await t.app.inject({ method: 'POST', url: '/v1/tours', headers: t.auth(tenant.testKey), payload: { name: 'Run', date: today, driver: { name, phone }, stops } });
  expect(tour.statusCode, tour.body).toBe(201);
  const remoteAddress = `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  expect((await t.app.inject({ method: 'POST', url: DRIVER_PATHS.signIn, payload: { phone }, remoteAddress })).statusCode).toBe(202);
  const sms = await t.runtime.services.db.selectFrom('outbox_messages').select('body').where('recipient', '=', phone).execute();
  const code = /(\d{6})/.exec(sms.at(-1)!.body)![1]!;
  const signedIn = await t.app.inject({ method: 'POST', url: DRIVER_PATHS.sessions, payload: { phone, code } });
  expect(signedIn.statusCode, signedIn.body).toBe(201);
  const authorization = `Bearer ${signedIn.json().token}`;
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { authorization }, payload });
  return Object.assign(post, { get: (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization } }) });
}
