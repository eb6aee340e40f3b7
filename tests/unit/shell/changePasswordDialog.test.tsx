import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../../src/core/i18n';
import { ApiError } from '../../../src/api/errors';
import { ChangePasswordDialog } from '../../../src/shell/dialogs/ChangePasswordDialog';
import { firstPasswordChangeError } from '../../../src/shell/dialogs/passwordRules';
import { fakeServices, renderInShell } from './shellTestKit';
import { expectEscapeKeepsTyping } from '../keepsTyping';

// antd's first render (CSS-in-JS) takes seconds when the whole unit project runs in parallel.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => changeLanguage('en'));
afterEach(() => vi.useRealTimers());

describe('password change rules (first failing rule wins)', () => {
  it.each([
    [{}, 'password.oldRequired'],
    [{ oldPassword: 'old1' }, 'password.newRequired'],
    [{ oldPassword: 'old1', newPassword: 'abc' }, 'password.length'],
    [{ oldPassword: 'old1', newPassword: 'a'.repeat(33) }, 'password.length'],
    [{ oldPassword: 'old1', newPassword: 'abcd' }, 'password.confirmRequired'],
    [{ oldPassword: 'old1', newPassword: 'abcd', confirmPassword: 'abc' }, 'password.length'],
    [{ oldPassword: 'old1', newPassword: 'abcd', confirmPassword: 'abce' }, 'password.mismatch'],
    [{ oldPassword: 'old1', newPassword: 'abcd', confirmPassword: 'abcd' }, undefined],
    [{ oldPassword: 'old1', newPassword: 'a'.repeat(32), confirmPassword: 'a'.repeat(32) }, undefined],
  ])('%o -> %s', (values, expected) => {
    expect(firstPasswordChangeError(values)).toBe(expected);
  });
});

const input = (label: string) => screen.getByLabelText(label);
/** Waits for an antd message toast with this text (inline field errors may repeat it: only the toast counts). */
const expectToast = (text: string) =>
  waitFor(() => expect(document.querySelector('.ant-message')?.textContent ?? '').toContain(text));

async function fillAndSubmit(values: { old?: string; next?: string; confirm?: string }) {
  if (values.old) await userEvent.type(input('Old password'), values.old);
  if (values.next) await userEvent.type(input('New password'), values.next);
  if (values.confirm) await userEvent.type(input('Confirm new password'), values.confirm);
  await userEvent.click(screen.getByRole('button', { name: 'OK' }));
}

function renderDialog(services = fakeServices()) {
  const onClose = vi.fn();
  renderInShell(<ChangePasswordDialog open onClose={onClose} />, { services });
  return { services, onClose };
}

/** The dialog behind the button that opens it, as the user menu has it. */
function DialogBehindButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        change password
      </button>
      <ChangePasswordDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

describe('change password dialog', () => {
  it('Escape closes it while untouched, and keeps a typed password (a click beside it never closes it)', async () => {
    renderInShell(<DialogBehindButton />);
    await expectEscapeKeepsTyping(
      async () => userEvent.click(await screen.findByRole('button', { name: 'change password' })),
      'old1',
      async () => (await screen.findByLabelText('Old password')) as HTMLInputElement,
    );
  });

  it.each([
    [{}, 'Please enter the old password'],
    [{ old: 'old1' }, 'Please enter the password'],
    [{ old: 'old1', next: 'abc' }, 'The password must be longer than 3 and smaller than 33'],
    [{ old: 'old1', next: 'abcd' }, 'Please enter new password again'],
    [{ old: 'old1', next: 'abcd', confirm: 'abcx' }, 'The passwords entered twice are inconsistent!'],
  ])('with %o it shows "%s" and submits nothing', async (values, expected) => {
    const { services } = renderDialog();
    await fillAndSubmit(values);
    await expectToast(expected);
    expect(services.changePassword).not.toHaveBeenCalled();
  });

  it('changing the new password re-checks the confirmation', async () => {
    renderDialog();
    await userEvent.type(input('New password'), 'abcd');
    await userEvent.type(input('Confirm new password'), 'abcd');
    expect(screen.queryByText('The passwords entered twice are inconsistent!')).toBeNull();
    await userEvent.type(input('New password'), 'e');
    expect(await screen.findByText('The passwords entered twice are inconsistent!')).toBeTruthy();
  });

  it('a valid change is sent, announced for 4 seconds, then the user is logged out', async () => {
    // Real time keeps flowing for the UI; the 4-second notice is stepped through by hand.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { services, onClose } = renderDialog();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(input('Old password'), 'old1');
    await user.type(input('New password'), 'new-pass');
    await user.type(input('Confirm new password'), 'new-pass');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(services.changePassword).toHaveBeenCalledWith({ oldPassword: 'old1', newPassword: 'new-pass', confirmPassword: 'new-pass' });
    await expectToast('Successful modification, please log in again');
    expect(onClose).toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(3500));
    expect(services.logout).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    await waitFor(() => expect(services.logout).toHaveBeenCalledOnce());
  });

  it('a change the api refuses keeps the dialog open and the user signed in (the api has shown why)', async () => {
    const refusal = new ApiError('wrapped', '旧密码错误', { requestUrl: '/api/User/ChangePassword' });
    const services = fakeServices({ changePassword: vi.fn(async () => Promise.reject(refusal)) });
    const { onClose } = renderDialog(services);
    await fillAndSubmit({ old: 'bad1', next: 'new-pass', confirm: 'new-pass' });
    await waitFor(() => expect(services.changePassword).toHaveBeenCalled());
    expect(screen.getByLabelText('Old password')).toBeTruthy();
    expect(document.querySelector('.ant-message')?.textContent ?? '').not.toContain('Modification failed');
    expect(onClose).not.toHaveBeenCalled();
    expect(services.logout).not.toHaveBeenCalled();
  });

  it("any other failure says 'Modification failed'", async () => {
    const services = fakeServices({ changePassword: vi.fn(async () => Promise.reject(new Error('encryption failed'))) });
    renderDialog(services);
    await fillAndSubmit({ old: 'old1', next: 'new-pass', confirm: 'new-pass' });
    await expectToast('Modification failed');
    expect(services.logout).not.toHaveBeenCalled();
  });
});
