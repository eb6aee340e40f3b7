/**
 * The judgment of an inspection document (issue 19; spec §3): the defects each check item found —
 * counted (attribute) or its measurements outside the limits (variable) — and per defect class their
 * sum against the class's Ac/Re. Pure functions shared by the server (what it records) and the client
 * (the judgment shown live while the inspector types).
 */

export type DefectClass = 'A' | 'B' | 'C' | 'D' | 'E' | 'F';
export type ItemKind = 'ATTRIBUTE' | 'VARIABLE';

/** At most this many measurements per variable check item (spec §3). */
export const MAX_MEASUREMENTS = 50;

/** What the judgment reads of a check item on a document (limits as numbers, numeric text or null). */
export interface JudgedItem {
  kind: ItemKind | string;
  defects: number | null;
  measurements: readonly number[] | null;
  lower_limit: string | number | null;
  upper_limit: string | number | null;
  defect_class: DefectClass;
  sample_size: number;
  ac: number;
  re: number;
}

/** A document's check item as the contract carries it (Iqc/DocumentGet's Items). */
export interface WireCheckItem {
  Kind: string;
  LowerLimit: string | number | null;
  UpperLimit: string | number | null;
  DefectClass: string;
  SampleSize: number;
  Ac: number;
  Re: number;
}

/** A wire item with its results (defects counted, measurements taken) as the judgment reads it: one mapping for the screen and the mocks. */
export function judgedItemOf(item: WireCheckItem, results: { defects: number | null; measurements: readonly number[] | null }): JudgedItem {
  return {
    kind: item.Kind,
    defects: item.Kind === 'ATTRIBUTE' ? results.defects : null,
    measurements: results.measurements,
    lower_limit: item.LowerLimit,
    upper_limit: item.UpperLimit,
    defect_class: item.DefectClass as DefectClass,
    sample_size: item.SampleSize,
    ac: item.Ac,
    re: item.Re,
  };
}

const limitOf = (value: string | number | null, none: number) => (value === null || value === '' ? none : Number(value));

/** A measurement outside the item's limits (either limit may be missing). */
export function outOfLimits(value: number, lower: string | number | null, upper: string | number | null): boolean {
  return value < limitOf(lower, -Infinity) || value > limitOf(upper, Infinity);
}

/** The defects an item found: counted (attribute), or its measurements outside the limits (variable); null without results. */
export function defectsOf(item: Pick<JudgedItem, 'kind' | 'defects' | 'measurements' | 'lower_limit' | 'upper_limit'>): number | null {
  if (item.kind === 'ATTRIBUTE') return item.defects;
  if (!item.measurements) return null;
  return item.measurements.filter((m) => outOfLimits(m, item.lower_limit, item.upper_limit)).length;
}

export interface ClassJudgment {
  defectClass: DefectClass;
  sampleSize: number;
  ac: number;
  re: number;
  defects: number;
  accepted: boolean;
}

/**
 * The judgment per defect class: the defects of its items together against the class's plan (the
 * strictest of its items': the smallest Re, the largest sample); an item is NG when it found defects in
 * a class not accepted. Classes none of whose items has results yet are left out. The result is REJECT
 * when a class is not accepted, ACCEPT when every item has results and every class is accepted, else null.
 */
export function judge(items: readonly JudgedItem[]) {
  const classes = new Map<DefectClass, ClassJudgment>();
  for (const item of items) {
    const found = defectsOf(item);
    const current = classes.get(item.defect_class);
    const entry = current ?? { defectClass: item.defect_class, sampleSize: item.sample_size, ac: item.ac, re: item.re, defects: 0, accepted: true };
    if (item.re < entry.re) Object.assign(entry, { ac: item.ac, re: item.re });
    entry.sampleSize = Math.max(entry.sampleSize, item.sample_size);
    entry.defects += found ?? 0;
    if (found !== null || current) classes.set(item.defect_class, entry);
  }
  for (const entry of classes.values()) entry.accepted = entry.defects < entry.re;
  const itemJudgments = items.map((item): 'OK' | 'NG' | null => {
    const found = defectsOf(item);
    if (found === null) return null;
    return found > 0 && classes.get(item.defect_class)?.accepted === false ? 'NG' : 'OK';
  });
  const complete = items.every((item) => defectsOf(item) !== null);
  const result = [...classes.values()].some((c) => !c.accepted) ? 'REJECT' : complete && items.length ? 'ACCEPT' : null;
  return { classes: [...classes.values()].sort((a, b) => a.defectClass.localeCompare(b.defectClass)), itemJudgments, result: result as 'ACCEPT' | 'REJECT' | null };
}
