/**
 * The rules of menu and button administration (Menu/*, spec §5), for the server and the mocks: a
 * menu cannot be its own parent nor the child of one of its descendants, stays in its terminal's tree
 * under a parent of the same tree; a link address, a menu code and a button code within its menu are
 * each taken once. A caller with only the PDA menu screen (AdminPdaMenu) reads and edits PDA menus only.
 */
import { Refusal, type RefusalPlace } from '../messages/refusal.ts';
import { parentProblem } from './tree.ts';

/** The screens that give a caller every terminal's menus to read; to change them, the menu screen itself. */
export const MENU_READ_SCREENS = ['AdminMenu', 'AdminRole', 'AdminUser'] as const;
export const MENU_EDIT_SCREEN = 'AdminMenu';

/** Which terminals' menus the caller may read or change: every one, or (with AdminPdaMenu alone) only PDA. */
export type TerminalScope = 'all' | 'PDA';

export function requireInTerminalScope(scope: TerminalScope, terminal: string | undefined): void {
  if (scope === 'PDA' && terminal !== 'PDA') throw new Refusal(403, 'accessDenied');
}

/** 404 unless the menu (or button, or parent) was found. */
export function requireFound(found: unknown): asserts found {
  if (!found) throw new Refusal(404, 'masterNotFound');
}

/** The parent a menu may have, given every menu's current parent. */
export function checkMenuParent(menuId: string | undefined, parentId: string | null, parentOf: ReadonlyMap<string, string | null>): void {
  const problem = parentProblem(menuId, parentId, parentOf);
  if (problem === 'ownParent') throw new Refusal(400, 'menuOwnParent');
  if (problem === 'parentIsDescendant') throw new Refusal(400, 'menuParentIsDescendant');
}

export function requireParentInTerminal(parentTerminal: string | undefined, terminal: string): void {
  if (parentTerminal !== terminal) throw new Refusal(400, 'menuParentOtherTerminal');
}

/**
 * A link address, and a menu code, is taken once: refused about Menu/Save's field (`at`), or about none when
 * the menu is placed by another request that names no such field (a report's menu item, from its wizard).
 */
export function requireLinkFree(taken: boolean, at: RefusalPlace | null = { Field: 'Link_Url' }): void {
  if (taken) throw new Refusal(409, 'menuLinkExists', {}, at ?? undefined);
}

export function requireMenuCodeFree(taken: boolean, code: string, at: RefusalPlace | null = { Field: 'Menu_Code' }): void {
  if (taken) throw new Refusal(409, 'menuCodeExists', { code }, at ?? undefined);
}

/** A button code is taken once within its menu; refused about the button save's field. */
export function requireButtonCodeFree(taken: boolean, code: string): void {
  if (taken) throw new Refusal(409, 'menuButtonExists', { code }, { Field: 'Menu_Code' });
}

/** Menu/AddOrModifySave's body as the save reads it (the contract's MenuSave, less its Id). */
export interface MenuSaveBody {
  Parent_Id?: string | null;
  Menu_Code: string;
  Menu_Name: string;
  MENU_EN?: string;
  Call_Alias?: string | null;
  Icon_Url?: string;
  Link_Url?: string;
  Target?: '' | '_self' | '_blank';
  Is_System_Default?: boolean;
  Is_Expanded?: boolean;
  Is_Shown?: boolean;
  SORT_NUM?: number;
  COLUMNS?: string | null;
  Parent_Route?: string | null;
  ENABLED?: 'Y' | 'N';
  AppCode?: string | null;
  AppUrl?: string | null;
}

/**
 * The menu a save stores, from its body and its terminal (decided by the caller: an existing menu keeps
 * its own): code, name and link trimmed, an empty parent or child-app field as none, and each field not
 * sent at its default. One rule for the server and the mocks.
 */
export function savedMenuFields<Terminal extends string>(body: MenuSaveBody, terminal: Terminal) {
  return {
    Parent_Id: body.Parent_Id || null,
    Menu_Code: body.Menu_Code.trim(),
    Menu_Name: body.Menu_Name.trim(),
    MENU_EN: body.MENU_EN ?? '',
    Call_Alias: body.Call_Alias ?? null,
    Icon_Url: body.Icon_Url ?? '',
    Link_Url: (body.Link_Url ?? '').trim(),
    Target: body.Target ?? '',
    Is_System_Default: body.Is_System_Default ?? false,
    Is_Expanded: body.Is_Expanded ?? false,
    Is_Shown: body.Is_Shown ?? true,
    SORT_NUM: body.SORT_NUM ?? 0,
    COLUMNS: body.COLUMNS ?? null,
    Parent_Route: body.Parent_Route ?? null,
    ENABLED: body.ENABLED ?? 'Y',
    AppCode: body.AppCode || null,
    AppUrl: body.AppUrl || null,
    Terminal: terminal,
  };
}
