/**
 * The menu aside (spec §4 "Menu aside"): a column of root icons (80 px) and, when expanded, the
 * active root's second-level panel (280 px in all). It starts collapsed. Clicking the active root
 * toggles the panel; clicking another root with children opens its panel; a root without
 * children always collapses (and opens its screen).
 */
import type { ShellMenuItem } from '../../core/navigation/types';

export const ASIDE_COLLAPSED_WIDTH = 80;
export const ASIDE_EXPANDED_WIDTH = 280;

export interface AsideState {
  activeRootId?: string;
  collapsed: boolean;
}

export function clickRoot(state: AsideState, root: ShellMenuItem): AsideState {
  if (!root.children.length) return { activeRootId: root.id, collapsed: true };
  if (root.id === state.activeRootId) return { activeRootId: root.id, collapsed: !state.collapsed };
  return { activeRootId: root.id, collapsed: false };
}

export const asideWidth = (state: AsideState) => (state.collapsed ? ASIDE_COLLAPSED_WIDTH : ASIDE_EXPANDED_WIDTH);
