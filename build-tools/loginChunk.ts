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
import { parseAst, type Rolldown } from 'vite';

export const LOGIN_LIBRARIES_CHUNK = 'login-libraries';

/** A re-export: `export { default as Button } from './button'` (the exported names) or `export * from './icons'` (none). */
interface ReExport {
  source: string;
  names?: string[];
}

/** What the walk needs of a module's import and export statements, read by the bundler's own parser. */
interface ModuleSyntax {
  reExports: ReExport[];
  /** Per imported specifier: the names taken, or undefined when the whole module is (default is a name). */
  imports: Map<string, string[] | undefined>;
}

type Named = { name?: string; value?: unknown };
const nameOf = (node: Named): string => node.name ?? String(node.value);

/** Parsed once per module text (the chunking passes hand out new ModuleInfo objects for the same code). */
const syntaxOfCode = new Map<string, ModuleSyntax | null>();

/** The module's import and export statements; null when its code does not parse (the walk then takes the whole module). */
function syntaxOf(code: string): ModuleSyntax | null {
  if (syntaxOfCode.has(code)) return syntaxOfCode.get(code)!;
  let syntax: ModuleSyntax | null = null;
  try {
    syntax = readSyntax(parseAst(code));
  } catch {
    syntax = null;
  }
  syntaxOfCode.set(code, syntax);
  return syntax;
}

function readSyntax(program: ReturnType<typeof parseAst>): ModuleSyntax {
  const reExports: ReExport[] = [];
  const imports = new Map<string, string[] | undefined>();
  const takeWhole = (source: string) => imports.set(source, undefined);
  const take = (source: string, names: string[]) => {
    if (imports.has(source) && imports.get(source) === undefined) return;
    imports.set(source, [...(imports.get(source) ?? []), ...names]);
  };
  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration') {
      const source = String(statement.source.value);
      if (statement.importKind === 'type') continue;
      // A bare `import 'x'` runs the whole module; so does a namespace import.
      if (statement.specifiers.length === 0) takeWhole(source);
      const names: string[] = [];
      for (const specifier of statement.specifiers) {
        if (specifier.type === 'ImportNamespaceSpecifier') takeWhole(source);
        else if (specifier.type === 'ImportDefaultSpecifier') names.push('default');
        else if (specifier.importKind !== 'type') names.push(nameOf(specifier.imported as Named));
      }
      take(source, names);
    } else if (statement.type === 'ExportAllDeclaration') {
      const source = String(statement.source.value);
      reExports.push({ source });
      takeWhole(source);
    } else if (statement.type === 'ExportNamedDeclaration' && statement.source) {
      const source = String(statement.source.value);
      if (statement.exportKind === 'type') continue;
      reExports.push({ source, names: statement.specifiers.map((specifier) => nameOf(specifier.exported as Named)) });
      takeWhole(source);
    }
  }
  return { reExports, imports };
}

/**
 * A package entry that re-exports many modules (antd's index, @ant-design/icons' index), or passes on one
 * that does (`export * from './icons'`).
 */
function isBarrel(info: Rolldown.ModuleInfo, context: Rolldown.ChunkingContext): boolean {
  if (!/node_modules[\\/]/.test(info.id) || !info.code) return false;
  const reExports = syntaxOf(info.code)?.reExports ?? [];
  if (info.importedIds.length > 20) return reExports.length >= info.importedIds.length - 5;
  return reExports.some(({ names, source }) => {
    const nested = names === undefined ? resolveFrom(info, source) : undefined;
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
 * The names `code` imports from `specifier`; undefined when it takes the whole module (a namespace, a bare
 * import, a re-export), does not import it by that name, or does not parse, so the walk errs on the side
 * of too many modules.
 */
export function namesImported(code: string, specifier: string): string[] | undefined {
  return syntaxOf(code)?.imports.get(specifier);
}

/** The module's re-exports (exported for its test). */
export const reExportsOf = (code: string): ReExport[] | undefined => syntaxOf(code)?.reExports;

/**
 * The modules of `barrel` that export `names` (following its `export *` into nested barrels), and what the
 * barrel imports for its own code.
 */
function barrelSources(barrel: Rolldown.ModuleInfo, names: Set<string>, context: Rolldown.ChunkingContext): string[] {
  const found: string[] = [];
  const reExported = new Set<string>();
  for (const { names: exported, source } of syntaxOf(barrel.code!)?.reExports ?? []) {
    const id = resolveFrom(barrel, source);
    if (!id) continue;
    reExported.add(id);
    if (exported === undefined) {
      const nested = context.getModuleInfo(id);
      if (nested && isBarrel(nested, context)) found.push(...barrelSources(nested, names, context));
      else found.push(id);
      continue;
    }
    if (exported.some((name) => names.has(name))) found.push(id);
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
