/**
 * Every screen made by `npm run gen -- page`, in the order they were generated. The generator
 * appends an import and an entry above the marker lines; keep them.
 */
import type { PageDeclaration } from './declaration';
import { reelAgingPage } from './reel-aging';
import { reelLabelsPage } from './reel-labels';
import { rackViewPage } from './rack-view';
// plop:append-page-import

export const PAGE_DECLARATIONS: readonly PageDeclaration[] = [
  reelAgingPage,
  reelLabelsPage,
  rackViewPage,
  // plop:append-page-declaration
];
