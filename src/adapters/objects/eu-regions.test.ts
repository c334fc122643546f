import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { isEuRegion } from './eu-regions.js';

describe('EU storage regions', () => {
  it('knows the EU regions of AWS and other providers, and what is not in the Union', () => {
    for (const region of ['eu-central-1', 'eu-west-1', 'eu-west-3', 'eu-north-1', 'eu-south-1', 'eu-south-2', 'fr-par', 'nl-ams', 'fsn1', 'gra', 'de-fra-1', 'EU-CENTRAL-1']) {
      expect(isEuRegion(region), region).toBe(true);
    }
    for (const region of ['us-east-1', 'eu-west-2', 'eu-central-2', 'ap-southeast-1', 'ch-gva-2', 'uk', '', 'europe']) {
      expect(isEuRegion(region), region).toBe(false);
    }
  });

  it('refuses to start in production with a bucket outside the EU; other environments may (local S3 servers)', () => {
    const seal = { SEAL_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----', SEAL_CERTIFICATE: '-----BEGIN CERTIFICATE-----' };
    const base = { ENVIRONMENT: 'production', DATABASE_URL: 'postgres://x/y', S3_BUCKET: 'docs', ...seal };
    expect(() => loadConfig({ ...base, S3_REGION: 'us-east-1' })).toThrow(/S3_REGION=us-east-1 is not an EU region/);
    expect(() => loadConfig({ ...base, S3_REGION: 'eu-west-2' })).toThrow(/not an EU region/);
    expect(loadConfig({ ...base, S3_REGION: 'eu-central-1' }).s3?.region).toBe('eu-central-1');
    // The default region is Frankfurt.
    expect(loadConfig(base).s3?.region).toBe('eu-central-1');
    expect(loadConfig({ ENVIRONMENT: 'test', S3_BUCKET: 'docs', S3_REGION: 'us-east-1' }).s3?.region).toBe('us-east-1');
  });
});
