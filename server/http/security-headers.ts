/**
 * HTTP security headers on every answer, the portal's pages and files as well as the API's JSON.
 *
 * The Content-Security-Policy is written for what the portal is made of:
 * - scripts only from the portal's own origin (the Vite build has no inline script and no eval);
 *   'wasm-unsafe-eval' lets them compile WebAssembly (still only the origin's own .wasm files, fetched
 *   under connect-src): the scanning page's camera reads barcodes with zxing-wasm where the browser
 *   has no BarcodeDetector. It allows no JavaScript eval;
 * - styles from the origin plus inline ones: antd 5 writes its CSS-in-JS into <style> elements at
 *   run time and React renders style attributes, so 'unsafe-inline' (styles only) is required;
 * - images also as data:/blob: URLs (the captcha is an SVG, exports are blobs);
 * - frames: child apps and iframe menus live at addresses administrators configure (child-app
 *   list, menu links, API path variables). FRAME_ORIGINS lists the origins they may be on; unset,
 *   any http(s) page may be framed (the spec lets an administrator embed any page); blob: frames are
 *   the portal's own documents, e.g. the label preview's PDF (without it Chromium shows a broken page);
 * - connections to the origin and to other http(s) origins: the local printer service, multi-API
 *   bases and ADMIN's server-environment switch are configured addresses on other origins;
 * - nobody frames the portal except itself (frame-ancestors, and X-Frame-Options for old browsers);
 *   no plugins, no <base> rewriting, forms post only to the origin.
 */
import type { FastifyInstance } from 'fastify';

export interface SecurityHeaderConfig {
  /** Origins (scheme://host[:port]) child apps and iframe menus may be framed from; empty: any http(s). */
  frameOrigins: readonly string[];
}

export function contentSecurityPolicy(config: SecurityHeaderConfig): string {
  const frames = config.frameOrigins.length ? config.frameOrigins : ['http:', 'https:'];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'wasm-unsafe-eval'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", 'http:', 'https:'],
    'frame-src': ["'self'", 'blob:', ...frames],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** The headers every answer carries. */
export function securityHeaders(config: SecurityHeaderConfig): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(config),
    'x-content-type-options': 'nosniff',
    // Portal addresses hold nothing secret, but other sites learn no more than the origin.
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'SAMEORIGIN',
  };
}

/** Adds the headers to every answer of the app (registered first, so errors and 404s get them too). */
export function registerSecurityHeaders(app: FastifyInstance, config: SecurityHeaderConfig): void {
  const headers = securityHeaders(config);
  app.addHook('onSend', async (_request, reply) => {
    reply.headers(headers);
  });
}
