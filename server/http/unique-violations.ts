/**
 * A save checks its unique keys before writing, but two identical saves at once both pass the
 * check and the database refuses the second with a unique violation (PostgreSQL 23505). That is
 * the same answer a user gets from the check, so it is given here, in one place, for every
 * handler: 409 with the catalogue message of the key the database named (the constraint), its
 * placeholders filled from the key's values in the error's detail, and the field of the save that
 * writes the key, as the check names it (the form marks it).
 */
import type { MessageKey } from '../../src/shared/messages/catalogue.ts';
import type { RefusalPlace } from '../../src/shared/messages/refusal.ts';

const UNIQUE_VIOLATION = '23505';

/** Whether the database refused a write for a unique key another row holds. */
export const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null | undefined)?.code === UNIQUE_VIOLATION;

interface UniqueKeyMessage {
  key: MessageKey;
  /** The message's placeholders, in the order of the key's columns; '' skips a column. */
  params?: readonly string[];
  /** The field of the save request that writes the key (the shared admin rules refuse the same field). */
  field?: string;
}

/** Unique keys (constraint or unique index names, see server/db/migrations) -> their message. */
const UNIQUE_KEY_MESSAGES: Readonly<Record<string, UniqueKeyMessage>> = {
  users_user_name_unique: { key: 'userExists', field: 'USER_NAME' },
  roles_name_unique: { key: 'roleNameExists', field: 'ROLE_NAME' },
  menus_link_url_unique: { key: 'menuLinkExists', field: 'Link_Url' },
  menus_menu_code_key: { key: 'menuCodeExists', params: ['code'], field: 'Menu_Code' },
  menu_buttons_code_per_menu: { key: 'menuButtonExists', params: ['', 'code'], field: 'Menu_Code' },
  organizations_code_key: { key: 'organizationCodeExists', params: ['code'], field: 'OrganizeCode' },
  organization_types_code_key: { key: 'organizationTypeCodeExists', params: ['code'], field: 'Code' },
  version_masters_version_no_key: { key: 'versionExists', params: ['version'], field: 'VERSION_NO' },
  tool_files_name_version: { key: 'toolFileExists', params: ['name', 'version'], field: 'VERSION' },
  stock_reels_pkey: { key: 'stockReelExists', params: ['', 'reel'] },
  environment_variables_env_var: { key: 'envConfigExists', params: ['env', 'name'], field: 'VarName' },
};

interface DatabaseError {
  code?: unknown;
  constraint?: unknown;
  detail?: unknown;
}

/** The values of the violated key, from PostgreSQL's detail `Key (a, b)=(1, 2) already exists.` */
function keyValues(detail: unknown, count: number): string[] {
  const values = typeof detail === 'string' ? /\)=\((.*)\) already exists/s.exec(detail)?.[1] : undefined;
  if (values === undefined) return [];
  if (count <= 1) return [values];
  // A value holding ", " itself cannot be told apart; the last column then gets the rest.
  const parts = values.split(', ');
  return [...parts.slice(0, count - 1), parts.slice(count - 1).join(', ')];
}

/** The 409 answer of a unique violation (with the field it is about, when known), or undefined for any other error. */
export function uniqueViolationMessage(error: unknown): { key: MessageKey; params: Record<string, string>; at?: RefusalPlace } | undefined {
  if (!isUniqueViolation(error)) return undefined;
  const { constraint, detail } = error as DatabaseError;
  const known = typeof constraint === 'string' ? UNIQUE_KEY_MESSAGES[constraint] : undefined;
  if (!known) return { key: 'recordExists', params: {} };
  const names = known.params ?? [];
  const values = keyValues(detail, names.length);
  const params = Object.fromEntries(names.map((name, index) => [name, values[index] ?? '']).filter(([name]) => name));
  return { key: known.key, params, ...(known.field ? { at: { Field: known.field } } : {}) };
}
