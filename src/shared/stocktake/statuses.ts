/** A count plan's statuses (server/modules/stocktake/stocktake.ts) with their names: the 字典 type STOCKTAKE_STATUS labels the grid's column. */
import type { BilingualText } from '../bilingual';

export const STOCKTAKE_STATUSES = ['DRAFT', 'COUNTING', 'RECOUNT', 'POSTED', 'CANCELLED'] as const;
export type StocktakeStatus = (typeof STOCKTAKE_STATUSES)[number];
export const STOCKTAKE_STATUS_LOOKUP = 'STOCKTAKE_STATUS';

export const STOCKTAKE_STATUS_LABELS: Readonly<Record<StocktakeStatus, BilingualText>> = {
  DRAFT: { 'zh-chs': '草稿', en: 'Draft' },
  COUNTING: { 'zh-chs': '盘点中', en: 'Counting' },
  RECOUNT: { 'zh-chs': '复盘中', en: 'Re-counting' },
  POSTED: { 'zh-chs': '已过账', en: 'Posted' },
  CANCELLED: { 'zh-chs': '已取消', en: 'Cancelled' },
};
