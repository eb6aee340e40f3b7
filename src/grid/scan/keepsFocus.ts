/**
 * When a scan input may take the focus back (once a scan is worked, after it lost the focus): never from
 * where the user went on to work, or a scanner's next Enter would land in the scan box instead of there.
 * That is another field being typed in (a quantity, a note), an open select, or a dialog opened over the
 * scan input (a confirmation, a modal's buttons). A dialog the scan input itself is in (a drawer) keeps
 * nothing: a click on its blank area or a button of it is no reason to leave the scan box unfocused.
 */
const FIELD = 'input, textarea, select, [contenteditable]:not([contenteditable="false"]), [role="combobox"], [role="listbox"]';

/** Whether `active` (the focused element) keeps the focus away from the scan input `box`. */
export function keepsFocus(active: Element | null, box: Element | null | undefined): boolean {
  if (!active || active === box || active === active.ownerDocument.body) return false;
  if (active.closest(FIELD)) return true;
  const dialog = active.closest('[role="dialog"]');
  return dialog !== null && !(box && dialog.contains(box));
}
