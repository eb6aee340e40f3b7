/**
 * The two languages every text comes in (spec §1, §9): zh-chs, the default, and en. Declarations,
 * the message catalogue and the client's i18n set-up all take them from here.
 */
export const LANGUAGES = ['zh-chs', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-chs';

/** A label or message in both languages. */
export type BilingualText = Readonly<Record<Language, string>>;
