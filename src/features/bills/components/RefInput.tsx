/**
 * A bill form's master-code field (vendor, part, storage location, locator ...): the shared code box with
 * suggestions (CodeSuggestInput), read through Bill/RefOptions under the type's Save grant.
 */
import { CodeSuggestInput, type CodeSuggestInputProps } from '../../../grid/components/CodeSuggestInput';
import type { BillRefField } from '../../../shared/bills/fields';
import { loadRefOptions } from '../api';

export interface RefInputProps extends Omit<CodeSuggestInputProps, 'source' | 'suggest'> {
  billType: string;
  field: BillRefField;
  /** For a locator: the line's storage location, whose locators are suggested. */
  sic?: string;
}

export function RefInput({ billType, field, sic, ...input }: RefInputProps) {
  return (
    <CodeSuggestInput
      {...input}
      source={['bills', billType, field, sic ?? '']}
      suggest={(key) => loadRefOptions({ BillType: billType, Field: field, Key: key, ...(sic ? { Sic: sic } : {}) })}
    />
  );
}
