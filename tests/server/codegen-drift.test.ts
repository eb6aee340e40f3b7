/**
 * Generated files are committed; this fails when `npm run codegen` would change any of them
 * (the contract moved on and nobody regenerated, or someone edited an output by hand).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateArtifacts } from '../../codegen/generate.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const artifacts = await generateArtifacts(root);

describe('committed generated files', () => {
  it.each(Object.keys(artifacts))('%s is what npm run codegen generates from openapi/', async (relativePath) => {
    const committed = await readFile(path.join(root, relativePath), 'utf8').catch(() => null);
    expect(committed, `${relativePath} is stale: run "npm run codegen" and commit the result`).toBe(artifacts[relativePath]);
  });
});
