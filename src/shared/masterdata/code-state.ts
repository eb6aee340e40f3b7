/**
 * Whether a typed or scanned master code names a record a clerk may pick: none, a record whose 启用 is off, or
 * one in use. Bill/Save's checks (src/shared/bills/save-rules.ts) and Reel/Generate's
 * (src/shared/labels/generate-rules.ts) ask it; the server answers from its tables
 * (server/modules/masterdata/code-states.ts), the mocks from their master rows.
 */
import type { MessageKey, MessageParams } from '../messages/catalogue.ts';
import { Refusal, type RefusalPlace } from '../messages/refusal.ts';
import { isEnabledRecord } from './suggestions.ts';

/** The master entities (src/shared/masterdata) whose codes a bill or a generated reel names. */
export type MasterCodeEntity = 'Company' | 'Vendor' | 'Customer' | 'Part' | 'StorageLocation' | 'BusinessUnit';

/** A master code in the caller's organisation: none, a record whose 启用 is off, or one a bill may name. */
export type MasterCodeState = 'missing' | 'disabled' | 'enabled';

/** The state of codes in the caller's organisation (the server's tables, the mocks' master data). */
export interface MasterCodeLookup {
  stateOf(entity: MasterCodeEntity, code: string): MasterCodeState | Promise<MasterCodeState>;
  /** A locator of the storage location ('missing': none of that code in it). */
  locatorStateOf(sic: string, loc: string): MasterCodeState | Promise<MasterCodeState>;
}

/** A record's state from its 启用 flag, counted as the suggestions count it. */
export const masterCodeState = (row: { readonly [column: string]: unknown } | undefined): MasterCodeState =>
  row === undefined ? 'missing' : isEnabledRecord(row) ? 'enabled' : 'disabled';

/**
 * Refuses a code that is not a record a clerk may pick: the message of a missing one, or of a disabled one,
 * about the place `at` of the request that names it.
 */
export function refuseUnlessEnabled(state: MasterCodeState, keys: { missing: MessageKey; disabled: MessageKey }, params: MessageParams, at?: RefusalPlace) {
  if (state !== 'enabled') throw new Refusal(400, keys[state], params, at);
}
