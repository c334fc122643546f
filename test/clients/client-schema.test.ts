/** The typed client's committed types are those the committed openapi.json generates (`npm run openapi`). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_SCHEMA_FILE, clientSchemaSource } from '../../scripts/client-schema.js';
import { projectRoot } from '../../src/core/project-root.js';

describe('typed client types', () => {
  it('clients/typescript/src/schema.ts is generated from openapi.json (run `npm run openapi` after changing a route)', async () => {
    const document = JSON.parse(readFileSync(join(projectRoot(), 'openapi.json'), 'utf8'));
    const committed = readFileSync(CLIENT_SCHEMA_FILE, 'utf8');
    // Compared as text, so a stale file shows the lines that differ.
    expect(committed).toBe(await clientSchemaSource(document));
  });
});
