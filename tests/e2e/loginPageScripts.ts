/**
 * The JavaScript the login page loads before anyone logs in, as issue 15 measures it: every script
 * response until the form shows and the network is idle, its size decoded, gzip-compressed (zlib's
 * default level, per file, as a server compresses them) and as it came over the wire. Shared by the
 * e2e budget test and `npm run bench`.
 */
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

/** The stack's floor (STACK.md: a bare login page of the same stack) and the goal, 1.1 × the floor (issue 15). */
export const LOGIN_JS_FLOOR_BYTES = 302 * 1024;
export const LOGIN_JS_BUDGET_BYTES = Math.round(1.1 * LOGIN_JS_FLOOR_BYTES);

export interface LoginPageScripts {
  /** The script files, each with its code. */
  files: { url: string; code: string }[];
  decodedBytes: number;
  gzipBytes: number;
  /** Body bytes as transferred (compressed if the server compressed them). */
  wireBytes: number;
}

export async function loginPageScripts(browser: Browser, portalUrl: string): Promise<LoginPageScripts> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const responses: Promise<{ url: string; body: Buffer; wire: number }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      responses.push(
        Promise.all([response.body(), response.request().sizes()]).then(([body, sizes]) => ({ url: response.url(), body, wire: sizes.responseBodySize })),
      );
    });
    await page.goto(`${portalUrl}/login`);
    await page.locator('#login_userName').waitFor();
    await page.waitForLoadState('networkidle');
    const scripts = await Promise.all(responses);
    return {
      files: scripts.map(({ url, body }) => ({ url, code: body.toString('utf8') })),
      decodedBytes: scripts.reduce((sum, s) => sum + s.body.length, 0),
      gzipBytes: scripts.reduce((sum, s) => sum + gzipSync(s.body).length, 0),
      wireBytes: scripts.reduce((sum, s) => sum + s.wire, 0),
    };
  } finally {
    await context.close();
  }
}
