/** The scanning pages there are, by the link of their PDA menu (server/db/seed/system-data.ts PDA_MENU_TREE). */
export const PDA_HOME = '/pda';

export const PDA_PAGES = {
  receive: '/pda/receive-scan',
  pick: '/pda/picking',
  transfer: '/pda/transfer',
  reelQuery: '/pda/reel-query',
} as const;

export const PDA_PAGE_LINKS: readonly string[] = Object.values(PDA_PAGES);
