import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/core/project-root.js';
import { rulesDocument } from '../../src/modules/shipments/rules/rules-document.js';

describe('docs/business-rules.md', () => {
  it('is the table generated from the rules the code runs', () => {
    const committed = readFileSync(join(projectRoot(), 'docs', 'business-rules.md'), 'utf8');
    expect(committed, 'docs/business-rules.md is stale: run npm run rules-doc').toBe(rulesDocument());
  });
});
