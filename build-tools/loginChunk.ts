/**
 * Pins the libraries the login page loads (besides the framework chunk) into one chunk of their own: antd's
 * form, input, button, select..., their icons and rc-* parts. Left to rolldown's automatic chunking they were
 * cut by which pages share them, so a new lazy page elsewhere (one importing antd Typography) re-split them
 * into more, worse-compressing files and pushed the login page over its JavaScript budget (issue 15). With
 * this group, the login page's files are the same whatever other pages import.
 *
 * The login page's modules are those statically reachable from its roots. A package's barrel
 * (`import { Button } from 'antd'`) statically imports every component of the package, which tree-shaking
 * drops unless used: through a barrel the walk follows only the names the importer takes from it.
 */
import path from 'node:path';
import type { Rolldown } from 'vite';

export const LOGIN_LIBRARIES_CHUNK = 'login-libraries';

/** `export { default as Button } from './button'`, `export { X, Y as Z } from "./x"`, `export * from "./icons"`. */
const RE_EXPORT = /export\s*(?:\{([^}]*)\}|\*)\s*from\s*["']([^"']+)["']/g;
/**
 * A package entry that re-exports many modules (antd's index, @ant-design/icons' index), or passes on one
 * that does (`export * from './icons'`).
 */
function isBarrel(info: Rolldown.ModuleInfo, context: Rolldown.ChunkingContext): boolean {
  if (!/node_modules[\\/]/.test(info.id) || !info.code) return false;
  const reExports = [...info.code.matchAll(RE_EXPORT)];
  if (info.importedIds.length > 20) return reExports.length >= info.importedIds.length - 5;
  return reExports.some(([, list, source]) => {
    const nested = list === undefined ? resolveFrom(info, source!) : undefined;
    const nestedInfo = nested && context.getModuleInfo(nested);
    return !!nestedInfo && nestedInfo.importedIds.length > 20 && isBarrel(nestedInfo, context);
  });
}

/** The id `info` imports as `source` (a relative path). */
function resolveFrom(info: Rolldown.ModuleInfo, source: string): string | undefined {
  const base = path.resolve(path.dirname(info.id), source);
  return info.importedIds.find((id) => id === base || id.startsWith(`${base}.`) || id.startsWith(`${base}${path.sep}index.`));
}

/**
 * The names `code` imports from `specifier`; undefined when it takes the whole module (default, namespace, a
 * re-export) or imports it in a way this does not read, so the walk errs on the side of too many modules.
 */
function namesImported(code: string, specifier: string): string[] | undefined {
  const quoted = specifier.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const names: string[] = [];
  const clauses = [...code.matchAll(new RegExp(`import\\s*([^'";]*?)\\s*from\\s*["']${quoted}["']`, 'g'))];
  if (clauses.length === 0) return undefined;
  for (const [, clause] of clauses) {
    const named = /^(?:type\s+)?(?:([\w$]+)\s*,?\s*)?(?:\{([^}]*)\})?$/.exec(clause!.trim());
    if (!named) return undefined;
    if (named[1]) names.push('default');
    for (const part of (named[2] ?? '').split(',')) {
      const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0];
      if (name && !part.trim().startsWith('type ')) names.push(name);
    }
  }
  return names;
}

/**
 * The modules of `barrel` that export `names` (following its `export *` into nested barrels), and what the
 * barrel imports for its own code.
 */
function barrelSources(barrel: Rolldown.ModuleInfo, names: Set<string>, context: Rolldown.ChunkingContext): string[] {
  const found: string[] = [];
  const reExported = new Set<string>();
  for (const [, list, source] of barrel.code!.matchAll(RE_EXPORT)) {
    const id = resolveFrom(barrel, source!);
    if (!id) continue;
    reExported.add(id);
    if (list === undefined) {
      const nested = context.getModuleInfo(id);
      if (nested && isBarrel(nested, context)) found.push(...barrelSources(nested, names, context));
      else found.push(id);
      continue;
    }
    const exported = list.split(',').map((part) => part.trim().split(/\s+as\s+/).pop());
    if (exported.some((name) => name && names.has(name))) found.push(id);
  }
  return [...found, ...barrel.importedIds.filter((id) => !reExported.has(id))];
}

/** The ids of every module statically reachable from `roots`, through barrels only by the names used. */
function staticClosure(roots: Rolldown.ModuleInfo[], context: Rolldown.ChunkingContext): Set<string> {
  const closure = new Set<string>();
  const pending = [...roots];
  while (pending.length) {
    const info = pending.pop()!;
    if (closure.has(info.id)) continue;
    closure.add(info.id);
    for (const id of info.importedIds) {
      const imported = context.getModuleInfo(id);
      if (!imported) continue;
      if (!isBarrel(imported, context)) {
        pending.push(imported);
        continue;
      }
      const specifier = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(id)![1]!.replace(/\\/g, '/');
      const names = info.code ? namesImported(info.code, specifier) : undefined;
      const parts = names ? barrelSources(imported, new Set(names), context) : imported.importedIds;
      for (const part of parts) {
        const partInfo = context.getModuleInfo(part);
        if (partInfo) pending.push(partInfo);
      }
    }
  }
  return closure;
}

/**
 * A codeSplitting group's `name`: LOGIN_LIBRARIES_CHUNK for a module of the login page (reachable from
 * `rootFiles`), else null (not captured). Walked once per chunking pass (each pass hands out new ModuleInfo objects).
 */
export function loginLibrariesChunkName(rootFiles: string[]) {
  const closures = new WeakMap<object, Set<string>>();
  return (moduleId: string, context: Rolldown.ChunkingContext) => {
    const roots = rootFiles.map((file) => context.getModuleInfo(file));
    if (roots.some((root) => !root)) throw new Error(`the login page's modules are not all in the build: ${rootFiles.join(', ')}`);
    let closure = closures.get(roots[0]!);
    if (!closure) {
      closure = staticClosure(roots as Rolldown.ModuleInfo[], context);
      closures.set(roots[0]!, closure);
    }
    return closure.has(moduleId) ? LOGIN_LIBRARIES_CHUNK : null;
  };
}
