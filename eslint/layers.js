/**
 * The one ESLint rule that keeps the layers apart (README "Layout"): every relative import is resolved
 * to the file it names, both files are given their layer by path, and the import is an error unless
 * the importing layer may use the imported one. Within a layer anything goes, except that a layer
 * marked `isolated` (the features) is one element per subfolder: a feature never imports another.
 * An import that names no file of the repository is an error too, so a typo cannot slip past.
 *
 * Options: `{ layers: [{ name, paths, mayImport, isolated? }] }`; `paths` are repository-relative
 * prefixes (a folder ends with '/'), the first layer with a matching prefix wins, so list single files
 * (the generated contract) before their folder. Files in no layer (tests, tooling) are not checked.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

const EXTENSIONS = ['', '.ts', '.tsx', '.d.ts', '.js', '.mjs', '.json', '/index.ts', '/index.tsx', '/index.js'];

function resolveFile(absolute) {
  for (const extension of EXTENSIONS) {
    const candidate = absolute + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

const toPosix = (file) => file.split(path.sep).join('/');

/** The layer of a repository-relative path, and for an isolated layer the element (its subfolder). */
function placeOf(relative, layers) {
  for (const layer of layers) {
    const prefix = layer.paths.find((p) => (p.endsWith('/') ? relative.startsWith(p) : relative === p));
    if (prefix === undefined) continue;
    const element = layer.isolated ? prefix + relative.slice(prefix.length).split('/')[0] : layer.name;
    return { layer, element };
  }
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export const importDirection = {
  meta: {
    type: 'problem',
    docs: { description: 'Layers import only downward; a feature never imports another feature.' },
    schema: [
      {
        type: 'object',
        properties: {
          layers: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                name: { type: 'string' },
                paths: { type: 'array', items: { type: 'string' } },
                mayImport: { type: 'array', items: { type: 'string' } },
                isolated: { type: 'boolean' },
              },
              required: ['name', 'paths', 'mayImport'],
              additionalProperties: false,
            },
          },
        },
        required: ['layers'],
        additionalProperties: false,
      },
    ],
    messages: {
      upward:
        "{{from}} ({{fromLayer}}) imports {{to}} ({{toLayer}}): {{fromLayer}} may import only {{allowed}} (layers import downward, README 'Layout').",
      crossFeature:
        "{{from}} imports {{to}}: a feature never imports another feature; move what both need down (api, grid, shell, core or shared).",
      outside: "{{from}} ({{fromLayer}}) imports {{to}}, which belongs to no layer (README 'Layout').",
      unresolved: '{{from}} imports {{specifier}}, which names no file of the repository.',
    },
  },
  create(context) {
    const { layers } = context.options[0];
    const root = context.cwd;
    const from = toPosix(path.relative(root, context.filename));
    const here = placeOf(from, layers);
    if (!here) return {};

    function check(node) {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const specifier = source.value.split('?')[0];
      if (!specifier.startsWith('.')) return;
      const target = resolveFile(path.resolve(path.dirname(context.filename), specifier));
      if (!target) {
        context.report({ node: source, messageId: 'unresolved', data: { from, specifier } });
        return;
      }
      const to = toPosix(path.relative(root, target));
      const there = placeOf(to, layers);
      if (!there) {
        context.report({ node: source, messageId: 'outside', data: { from, fromLayer: here.layer.name, to } });
      } else if (there.layer === here.layer) {
        if (there.element !== here.element) context.report({ node: source, messageId: 'crossFeature', data: { from, to } });
      } else if (!here.layer.mayImport.includes(there.layer.name)) {
        const allowed = here.layer.mayImport.length ? here.layer.mayImport.join(', ') : 'nothing outside itself';
        context.report({
          node: source,
          messageId: 'upward',
          data: { from, fromLayer: here.layer.name, to, toLayer: there.layer.name, allowed },
        });
      }
    }

    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'import-direction': importDirection } };
