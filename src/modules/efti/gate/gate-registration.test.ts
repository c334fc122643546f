/** When a dataset is due at the gate: at issue, on pickup and delivery, on a change of its identifiers; never for drafts or cancelled ones. */
import { describe, expect, it } from 'vitest';
import { isRegistrationDue } from './gate-registration.js';

const data = { vehicle: { plate: '12-BXL-4', country: 'NL' }, driver: { name: 'Pieter' }, pickup: { window: { from: '2026-12-01T07:00:00Z' }, instructions: 'Gate 3' } };
const at = (status: 'draft' | 'issued' | 'in_transit' | 'delivered' | 'cancelled', changes: Record<string, unknown> = {}) => ({ status, data: { ...data, ...changes } });

describe('isRegistrationDue', () => {
  it('is due at issue, on create-and-issue, at pickup and at delivery', () => {
    expect(isRegistrationDue(at('draft'), at('issued'))).toBe(true);
    expect(isRegistrationDue(undefined, at('issued'))).toBe(true);
    expect(isRegistrationDue(at('issued'), at('in_transit'))).toBe(true);
    expect(isRegistrationDue(at('in_transit'), at('delivered'))).toBe(true);
  });

  it('is due when the vehicle changes after issue, not for the driver or the pickup instructions', () => {
    expect(isRegistrationDue(at('issued'), at('issued', { vehicle: { plate: '99-ZZ-11', country: 'NL' } }))).toBe(true);
    expect(isRegistrationDue(at('issued'), at('issued', { driver: { name: 'Someone' } }))).toBe(false);
    expect(isRegistrationDue(at('issued'), at('issued', { pickup: { ...data.pickup, instructions: 'Gate 4' } }))).toBe(false);
    expect(isRegistrationDue(at('issued'), at('issued'))).toBe(false);
  });

  it('is never due for a draft or a cancelled shipment', () => {
    expect(isRegistrationDue(undefined, at('draft'))).toBe(false);
    expect(isRegistrationDue(at('draft'), at('draft', { vehicle: { plate: 'X', country: 'NL' } }))).toBe(false);
    expect(isRegistrationDue(at('issued'), at('cancelled'))).toBe(false);
  });
});
