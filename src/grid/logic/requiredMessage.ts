/**
 * The message of an empty required field in a record form. A field filled by picking (a date, a list) asks the
 * user to select it (请选择…, "Please select …"), as the spec's own messages do (请选择字段名称); a typed one to
 * enter it (请输入…).
 */
const PICKED_KINDS: ReadonlySet<string> = new Set(['date', 'datetime', 'select', 'ref', 'lookup']);

export const requiredMessageKey = (kind: string): 'master.requiredPick' | 'master.required' =>
  PICKED_KINDS.has(kind) ? 'master.requiredPick' : 'master.required';
