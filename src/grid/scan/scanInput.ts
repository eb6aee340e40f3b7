/**
 * What a keyboard-wedge scanner types (spec §2 PDA menus; issue 17 "scanning page"). The scanner
 * types the code fast and ends it with Enter; a GS1 or ECIA label's separators come as control keys
 * a browser does not put in an input (GS = Ctrl+], RS = Ctrl+^, EOT = Ctrl+D on most scanners'
 * "function key" setting) or as a character the key event carries as is. They are kept in the code,
 * so a vendor label reaches the server's parser whole; typed forms (␝, <GS>) are the server call's.
 */

/** GS, RS and EOT: the separators of GS1 and ECIA (EIGP 114) labels. */
export const GS = '\x1d';
export const RS = '\x1e';
export const EOT = '\x04';

/** Ctrl+<key> -> the control character a scanner means by it. */
const CONTROL_KEYS: Readonly<Record<string, string>> = { ']': GS, '^': RS, '6': RS, d: EOT, D: EOT };

/** The key event's fields this logic reads (a React or DOM keyboard event has them). */
export interface ScanKey {
  key: string;
  ctrlKey: boolean;
  altKey?: boolean;
  metaKey?: boolean;
}

/** The separator the key stands for, if it stands for one (the caller then inserts it and stops the browser's default). */
export function separatorOfKey(event: ScanKey): string | undefined {
  if (event.key === GS || event.key === RS || event.key === EOT) return event.key;
  if (!event.ctrlKey || event.altKey || event.metaKey) return undefined;
  return CONTROL_KEYS[event.key];
}

/**
 * The code of a finished scan: without the spaces, CR and LF around it (a scanner's suffix, a typist's
 * slip), separators inside kept. Empty when nothing was scanned.
 */
export function scannedCode(typed: string): string {
  return typed.replace(/^[\s\r\n]+|[\s\r\n]+$/g, '');
}

/** The key event of an input, as far as typing a separator into it needs. */
export interface ScanInputKey extends ScanKey {
  preventDefault(): void;
  currentTarget: { selectionStart: number | null; selectionEnd: number | null };
}

/**
 * The input's text with the separator a key stands for put in at the caret (over a selection), the browser's
 * own handling of the key stopped; undefined for any other key, which the browser types as usual.
 */
export function typedWithSeparator(event: ScanInputKey, typed: string): string | undefined {
  const separator = separatorOfKey(event);
  if (separator === undefined) return undefined;
  event.preventDefault();
  const start = event.currentTarget.selectionStart ?? typed.length;
  const end = event.currentTarget.selectionEnd ?? typed.length;
  return typed.slice(0, start) + separator + typed.slice(end);
}
