/**
 * The user documentation speaks of features, not of the project's work items: a reader of
 * docs/*.md or the README has no use for "issue 19, point 4", and such a reference goes stale the
 * day the tracker moves.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/core/project-root.js';

const WORK_ITEM = /\bissues? #?\d+/i;

const documents = [
  'README.md',
  ...readdirSync(join(projectRoot(), 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name)),
];

describe('user documentation', () => {
  it.each(documents)('%s cites no issue numbers', (path) => {
    const cited = readFileSync(join(projectRoot(), path), 'utf8')
      .split('\n')
      .map((line, i) => ({ line: i + 1, text: line }))
      .filter(({ text }) => WORK_ITEM.test(text));
    expect(cited).toEqual([]);
  });
});
