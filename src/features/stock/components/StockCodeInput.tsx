/**
 * A stock screen's code field (part, storage location, locator, vendor): the shared code box with suggestions,
 * read through Stock/RefOptions under the stock screens' menus.
 */
import { CodeSuggestInput, type CodeSuggestInputProps } from '../../../grid/components/CodeSuggestInput';
import { loadStockRefOptions, type StockRefOptionsRequest } from '../../../grid/stock/stockApi';

export interface StockCodeInputProps extends Omit<CodeSuggestInputProps, 'source' | 'suggest'> {
  field: StockRefOptionsRequest['Field'];
  /** For a locator: the storage location typed beside it, whose locators are suggested. */
  sic?: string;
}

export function StockCodeInput({ field, sic, ...input }: StockCodeInputProps) {
  const storageLocation = sic?.trim() || undefined;
  return (
    <CodeSuggestInput
      {...input}
      source={['stock', field, storageLocation ?? '']}
      suggest={(key) => loadStockRefOptions({ Field: field, Key: key, ...(storageLocation ? { Sic: storageLocation } : {}) })}
    />
  );
}
