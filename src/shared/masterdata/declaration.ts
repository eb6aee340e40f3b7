/**
 * A master-data entity, declared once as plain data: the reference server's CRUD mechanism
 * (server/crud) and the client's MasterDataPage (src/grid/master/MasterDataPage.tsx) both work from it, and
 * `npm run gen -- master` writes one per entity (src/shared/masterdata/entities/<entity>.ts).
 * No imports at run time: the server and the browser bundle read the same object.
 */
import type { BilingualText } from '../bilingual';

/** What a field holds; `ref` points at another master entity's key, `lookup` at a lookup type's codes. */
export type FieldType = 'text' | 'int' | 'number' | 'bool' | 'date' | 'ref' | 'lookup';

export interface FieldDeclaration {
  /** Column name (snake_case) = wire property in the grid rows, the save body and the Excel header. */
  name: string;
  type: FieldType;
  label: BilingualText;
  required?: boolean;
  /** Part of the entity's unique key: all fields flagged unique form ONE key together (composite when several). */
  unique?: boolean;
  /** For numbers: the value must be greater than 0 (spec §5 standard pack quantity). */
  positive?: boolean;
  /** Another field's name whose value this one must not equal (a unit conversion's to_unit vs from_unit). */
  differentFrom?: string;
  /** For `ref`: the referenced entity's resource (its single-field key is what is stored). */
  ref?: string;
  /** For `lookup`: the lookup type whose codes are allowed. */
  lookup?: string;
  /** For text: the longest value (default 200, MAX_TEXT_LENGTH); a longer one is edited in a text area. */
  maxLength?: number;
  /**
   * A credential (text): stored, never answered. Reads and exports show SECRET_MASK when one is
   * stored; a save or import that sends the mask keeps the stored value, a blank clears it.
   */
  secret?: boolean;
  /** What the add form starts with (e.g. true for 启用: a new record is usually meant to be in use). */
  initial?: string | number | boolean;
}

export interface EntityDeclaration {
  /** The contract's path prefix and operationId stem: `/<resource>/LoadData`, `MasterPartLoadData`. */
  resource: string;
  table: string;
  /** The LIST_ROUTE of its grid (= its menu link). */
  listRoute: string;
  menuCode: string;
  title: BilingualText;
  /** Rows belong to the organisation the request acts in (org_id). */
  orgScoped: boolean;
  fields: readonly FieldDeclaration[];
  /** A whole-record rule of record-checks.ts, by its key (e.g. a barcode rule's settings must suit its kind). */
  recordCheck?: 'barcodeRule' | 'qualityCheckItem' | 'qualityAql' | 'qualitySampleCode' | 'qualitySampleScheme' | 'equipment' | 'portalCard';
  /**
   * A status field whose moves are a table (spec §4 equipment statuses): a new record starts in one
   * of `initial`, a save or import may change it only to a status `transitions` lists for the stored
   * one, and every change is kept in md_status_history (who, when, from, to).
   */
  statusFlow?: StatusFlow;
  /**
   * Columns the entity's list works out rather than stores (the equipment's years of use): shown and
   * exported after the fields, skipped when an exported sheet is imported again. The reference server's
   * list view computes them in SQL; `of` is the same rule for the mock back end.
   */
  derived?: readonly DerivedColumn[];
}

export interface DerivedColumn {
  name: string;
  type: Extract<FieldType, 'number' | 'int' | 'text' | 'bool' | 'date'>;
  label: BilingualText;
  of(row: Readonly<Record<string, unknown>>, today: Date): string | number | boolean | null;
}

export interface StatusFlow {
  field: string;
  initial: readonly string[];
  transitions: Readonly<Record<string, readonly string[]>>;
  labels: Readonly<Record<string, BilingualText>>;
}

/** The entity's unique key: the fields flagged unique, in declaration order. */
export const uniqueKeyOf = (entity: EntityDeclaration) => entity.fields.filter((f) => f.unique).map((f) => f.name);

/** The one field other entities reference (the key when it has a single field). */
export function referenceKeyOf(entity: EntityDeclaration): string {
  const key = uniqueKeyOf(entity);
  if (key.length !== 1) throw new Error(`${entity.resource} has no single-field unique key to reference`);
  return key[0];
}

/** What a stored secret field reads as (the list view of the entity masks it the same way). */
export const SECRET_MASK = '******';

export const defineEntity = <E extends EntityDeclaration>(entity: E): E => entity;

/** Bookkeeping columns every master table has besides its fields. */
export const SYSTEM_COLUMNS = { id: 'ID', version: 'VERSION' } as const;
