/**
 * Bill/RefOptions: what a bill form's master-code field suggests as the user types (masterSuggestions): the
 * records of the field's entity, for a field the type's form shows. The caller may save bills of the type (its
 * x-permission), so a warehouse clerk without the master-data menus still picks a vendor by its name.
 */
import type { DB } from '../../db/database.ts';
import { billTypeDeclaration } from '../../../src/shared/bills/types/index.ts';
import { suggestedEntity } from '../../../src/shared/bills/save-rules.ts';
import type { BillRefField } from '../../../src/shared/bills/fields.ts';
import { Problem } from '../../http/problem.ts';
import type { CodeSuggestion } from '../../../src/shared/masterdata/suggestions.ts';
import { masterSuggestions } from '../masterdata/suggestions.ts';

export interface RefOptionsInput {
  BillType: string;
  Field: BillRefField;
  Key?: string | null;
  Sic?: string | null;
}

export async function refOptions(db: DB, orgId: string, input: RefOptionsInput): Promise<CodeSuggestion[]> {
  const type = billTypeDeclaration(input.BillType);
  if (!type) throw new Problem(400, 'billTypeUnknown', { type: input.BillType });
  return masterSuggestions(db, orgId, suggestedEntity(type, input.Field), input.Key, input.Sic);
}
