/** The scanning pages there are, by the link of their PDA menu (server/db/seed/system-data.ts PDA_MENU_TREE). */
export const PDA_HOME = '/pda';

export const PDA_PAGES = {
  receive: '/pda/receive-scan',
  pick: '/pda/picking',
  // Issuing to a work order is picking its reels by scanning: the picking page.
  issue: '/pda/issue-scan',
  transfer: '/pda/transfer',
  // A reel to another locator: the transfer page (any locator, of this storage location or another).
  moveLocator: '/pda/move-locator',
  reelQuery: '/pda/reel-query',
  stockQuery: '/pda/stock-query',
  stocktake: '/pda/stocktake',
} as const;

export const PDA_PAGE_LINKS: readonly string[] = Object.values(PDA_PAGES);
