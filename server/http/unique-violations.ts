/**
 * A save checks its unique keys before writing, but two identical saves at once both pass the
 * check and the database refuses the second with a unique violation (PostgreSQL 23505). That is
 * the same answer a user gets from the check, so it is given here, in one place, for every
 * handler: 409 with the catalogue message of the key the database named (the constraint), its
 * placeholders filled from the key's values in the error's detail.
 */
import type { MessageKey } from '../../src/shared/messages/catalogue.ts';

const UNIQUE_VIOLATION = '23505';

interface UniqueKeyMessage {
  key: MessageKey;
  /** The message's placeholders, in the order of the key's columns; '' skips a column. */
  params?: readonly string[];
}

/** Unique keys (constraint or unique index names, see server/db/migrations) -> their message. */
const UNIQUE_KEY_MESSAGES: Readonly<Record<string, UniqueKeyMessage>> = {
  users_user_name_unique: { key: 'userExists' },
  roles_name_unique: { key: 'roleNameExists' },
  menus_link_url_unique: { key: 'menuLinkExists' },
  menus_menu_code_key: { key: 'menuCodeExists', params: ['code'] },
  menu_buttons_code_per_menu: { key: 'menuButtonExists', params: ['', 'code'] },
  organizations_code_key: { key: 'organizationCodeExists', params: ['code'] },
  organization_types_code_key: { key: 'organizationTypeCodeExists', params: ['code'] },
  version_masters_version_no_key: { key: 'versionExists', params: ['version'] },
  tool_files_name_version: { key: 'toolFileExists', params: ['name', 'version'] },
  stock_reels_pkey: { key: 'stockReelExists', params: ['', 'reel'] },
  environment_variables_env_var: { key: 'envConfigExists', params: ['env', 'name'] },
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

/** The 409 answer of a unique violation, or undefined for any other error. */
export function uniqueViolationMessage(error: unknown): { key: MessageKey; params: Record<string, string> } | undefined {
  const { code, constraint, detail } = (error ?? {}) as DatabaseError;
  if (code !== UNIQUE_VIOLATION) return undefined;
  const known = typeof constraint === 'string' ? UNIQUE_KEY_MESSAGES[constraint] : undefined;
  if (!known) return { key: 'recordExists', params: {} };
  const names = known.params ?? [];
  const values = keyValues(detail, names.length);
  const params = Object.fromEntries(names.map((name, index) => [name, values[index] ?? '']).filter(([name]) => name));
  return { key: known.key, params };
}
