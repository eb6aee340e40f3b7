/** Driving the login form the way a person does: type, pick, type, press Enter. */
import type { Page } from 'playwright-core';

export interface LoginInput {
  userName: string;
  password: string;
  /** The organisation's name as the drop-down shows it. */
  organization: string;
}

export async function fillLoginForm(page: Page, { userName, password, organization }: LoginInput) {
  await page.locator('#login_userName').fill(userName);
  // Opening the organisation list leaves the user name box, which loads that user's organisations.
  await page.locator('#login_organizeId').click();
  await page.locator('.ant-select-item-option', { hasText: organization }).click();
  await page.locator('.ant-select-dropdown').waitFor({ state: 'hidden' });
  await page.locator('#login_password').fill(password);
}

export async function submitWithEnter(page: Page) {
  await page.locator('#login_password').press('Enter');
}

/**
 * The mock back end draws its captcha code as plain SVG text (mocks/scenarios/session.ts), so a
 * test can read it off the picture the page shows, as a person would.
 */
export async function readMockCaptchaCode(page: Page): Promise<string> {
  const picture = page.locator('img[src^="data:image/svg+xml"]');
  const source = (await picture.getAttribute('src')) ?? '';
  const svg = decodeURIComponent(source.slice(source.indexOf(',') + 1));
  const code = /<text[^>]*>([^<]+)<\/text>/.exec(svg)?.[1];
  if (!code) throw new Error(`no code in the captcha picture: ${svg}`);
  return code;
}

/** Logs in on the mock build (`mockPortalUrl`): the form, the captcha read off its picture, Enter; waits for the home page. */
export async function logInOnMocks(page: Page, mockPortalUrl: string, user: LoginInput, beforeSubmit?: () => Promise<void>) {
  await page.goto(`${mockPortalUrl}/login`);
  await fillLoginForm(page, user);
  await page.locator('#login_captchaCode').fill(await readMockCaptchaCode(page));
  await beforeSubmit?.();
  await submitWithEnter(page);
  await page.waitForURL(`${mockPortalUrl}/index`);
}
