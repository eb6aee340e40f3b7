/**
 * Change password from the user menu (spec §5, §4 "A successful password change does the same as
 * logout"), in English so the messages are the spec's own words. The operator's password is
 * changed and put back; afterAll puts it back through the API too, should a test stop halfway.
 */
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { launchBrowser } from './browser';
import { fillLoginForm, submitWithEnter } from './loginForm';
import { ensurePassword } from './shellApi';
import { OPERATOR, arrived, logIn, VIEWPORT, saveSettledScreenshot } from './shellPage';

const portalUrl = inject('portalUrl');
const NEW_PASSWORD = 'operator-new-456';

let browser: Browser;
let page: Page;
const passwordChangeRequests: Request[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addCookies([{ name: 'language', value: 'en', url: portalUrl }]);
  page = await context.newPage();
  page.on('request', (request) => {
    if (request.url().includes('/User/ChangePassword')) passwordChangeRequests.push(request);
  });
  await logIn(page, portalUrl, OPERATOR);
});

afterAll(async () => {
  await browser?.close();
  await ensurePassword(portalUrl, OPERATOR, [NEW_PASSWORD]);
});

const dialog = () => page.getByRole('dialog', { name: 'Change password' });

async function openPasswordDialog() {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  await arrived(dialog());
}

async function fillPasswordDialog(values: { old: string; new: string; confirm: string }) {
  await dialog().getByLabel('Old password').fill(values.old);
  await dialog().getByLabel('New password', { exact: true }).fill(values.new);
  await dialog().getByLabel('Confirm new password').fill(values.confirm);
}

afterEach(async () => {
  if (await dialog().isVisible()) {
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'hidden' });
  }
});

const toast = (text: string) => page.locator('.ant-message-notice', { hasText: text });

describe('change password', () => {
  // The two length cases are first and last: a toast lasts 3 s, so the second one cannot be
  // mistaken for the first one's.
  test.each([
    { input: 'a new password of 3 characters', old: OPERATOR.password, new: 'abc', confirm: 'abc', message: 'The password must be longer than 3 and smaller than 33' },
    { input: 'no old password', old: '', new: 'abcd1234', confirm: 'abcd1234', message: 'Please enter the old password' },
    { input: 'no new password', old: OPERATOR.password, new: '', confirm: 'abcd1234', message: 'Please enter the password' },
    { input: 'no confirmation', old: OPERATOR.password, new: 'abcd1234', confirm: '', message: 'Please enter new password again' },
    { input: 'a confirmation that differs', old: OPERATOR.password, new: 'abcd1234', confirm: 'abcd1235', message: 'The passwords entered twice are inconsistent!' },
    { input: 'a new password of 33 characters', old: OPERATOR.password, new: 'x'.repeat(33), confirm: 'x'.repeat(33), message: 'The password must be longer than 3 and smaller than 33' },
  ])('$input: OK shows "$message" and sends nothing', async ({ old, new: newPassword, confirm, message }) => {
    await openPasswordDialog();
    await fillPasswordDialog({ old, new: newPassword, confirm });
    await dialog().getByRole('button', { name: 'OK' }).click();

    await toast(message).waitFor();
    await dialog().locator('.ant-form-item-explain-error', { hasText: message }).first().waitFor();
    expect(passwordChangeRequests).toEqual([]);
  });

  test('a valid change says so, ends the session, and only the new password logs in', async () => {
    await openPasswordDialog();
    await fillPasswordDialog({ old: OPERATOR.password, new: NEW_PASSWORD, confirm: NEW_PASSWORD });
    await saveSettledScreenshot(page, 'shell-en-change-password');
    await dialog().getByRole('button', { name: 'OK' }).click();

    await toast('Successful modification, please log in again').waitFor();
    await page.waitForURL(`${portalUrl}/login`);
    expect(passwordChangeRequests).toHaveLength(1);

    await fillLoginForm(page, OPERATOR);
    await submitWithEnter(page);
    await page.locator('.ant-alert-error').waitFor();
    await logIn(page, portalUrl, { ...OPERATOR, password: NEW_PASSWORD });
    await openPasswordDialog();
    await fillPasswordDialog({ old: NEW_PASSWORD, new: OPERATOR.password, confirm: OPERATOR.password });
    await dialog().getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(`${portalUrl}/login`);
    await logIn(page, portalUrl, OPERATOR);
  });
});
