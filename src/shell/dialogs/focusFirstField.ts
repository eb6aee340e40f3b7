/**
 * A dialog or drawer that holds a form opens with the caret in its first field, so a person at the
 * keyboard or a scanner can start typing at once (spec: keyboard- and scanner-friendly).
 *
 * antd moves the focus into a dialog as it opens, onto the dialog's frame (a focus sentinel of a
 * Modal), not onto a field: pro-components' `autoFocusFirstInput` only reaches a first child that
 * passes `autoFocus` on, which the shared field components do not; and a Drawer focuses its own root
 * as it opens, after a field's `autoFocus` ran, taking the focus from that field. One listener for the
 * whole portal instead of a prop on every form:
 * - the focus enters a dialog from outside onto its frame: it moves on to the first field of the first
 *   form in the dialog's body;
 * - a Drawer's root takes the focus from one of its own fields: the field gets it back;
 * - a field that took the focus itself (`autoFocus`), a focus that moves inside a dialog (Tab wrapping
 *   round from the last button to the frame), and a person's click are left alone.
 */
/** The roots antd renders a Modal (ModalForm, Modal.confirm) and a Drawer (DrawerForm) in. */
const DIALOG_ROOT = '.ant-modal-wrap, .ant-drawer';
const DIALOG_BODY = '.ant-modal-body, .ant-drawer-body';
const FIELD = 'input, textarea';
const NOT_TYPED_INTO = new Set(['hidden', 'checkbox', 'radio', 'file', 'button', 'submit', 'reset', 'range', 'color']);

const DRAWER_ROOT = '.ant-drawer';
/** A click's focus change follows its pointerdown within this time: a focus after a click in the dialog is the person's. */
const CLICK_FOCUS_MS = 300;

function isField(element: Element): boolean {
  return element.matches(`${FIELD}, select, button, [contenteditable="true"], [role="combobox"], [role="switch"]`);
}

function typedInto(field: HTMLInputElement | HTMLTextAreaElement): boolean {
  if (field.disabled || (field instanceof HTMLInputElement && NOT_TYPED_INTO.has(field.type))) return false;
  if (field.readOnly && !field.closest('.ant-select, .ant-picker')) return false;
  return field.getClientRects().length > 0;
}

/** The first field a person types into: enabled, shown, not read-only (a select's search box counts: it opens the list). */
export function firstFieldOf(dialog: Element): HTMLElement | null {
  const body = dialog.querySelector(DIALOG_BODY);
  const form = body?.querySelector('form');
  if (!form) return null;
  for (const field of form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(FIELD)) if (typedInto(field)) return field;
  return null;
}

let lastPointerDown: { at: number; on: EventTarget | null } = { at: -Infinity, on: null };
function onPointerDown(event: PointerEvent) {
  lastPointerDown = { at: event.timeStamp, on: event.target };
}

/** The person clicked inside the dialog just now (the click that opened it was outside). */
function clickedIn(dialog: Element, now: number): boolean {
  return now - lastPointerDown.at < CLICK_FOCUS_MS && lastPointerDown.on instanceof Node && dialog.contains(lastPointerDown.on);
}

function onFocusIn(event: FocusEvent) {
  const target = event.target;
  if (!(target instanceof Element) || isField(target)) return;
  const dialog = target.closest(DIALOG_ROOT);
  if (!dialog || clickedIn(dialog, event.timeStamp)) return;
  const from = event.relatedTarget;
  if (from instanceof Node && dialog.contains(from)) {
    const drawerTookIt = target.matches(DRAWER_ROOT) && (from instanceof HTMLInputElement || from instanceof HTMLTextAreaElement) && typedInto(from);
    if (drawerTookIt) from.focus({ preventScroll: true });
    return;
  }
  firstFieldOf(dialog)?.focus({ preventScroll: true });
}

/** Installs the listeners once for the document; returns their removal. */
export function focusFirstFieldOfDialogs(doc: Document = document): () => void {
  doc.addEventListener('pointerdown', onPointerDown, true);
  doc.addEventListener('focusin', onFocusIn);
  return () => {
    doc.removeEventListener('pointerdown', onPointerDown, true);
    doc.removeEventListener('focusin', onFocusIn);
  };
}
