import { api } from '../../../api/client';
import { callWrapped } from '../../../api/call';

/** A new captcha: `{ Enabled, CaptchaId, Image (SVG) }`; with Enabled false the login needs no code. */
export function getCaptcha() {
  return callWrapped(api.GET('/Captcha/Get'));
}
