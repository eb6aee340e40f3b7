/**
 * A screen made by `npm run gen -- page`, declared once as plain data (as master entities and bill
 * types are): its menu link, its menu item, its titles and, for a list screen, the table or view its
 * grid reads with the columns searched. The seed makes the menu item (unless the link's menu is
 * seeded already) and the list route with its search settings from it; the mocks make the same list
 * with sample rows from it; the page shows the DataGrid of the link. No imports at run time.
 */
import type { BilingualText } from '../bilingual';

export const PAGE_COLUMN_TYPES = ['text', 'int', 'number', 'date', 'datetime', 'bool'] as const;
export type PageColumnType = (typeof PAGE_COLUMN_TYPES)[number];

export interface PageColumnDeclaration {
  /** The source's column (snake_case), shown and searched in the grid. */
  name: string;
  type: PageColumnType;
  label: BilingualText;
}

export interface PageListDeclaration {
  /** The table or view the grid reads (it must exist on the server: a migration makes it). */
  source: string;
  /** Its rows carry org_id; a caller sees their organisation's rows only. */
  orgScoped: boolean;
  /** A column unique among the rows a caller sees: the grid's last sort key and the export's paging key. */
  keyField: string;
  /** The columns offered as search conditions, in order (the grid shows every column of the source). */
  columns: readonly PageColumnDeclaration[];
  /** The grid's order before the user sorts ("field [asc|desc], ..." over the source's columns); else the key's. */
  defaultSort?: string;
  /**
   * Other columns of the source the grid shows differently (list_column_meta): `hidden` bookkeeping
   * columns (still offered in the column configuration), and coded ones labelled from a 字典 type (`lookup`).
   * org_id of an organisation-scoped source is hidden without being named here.
   */
  columnMeta?: readonly { field: string; hidden?: boolean; lookup?: string }[];
  /** What the grid says when it has no rows, when that can say more than 暂无数据 (what the list waits for). */
  emptyText?: BilingualText;
}

export interface PageDeclaration {
  /** The component's name without "Page" (PascalCase). */
  name: string;
  /** src/features/<domain>/pages/<name>Page.tsx */
  domain: string;
  /** The menu link (= the list's LIST_ROUTE). */
  link: string;
  /** The menu item's code: a seeded item with this link, or a new item under `parentMenu`. */
  menuCode: string;
  /** The menu group a new item goes under; null when the link's menu item is seeded already. */
  parentMenu: string | null;
  title: BilingualText;
  /** A list screen's grid; null for a page the developer fills in. */
  list: PageListDeclaration | null;
  /** A list screen's ProForm editor (src/grid/ListEditorPage.tsx): a save call of the contract and its fields. */
  editor?: PageEditorDeclaration;
}

/** How an editor field is entered (from its JSON schema type and format). */
export const PAGE_EDITOR_FIELD_KINDS = ['text', 'int', 'number', 'date', 'datetime', 'bool', 'select'] as const;
export type PageEditorFieldKind = (typeof PAGE_EDITOR_FIELD_KINDS)[number];

export interface PageEditorFieldDeclaration {
  /** The request body's property. */
  name: string;
  kind: PageEditorFieldKind;
  /** The grid column's caption when a column has the property's name (ignoring case and "_"), else the name humanised. */
  label: BilingualText;
  /** The body must have it (the schema's `required`): the form asks for it. */
  required?: boolean;
  /** The schema takes null: an emptied field is sent as null (cleared) instead of left out. */
  nullable?: boolean;
  maxLength?: number;
  /** A select's values (the schema's enum). */
  options?: readonly (string | number)[];
  /** The grid column the field starts from when a row is edited; the list's key column is read-only then. */
  column?: string;
  /** Carried from the edited row, not shown (a record's id and version). */
  hidden?: boolean;
}

export interface PageEditorDeclaration {
  /** The contract's save call, a POST with a JSON body (openapi/openapi.yaml), e.g. /Reel/Update. */
  save: string;
  /** The form also adds records (a 新增 button opens it empty); else it edits a selected row only. */
  adds: boolean;
  fields: readonly PageEditorFieldDeclaration[];
}

export const definePage = <P extends PageDeclaration>(page: P): P => page;

/** Paths the shell owns (spec §2 static routes): a menu link may not take them. */
const STATIC_ROUTE_ROOTS = ['index', 'log', 'refresh', 'redirect', 'iframe', 'grid', 'login', 'frameout', 'micro'];

/**
 * Why a link cannot be a generated page's menu link (spec §2 dynamic routes), or undefined when it
 * can: the route's path is the link without its leading slash, so the link is a lower-case path; a
 * link with http(s) or a {placeholder} opens in the iframe page and one with a query value is a bill
 * master or report link, neither of which is a page of its own; the static routes belong to the shell.
 */
export function pageLinkProblem(link: string): string | undefined {
  if (/^https?:/i.test(link)) return `link ${link}: an http(s) link opens in the iframe page (spec §2), it has no page of its own; give a path like /warehouse/reel-aging`;
  if (/[{}]/.test(link)) return `link ${link}: a link with a {placeholder} opens in the iframe page (spec §2); give a path like /warehouse/reel-aging`;
  if (link.includes('?')) return `link ${link}: a query value is appended as a path segment for bill-master and report links only (spec §2); give a path without "?"`;
  if (!link.startsWith('/')) return `link ${link}: a menu link starts with "/", e.g. /warehouse/reel-aging`;
  if (!/^\/[a-z0-9]+(-[a-z0-9]+)*(\/[a-z0-9]+(-[a-z0-9]+)*)*$/.test(link)) {
    return `link ${link}: use lower-case letters, digits and "-" in "/"-separated segments, e.g. /warehouse/reel-aging`;
  }
  const root = link.slice(1).split('/')[0];
  if (STATIC_ROUTE_ROOTS.includes(root)) return `link ${link}: /${root} is a route of the shell (spec §2 static routes); choose another first segment`;
  return undefined;
}
