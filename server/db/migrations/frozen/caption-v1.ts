/**
 * Frozen copy of the column-comment caption format (server/db/column-captions.ts) for migrations:
 * the Chinese caption on the first line, the English one on the second.
 */
export const bilingualCaption = (zh: string, en?: string) => (en && en !== zh ? `${zh}\n${en}` : zh);
