/**
 * How the stock screens write quantities and instants: exact decimal text grouped in the user's
 * locale (1,200 / 1.200,5 never a binary float), instants in local time as the grid writes them.
 */
import { useCallback } from 'react';
import { useLanguage } from '../../core/i18n/localizedTitle';
import { formatGroupedDecimalText } from '../logic/columns';
import { formatTime } from '../../core/format/time';

/** Intl's name of the user's language, for digit grouping (as the DataGrid's cells). */
const NUMBER_LOCALE = { 'zh-chs': 'zh-CN', en: 'en' } as const;

/** A quantity (decimal text from the contract) as the user's locale groups it. */
export function useQuantityText(): (quantity: string | null | undefined) => string {
  const language = useLanguage();
  return useCallback((quantity) => (quantity == null || quantity === '' ? '' : formatGroupedDecimalText(quantity, NUMBER_LOCALE[language])), [language]);
}

/** An instant (ISO text) in the user's time zone, as the grid's date-time columns and every screen show it. */
export const instantText = (value: string | null | undefined): string => formatTime(value);
