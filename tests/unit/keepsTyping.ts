/**
 * Escape closes a form dialog only while nothing in it has been changed, and a click beside it never does
 * (src/core/forms/useKeepsTyping.ts): the check every form dialog's test runs. keyCode is sent as browsers
 * send it (antd's dialog reads keyCode; user-event leaves it 0).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

const escape = (target: Element) => fireEvent.keyDown(target, { key: 'Escape', keyCode: 27 });
/** The dialog's first text field (a password field has no role: pass `findField` to name another). */
const firstTextbox = async () => within(await screen.findByRole('dialog')).getAllByRole('textbox')[0] as HTMLInputElement;
const dialogClosed = () => waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

/** `open` opens the dialog (again); the field `findField` finds (the first text field) is typed into. */
export async function expectEscapeKeepsTyping(open: () => Promise<void>, typed = 'TYPED', findField: () => Promise<HTMLInputElement> = firstTextbox) {
  const user = userEvent.setup({ delay: null });
  await open();
  escape(await findField());
  await dialogClosed();

  await open();
  const field = await findField();
  await user.type(field, typed);
  escape(field);
  const mask = document.querySelector('.ant-modal-wrap');
  if (mask) await user.click(mask);
  // Given the time an untouched one takes to close, it has not: the text is still there.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(screen.getByRole('dialog')).toBeTruthy();
  expect(field.value).toBe(typed);
}
