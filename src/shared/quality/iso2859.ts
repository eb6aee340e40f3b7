/**
 * ISO 2859-1:1999 (= GB/T 2828.1-2012, the same tables as ANSI/ASQ Z1.4 for normal and tightened
 * inspection) single sampling: Table 1 (lot size × inspection level → sample size code letter) and
 * the master tables 2-A (normal), 2-B (tightened) and 2-C (reduced), entered as the standard prints
 * them — an acceptance number Ac (the rejection number is always Ac + 1 in single sampling; the 1999
 * edition removed the gap the older reduced plans had) or an arrow: ↓ use the first plan below the
 * arrow, ↑ the first plan above it, and then that plan's OWN sample size, Ac and Re. When the sample
 * size equals or exceeds the lot size, every item is inspected (100 %).
 *
 * Shared by the server (Iqc/SamplePlan, inspection documents) and the client: no imports.
 * Cross-checked cell by cell (every letter × AQL × severity) against a published transcription of
 * GB/T 2828.1-2012 and against the diagonal structure of the tables (tests/server/quality-iso2859.test.ts).
 */

export const INSPECTION_LEVELS = ['S-1', 'S-2', 'S-3', 'S-4', 'I', 'II', 'III'] as const;
export type InspectionLevel = (typeof INSPECTION_LEVELS)[number];

export const SEVERITIES = ['NORMAL', 'TIGHTENED', 'REDUCED'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** The AQL columns of the master tables (percent nonconforming up to 10, nonconformities per 100 items above). */
export const AQL_VALUES = [
  0.01, 0.015, 0.025, 0.04, 0.065, 0.1, 0.15, 0.25, 0.4, 0.65, 1, 1.5, 2.5, 4, 6.5, 10, 15, 25, 40, 65, 100, 150, 250, 400, 650, 1000,
] as const;

/** The sample size code letters (I and O are not used), plus S (tightened inspection only, AQL 0.025). */
export const CODE_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'J', 'K', 'L', 'M', 'N', 'P', 'Q', 'R'] as const;
export type CodeLetter = (typeof CODE_LETTERS)[number] | 'S';

/**
 * Table 1: the upper bound of each lot-size band and its code letter for S-1, S-2, S-3, S-4, I, II, III.
 * The last band (500 001 and over) has no upper bound.
 */
export const TABLE_1: ReadonlyArray<readonly [upTo: number, letters: string]> = [
  [8, 'AAAAAAB'],
  [15, 'AAAAABC'],
  [25, 'AABBBCD'],
  [50, 'ABBCCDE'],
  [90, 'BBCCCEF'],
  [150, 'BBCDDFG'],
  [280, 'BCDEEGH'],
  [500, 'BCDEFHJ'],
  [1200, 'CCEFGJK'],
  [3200, 'CDEGHKL'],
  [10000, 'CDFGJLM'],
  [35000, 'CDFHKMN'],
  [150000, 'DEGJLNP'],
  [500000, 'DEGJMPQ'],
  [Infinity, 'DEHKNQR'],
];

/** The sample size of each code letter, per table (2-C has its own, smaller sizes; 2-B adds S). */
export const SAMPLE_SIZES: Record<Severity, Partial<Record<CodeLetter, number>>> = {
  NORMAL: { A: 2, B: 3, C: 5, D: 8, E: 13, F: 20, G: 32, H: 50, J: 80, K: 125, L: 200, M: 315, N: 500, P: 800, Q: 1250, R: 2000 },
  TIGHTENED: { A: 2, B: 3, C: 5, D: 8, E: 13, F: 20, G: 32, H: 50, J: 80, K: 125, L: 200, M: 315, N: 500, P: 800, Q: 1250, R: 2000, S: 3150 },
  REDUCED: { A: 2, B: 2, C: 2, D: 3, E: 5, F: 8, G: 13, H: 20, J: 32, K: 50, L: 80, M: 125, N: 200, P: 315, Q: 500, R: 800 },
};

/*
 * The master tables, one row per code letter, one cell per AQL column (0.010 … 1000, as AQL_VALUES):
 * a number is Ac (Re = Ac + 1), ↓ / ↑ the arrows, · a blank cell (no plan).
 */
const TABLE_2A: Record<string, string> = {
  A: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0 ↓ ↓ 1 2 3 5 7 10 14 21 30',
  B: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0 ↑ ↓ 1 2 3 5 7 10 14 21 30 44',
  C: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0 ↑ ↓ 1 2 3 5 7 10 14 21 30 44 ↑',
  D: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0 ↑ ↓ 1 2 3 5 7 10 14 21 30 44 ↑ ↑',
  E: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0 ↑ ↓ 1 2 3 5 7 10 14 21 30 44 ↑ ↑ ↑',
  F: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0 ↑ ↓ 1 2 3 5 7 10 14 21 ↑ ↑ ↑ ↑ ↑ ↑',
  G: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0 ↑ ↓ 1 2 3 5 7 10 14 21 ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  H: '↓ ↓ ↓ ↓ ↓ ↓ ↓ 0 ↑ ↓ 1 2 3 5 7 10 14 21 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  J: '↓ ↓ ↓ ↓ ↓ ↓ 0 ↑ ↓ 1 2 3 5 7 10 14 21 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  K: '↓ ↓ ↓ ↓ ↓ 0 ↑ ↓ 1 2 3 5 7 10 14 21 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  L: '↓ ↓ ↓ ↓ 0 ↑ ↓ 1 2 3 5 7 10 14 21 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  M: '↓ ↓ ↓ 0 ↑ ↓ 1 2 3 5 7 10 14 21 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  N: '↓ ↓ 0 ↑ ↓ 1 2 3 5 7 10 14 21 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  P: '↓ 0 ↑ ↓ 1 2 3 5 7 10 14 21 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  Q: '0 ↑ ↓ 1 2 3 5 7 10 14 21 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  R: '↑ ↑ 1 2 3 5 7 10 14 21 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
};

const TABLE_2B: Record<string, string> = {
  A: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0 ↓ ↓ 1 2 3 5 8 12 18 27',
  B: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0 ↓ ↓ 1 2 3 5 8 12 18 27 41',
  C: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0 ↓ ↓ 1 2 3 5 8 12 18 27 41 ↑',
  D: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0 ↓ ↓ 1 2 3 5 8 12 18 27 41 ↑ ↑',
  E: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0 ↓ ↓ 1 2 3 5 8 12 18 27 41 ↑ ↑ ↑',
  F: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0 ↓ ↓ 1 2 3 5 8 12 18 ↑ ↑ ↑ ↑ ↑ ↑',
  G: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0 ↓ ↓ 1 2 3 5 8 12 18 ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  H: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0 ↓ ↓ 1 2 3 5 8 12 18 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  J: '↓ ↓ ↓ ↓ ↓ ↓ ↓ 0 ↓ ↓ 1 2 3 5 8 12 18 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  K: '↓ ↓ ↓ ↓ ↓ ↓ 0 ↓ ↓ 1 2 3 5 8 12 18 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  L: '↓ ↓ ↓ ↓ ↓ 0 ↓ ↓ 1 2 3 5 8 12 18 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  M: '↓ ↓ ↓ ↓ 0 ↓ ↓ 1 2 3 5 8 12 18 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  N: '↓ ↓ ↓ 0 ↓ ↓ 1 2 3 5 8 12 18 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  P: '↓ ↓ 0 ↓ ↓ 1 2 3 5 8 12 18 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  Q: '↓ 0 ↓ ↓ 1 2 3 5 8 12 18 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  R: '0 ↑ ↓ 1 2 3 5 8 12 18 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  S: '· · 1 · · · · · · · · · · · · · · · · · · · · · · ·',
};

const TABLE_2C: Record<string, string> = {
  A: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0 ↓ ↓ 1 2 3 5 7 10 14 21 30',
  B: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0 ↑ ↓ ↓ 1 2 3 5 7 10 14 21 30',
  C: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0 ↑ ↓ ↓ 1 2 3 5 6 8 10 14 21 ↑',
  D: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0 ↑ ↓ ↓ 1 2 3 5 6 8 10 14 21 ↑ ↑',
  E: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0 ↑ ↓ ↓ 1 2 3 5 6 8 10 14 21 ↑ ↑ ↑',
  F: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0 ↑ ↓ ↓ 1 2 3 5 6 8 10 ↑ ↑ ↑ ↑ ↑ ↑',
  G: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0 ↑ ↓ ↓ 1 2 3 5 6 8 10 ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  H: '↓ ↓ ↓ ↓ ↓ ↓ ↓ 0 ↑ ↓ ↓ 1 2 3 5 6 8 10 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  J: '↓ ↓ ↓ ↓ ↓ ↓ 0 ↑ ↓ ↓ 1 2 3 5 6 8 10 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  K: '↓ ↓ ↓ ↓ ↓ 0 ↑ ↓ ↓ 1 2 3 5 6 8 10 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  L: '↓ ↓ ↓ ↓ 0 ↑ ↓ ↓ 1 2 3 5 6 8 10 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  M: '↓ ↓ ↓ 0 ↑ ↓ ↓ 1 2 3 5 6 8 10 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  N: '↓ ↓ 0 ↑ ↓ ↓ 1 2 3 5 6 8 10 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  P: '↓ 0 ↑ ↓ ↓ 1 2 3 5 6 8 10 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  Q: '0 ↑ ↑ ↓ 1 2 3 5 6 8 10 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  R: '↑ ↑ ↑ 1 2 3 5 6 8 10 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
};

type Cell = number | '↑' | '↓' | null;

function parseTable(rows: Record<string, string>): Map<string, Cell[]> {
  const table = new Map<string, Cell[]>();
  for (const [letter, row] of Object.entries(rows)) {
    const cells = row.split(' ').map((c): Cell => (c === '↑' || c === '↓' ? c : c === '·' ? null : Number(c)));
    if (cells.length !== AQL_VALUES.length) throw new Error(`ISO 2859-1 table row ${letter}: ${cells.length} cells`);
    table.set(letter, cells);
  }
  return table;
}

const MASTER_TABLES: Record<Severity, { letters: string[]; cells: Map<string, Cell[]> }> = {
  NORMAL: { letters: [...CODE_LETTERS], cells: parseTable(TABLE_2A) },
  TIGHTENED: { letters: [...CODE_LETTERS, 'S'], cells: parseTable(TABLE_2B) },
  REDUCED: { letters: [...CODE_LETTERS], cells: parseTable(TABLE_2C) },
};

/** The printed cell of a master table (Ac, an arrow, or null for a blank), for the screens that show the table. */
export function masterCell(severity: Severity, letter: CodeLetter, aql: number): Cell | undefined {
  const column = aqlColumn(aql);
  return column < 0 ? undefined : MASTER_TABLES[severity].cells.get(letter)?.[column];
}

/** The column of an AQL value (0.010 and 0.01 are the same column), -1 when it is not one of the table's. */
export function aqlColumn(aql: number): number {
  return AQL_VALUES.findIndex((value) => Math.abs(value - aql) < 1e-9);
}

export function isInspectionLevel(level: string): level is InspectionLevel {
  return (INSPECTION_LEVELS as readonly string[]).includes(level);
}

/** Table 1: the sample size code letter of a lot size (≥ 2) at an inspection level. */
export function codeLetterOf(lotSize: number, level: InspectionLevel): CodeLetter {
  if (!Number.isInteger(lotSize) || lotSize < 1) throw new RangeError(`lot size ${lotSize}: a whole number ≥ 1`);
  const band = TABLE_1.find(([upTo]) => lotSize <= upTo)!;
  return band[1][INSPECTION_LEVELS.indexOf(level)] as CodeLetter;
}

export interface SamplingPlan {
  /** The code letter Table 1 gives for the lot size and level. */
  codeLetter: CodeLetter;
  /** The code letter of the plan used after following the table's arrows. */
  planLetter: CodeLetter;
  /** The plan's sample size, or the lot size when that is smaller (100 % inspection). */
  sampleSize: number;
  ac: number;
  re: number;
  /** Sample size ≥ lot size: every item of the lot is inspected. */
  fullInspection: boolean;
}

/** A master-table plan for a code letter and AQL: the arrows followed to the first plan, and that plan's own n, Ac, Re. */
export function masterPlan(severity: Severity, letter: CodeLetter, aql: number): { planLetter: CodeLetter; sampleSize: number; ac: number; re: number } {
  const column = aqlColumn(aql);
  if (column < 0) throw new RangeError(`AQL ${aql} is not a value of ISO 2859-1 (${AQL_VALUES.join(', ')})`);
  const { letters, cells } = MASTER_TABLES[severity];
  let row = letters.indexOf(letter);
  if (row < 0) throw new RangeError(`code letter ${letter}: not in table ${severity}`);
  const start = cells.get(letter)![column];
  if (start === null) throw new RangeError(`code letter ${letter}, AQL ${aql}: no plan in table ${severity}`);
  const step = start === '↓' ? 1 : start === '↑' ? -1 : 0;
  for (;;) {
    const cell = cells.get(letters[row])?.[column];
    if (typeof cell === 'number') {
      const planLetter = letters[row] as CodeLetter;
      return { planLetter, sampleSize: SAMPLE_SIZES[severity][planLetter]!, ac: cell, re: cell + 1 };
    }
    // An arrow never points off the table, nor into a blank cell (the tests walk every cell).
    if (step === 0 || cell === null || cell === undefined) throw new Error(`ISO 2859-1 table ${severity}: no plan from ${letter}/${aql}`);
    row += step;
  }
}

/** The single sampling plan for a lot: Table 1, then the master table of the severity (normal by default). */
export function samplePlan(input: { lotSize: number; level: InspectionLevel; aql: number; severity?: Severity }): SamplingPlan {
  const codeLetter = codeLetterOf(input.lotSize, input.level);
  const plan = masterPlan(input.severity ?? 'NORMAL', codeLetter, input.aql);
  const fullInspection = plan.sampleSize >= input.lotSize;
  return { codeLetter, ...plan, sampleSize: fullInspection ? input.lotSize : plan.sampleSize, fullInspection };
}
