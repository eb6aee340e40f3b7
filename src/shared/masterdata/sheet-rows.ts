/**
 * How an imported sheet reads against an entity declaration, the same for the reference server's
 * streaming reader (server/crud/excel.ts) and the mock back end's (mocks/scenarios/masterdata.ts):
 * a header names a field by its name or its label in either language, a cell counts by its plain
 * value, and a row with no value in any field's column is skipped.
 */
import type { Language } from '../bilingual';
import type { EntityDeclaration } from './declaration';

/** The columns of an export, in order: the entity's fields, then the columns its list works out. */
export const sheetColumns = (entity: EntityDeclaration) => [...entity.fields, ...(entity.derived ?? [])];

/** An export's header row: the columns' labels in `language`. */
export const sheetHeader = (entity: EntityDeclaration, language: Language) => sheetColumns(entity).map((column) => column.label[language]);

/**
 * The field a header text names (its name, or its label in either language; case and spaces ignored);
 * null for a derived column (an exported sheet imported again: the column is skipped), undefined when
 * it names nothing the entity has.
 */
export function headerFields(entity: EntityDeclaration): (text: string) => string | null | undefined {
  const fieldOfHeader = new Map<string, string | null>();
  const add = (name: string, labels: readonly string[], field: string | null) => {
    for (const text of [name, ...labels]) fieldOfHeader.set(text.trim().toLowerCase(), field);
  };
  for (const field of entity.fields) add(field.name, [field.label['zh-chs'], field.label.en], field.name);
  for (const column of entity.derived ?? []) add(column.name, [column.label['zh-chs'], column.label.en], null);
  return (text) => fieldOfHeader.get(text.trim().toLowerCase());
}

/** A cell's plain value: rich text and formula results flattened, hyperlinks to their text. */
export function plainCellValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || value instanceof Date) return value;
  if ('richText' in value) return (value as { richText: { text: string }[] }).richText.map((part) => part.text).join('');
  if ('result' in value) return plainCellValue((value as { result: unknown }).result);
  if ('text' in value) return (value as { text: unknown }).text;
  return String(value);
}

/** A row's values by field (`columnFields[i]` is the field of column i + 1), or undefined when it holds none. */
export function rowCells(columnFields: readonly (string | undefined)[], cellValue: (column: number) => unknown): Record<string, unknown> | undefined {
  const cells: Record<string, unknown> = {};
  let any = false;
  columnFields.forEach((field, index) => {
    if (!field) return;
    const value = plainCellValue(cellValue(index + 1));
    if (value !== null && value !== '') any = true;
    cells[field] = value;
  });
  return any ? cells : undefined;
}
