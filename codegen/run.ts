/**
 * `npm run codegen`: openapi/ -> the bundled contract, the client types and the MSW mocks.
 * `npm run codegen -- --check`: write nothing, exit 1 when a generated file would change (CI drift check).
 */
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateArtifacts } from './generate.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');

const artifacts = await generateArtifacts(root);
const stale: string[] = [];
for (const [relPath, content] of Object.entries(artifacts)) {
  const file = path.join(root, relPath);
  const current = await readFile(file, 'utf8').catch(() => null);
  if (current === content) continue;
  stale.push(relPath);
  if (!check) {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
}
if (check && stale.length) {
  console.error(`codegen drift: run "npm run codegen" and commit:\n  ${stale.join('\n  ')}`);
  process.exit(1);
}
console.log(stale.length ? `codegen wrote ${stale.join(', ')}` : 'codegen: generated files are up to date');
