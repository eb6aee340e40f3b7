/**
 * Every namespace's texts in both languages, in a chunk of its own: loaded after login (the guard)
 * or when something asks for a namespace the login page does not bundle (index.ts).
 */
import { textsOf } from './resources';

export const ALL_TEXTS = textsOf(import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true }));
