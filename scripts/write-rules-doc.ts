/** Writes docs/business-rules.md from the shipment rules; a test fails when the committed file is stale. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../src/core/project-root.js';
import { rulesDocument } from '../src/modules/shipments/rules/rules-document.js';

const dir = join(projectRoot(), 'docs');
mkdirSync(dir, { recursive: true });
const file = join(dir, 'business-rules.md');
writeFileSync(file, rulesDocument());
process.stdout.write(`wrote ${file}\n`);
