/**
 * One Chromium per test file: Debian's /usr/bin/chromium driven by playwright-core (nothing
 * downloads a browser). The flags keep it from phoning home, which this machine's closed
 * network would refuse, and let it run as root in a container.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const ARTIFACTS_DIR = resolve(import.meta.dirname, 'artifacts');

/** `extraArgs`: more Chromium flags for one test's browser (e.g. a fake camera). */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} is missing: install Debian's chromium (apt-get install -y chromium)`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_FLAGS, ...extraArgs] });
}

/** Saves a full-page PNG under tests/e2e/artifacts/ (gitignored) for a person to look at. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
