import { api } from '../../../api/client';
import { callWrapped } from '../../../api/call';

/**
 * A new captcha: `{ Enabled, CaptchaId, Image (SVG) }`; with Enabled false the login needs no code.
 * With the typed user name the server also says whether repeated wrong passwords (for that name or
 * from this address) now require one, even when captchas are off (the step-up).
 */
export function getCaptcha(userName = '') {
  return callWrapped(api.GET('/Captcha/Get', { params: { query: userName ? { userName } : {} } }));
}
