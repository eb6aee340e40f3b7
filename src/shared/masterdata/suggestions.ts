/**
 * A code field's suggestions as the user types (Bill/RefOptions, Stock/RefOptions): the organisation's enabled
 * records of one master entity whose code starts with the typed text or whose name or detail (a part's
 * specification: the demo's parts, as a plant's, share names by kind) contains it (any case), the exact code first,
 * then by code, at most SUGGESTIONS; a locator field's, those of the storage location the form names. The server reads them with SQL (server/modules/masterdata/suggestions.ts), the mocks with `suggestionsAmong`.
 */

export const SUGGESTIONS = 20;

/** The entities whose records a code field suggests (their declarations' resource names). */
export type SuggestedEntity = 'Company' | 'Vendor' | 'Customer' | 'Part' | 'StorageLocation' | 'BusinessUnit' | 'Locator';

export interface CodeSuggestion {
  Code: string;
  Name: string;
  /** What tells records of one name apart ('' when the entity has none): SUGGESTION_DETAIL's column. */
  Detail: string;
}

/** The column a suggestion shows and searches beside the name, per entity. */
export const SUGGESTION_DETAIL: Partial<Record<SuggestedEntity, string>> = { Part: 'spec' };

/** Stock/RefOptions' fields (the stock query's, the ledger's, the reel generator's) and the entity each names. */
export const STOCK_REF_ENTITIES = { PartCode: 'Part', Sic: 'StorageLocation', Loc: 'Locator', VendorCode: 'Vendor' } as const satisfies Record<string, SuggestedEntity>;
export type StockRefField = keyof typeof STOCK_REF_ENTITIES;

/**
 * The suggestions that fit the text typed, the exact code first: the rule over records held in memory (the
 * mocks' master rows), and over a list read for an earlier text while the one for this text is on its way.
 */
export function suggestionsFitting(options: readonly CodeSuggestion[], typed: string | null | undefined): CodeSuggestion[] {
  const key = (typed ?? '').trim().toLowerCase();
  if (!key) return [...options];
  const exact = (option: CodeSuggestion) => Number(option.Code.toLowerCase() === key);
  return options
    .filter((option) => option.Code.toLowerCase().startsWith(key) || option.Name.toLowerCase().includes(key) || option.Detail.toLowerCase().includes(key))
    .sort((a, b) => exact(b) - exact(a));
}

/** A record a code field may suggest and a bill may name: its 启用 is not off (absent counts as on). */
export const isEnabledRecord = (row: { readonly [column: string]: unknown }): boolean => row.enabled !== false;

/** The rule over the mocks' master rows. */
export function suggestionsAmong(
  rows: readonly Record<string, unknown>[],
  entity: SuggestedEntity,
  typed: string | null | undefined,
  storageLocation?: string | null,
): CodeSuggestion[] {
  const sic = entity === 'Locator' ? (storageLocation ?? '').trim() : '';
  const enabled = rows
    .filter((row) => isEnabledRecord(row) && (!sic || row.storage_location_code === sic))
    .map((row) => ({ Code: String(row.code), Name: String(row.name ?? ''), Detail: String(row[SUGGESTION_DETAIL[entity] ?? ''] ?? '') }))
    .sort((a, b) => a.Code.localeCompare(b.Code));
  return suggestionsFitting(enabled, typed).slice(0, SUGGESTIONS);
}
