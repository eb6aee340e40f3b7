/**
 * What a screen's chunks cost, read from a finished build rather than a browser: the static-import closure
 * of the chunks a screen opens with (the portal's entry script, then the lazy chunks of its route), each file
 * gzip-compressed at zlib's default level, as tests/e2e/loginPageScripts.ts measures the login page.
 * For comparing two builds of the same code (does a change move bytes into the login page, the shell or the
 * list pages?), not for the budget itself: the e2e test measures what the browser really loads.
 *
 *   npx vite build --outDir /tmp/b-x --emptyOutDir && node --import tsx bench/chunk-closure.ts /tmp/b-x [--files]
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The lazy chunks (named after their modules) each screen opens with, besides the portal's entry script. */
export const SCREENS = {
  login: ['LoginPage'],
  // The first screen after login: the guard, the shell's layout, the menu routes and the home page (/index).
  shell: ['guardLoader', 'sessionLayouts', 'menuRoutes', 'HomePage'],
  // A menu screen that is just a list route's grid, on top of the shell.
  list: ['guardLoader', 'sessionLayouts', 'menuRoutes', 'ListRoutePage'],
} as const;

// Minified ESM: `import{a as b}from"./x.js"`, `import"./x.js"`, `export{a}from"./x.js"`; never `import("./x.js")`.
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']\.\/([^"']+\.js)["']/g;

export interface Closure {
  files: { name: string; gzipBytes: number }[];
  gzipBytes: number;
}

export function chunkClosure(outDir: string, rootChunks: readonly string[]): Closure {
  const assets = path.join(outDir, 'assets');
  const names = readdirSync(assets).filter((name) => name.endsWith('.js'));
  const entry = /<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(readFileSync(path.join(outDir, 'index.html'), 'utf8'))?.[1];
  if (!entry) throw new Error(`${outDir}/index.html names no module script`);
  const roots = [entry];
  for (const chunk of rootChunks) {
    const found = names.filter((name) => new RegExp(`^${chunk}-[\\w-]{8}\\.js$`).test(name));
    if (found.length !== 1) throw new Error(`${chunk}: ${found.length} chunks in ${assets} (${found.join(', ')})`);
    roots.push(found[0]!);
  }
  const seen = new Set<string>();
  const pending = [...roots];
  while (pending.length) {
    const name = pending.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    const code = readFileSync(path.join(assets, name), 'utf8');
    for (const [, imported] of code.matchAll(STATIC_IMPORT)) pending.push(imported!);
  }
  const files = [...seen].sort().map((name) => ({ name, gzipBytes: gzipSync(readFileSync(path.join(assets, name))).length }));
  return { files, gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0) };
}

/** The bytes a screen adds on top of another's (what is downloaded when going from one to the other). */
export function closureBeyond(closure: Closure, already: Closure): number {
  const loaded = new Set(already.files.map((file) => file.name));
  return closure.files.filter((file) => !loaded.has(file.name)).reduce((sum, file) => sum + file.gzipBytes, 0);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const outDir = process.argv[2] ?? 'dist';
  const listFiles = process.argv.includes('--files');
  const closures = Object.fromEntries(Object.entries(SCREENS).map(([screen, chunks]) => [screen, chunkClosure(outDir, chunks)])) as Record<
    keyof typeof SCREENS,
    Closure
  >;
  for (const [screen, closure] of Object.entries(closures)) {
    const beyond = screen === 'login' ? '' : `, ${closureBeyond(closure, closures.login)} B beyond the login page's`;
    console.log(`${screen}: ${closure.gzipBytes} B gzip in ${closure.files.length} files${beyond}`);
    if (listFiles) for (const file of closure.files) console.log(`  ${file.gzipBytes}\t${file.name}`);
  }
  console.log(`list beyond shell: ${closureBeyond(closures.list, closures.shell)} B`);
}
