/** Texts by language and namespace, from `import.meta.glob` results over locales/<lng>/<ns>.json. */
export type Texts = Record<string, Record<string, Record<string, unknown>>>;

export function textsOf(files: Record<string, { default: Record<string, unknown> }>): Texts {
  const texts: Texts = {};
  for (const [file, mod] of Object.entries(files)) {
    const [, lng, ns] = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file)!;
    (texts[lng] ??= {})[ns] = mod.default;
  }
  return texts;
}
