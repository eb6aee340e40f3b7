/**
 * A save the server refuses for one field marks that field (src/core/forms/useFieldMarks.ts,
 * src/api/problemPlace.ts saveMarkingRefusal): the check every form's test runs — the server's reason under
 * the field, the cursor in it, and no toast besides.
 */
import { waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/** The error texts shown under the field labelled `label` in `container`. */
export function fieldErrors(container: HTMLElement, label: string): (string | null)[] {
  const item = within(container).getByLabelText(label).closest('.ant-form-item')!;
  return [...item.querySelectorAll('.ant-form-item-explain-error')].map((error) => error.textContent);
}

/** The texts of the toasts (messages and notifications) on screen. */
export const toastTexts = () => [...document.querySelectorAll('.ant-message-notice, .ant-notification-notice')].map((n) => n.textContent);

/**
 * Waits until the field shows `reason` alone, then checks the cursor is in it (an upload field, whose file input is
 * hidden: on its choose-file button) and nothing was toasted.
 */
export async function expectFieldMarked(container: HTMLElement, label: string, reason: string) {
  await waitFor(() => expect(fieldErrors(container, label)).toEqual([reason]));
  const control = within(container).getByLabelText(label);
  const upload = control instanceof HTMLInputElement && control.type === 'file' ? control.closest('.ant-upload')?.querySelector<HTMLElement>('button, [role=button]') : null;
  expect(document.activeElement).toBe(upload ?? control);
  expect(toastTexts()).toEqual([]);
}
