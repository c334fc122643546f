/**
 * Writes openapi.json (keys sorted) from the route schemas, and the typed client's types from it;
 * tests fail when either committed file is stale.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openPglite } from '../src/adapters/database/pglite.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { projectRoot } from '../src/core/project-root.js';
import { sortedDocument } from '../src/http/openapi.js';
import { createRuntime } from '../src/runtime.js';
import { CLIENT_SCHEMA_FILE, clientSchemaSource } from './client-schema.js';

const runtime = await createRuntime(loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/tmp/fds-openapi' }), { database: await openPglite('memory://') });
const app = await buildApp(runtime);
await app.ready();
const file = join(projectRoot(), 'openapi.json');
const text = `${JSON.stringify(sortedDocument(app.swagger()), null, 2)}\n`;
writeFileSync(file, text);
await app.close();
await runtime.close();
process.stdout.write(`wrote ${file}\n`);
// From the text as written, exactly as the staleness test reads it back.
writeFileSync(CLIENT_SCHEMA_FILE, await clientSchemaSource(JSON.parse(text)));
process.stdout.write(`wrote ${CLIENT_SCHEMA_FILE}\n`);
