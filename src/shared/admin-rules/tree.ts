/**
 * The parent rule shared by the menu and organisation trees: an item cannot be its own parent, nor
 * the child of one of its descendants (that would cut the subtree off the tree in a cycle).
 */
export type ParentProblem = 'ownParent' | 'parentIsDescendant';

/**
 * Whether `parentId` may become the parent of `itemId`, given every item's current parent.
 * A new item (no id yet) can go anywhere.
 */
export function parentProblem(
  itemId: string | undefined,
  parentId: string | null | undefined,
  parentOf: ReadonlyMap<string, string | null>,
): ParentProblem | null {
  if (!itemId || !parentId) return null;
  if (parentId === itemId) return 'ownParent';
  // Walk up from the new parent; meeting the item means the parent is inside the item's subtree.
  const seen = new Set<string>();
  for (let current: string | null | undefined = parentId; current; current = parentOf.get(current)) {
    if (current === itemId) return 'parentIsDescendant';
    if (seen.has(current)) break;
    seen.add(current);
  }
  return null;
}

/** Builds a tree from rows with ids and parent ids (children in row order); orphans become roots. */
export function buildTree<T extends { children?: T[] }>(rows: readonly T[], idOf: (row: T) => string, parentOf: (row: T) => string | null): T[] {
  const byId = new Map(rows.map((row) => [idOf(row), row]));
  const roots: T[] = [];
  for (const row of rows) {
    const parent = parentOf(row) ? byId.get(parentOf(row)!) : undefined;
    if (parent) (parent.children ??= []).push(row);
    else roots.push(row);
  }
  return roots;
}
