/**
 * SVG captchas: the answer is stored only as a hash, expires, and is used up by the first attempt
 * (right or wrong), so one captcha cannot be tried twice.
 */
import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { ServerContext } from '../../context.ts';
import { Problem } from '../../http/problem.ts';
import { sha256 } from '../../security/secrets.ts';

const answerHash = (captchaId: string, answer: string) => sha256(`${captchaId}:${answer.trim().toLowerCase()}`);

/** Stores a captcha's answer until it expires; returns the captcha id. */
export async function storeCaptchaAnswer(
  ctx: Pick<ServerContext, 'db' | 'clock' | 'config'>,
  answer: string,
  clientAddress: string | null = null,
): Promise<string> {
  const now = ctx.clock();
  const id = randomUUID();
  // Expired captchas are cleared as new ones are made; nothing else needs them.
  await ctx.db.deleteFrom('captchas').where('expires_at', '<=', now).execute();
  await ctx.db
    .insertInto('captchas')
    .values({ id, answer_hash: answerHash(id, answer), expires_at: new Date(now.getTime() + ctx.config.captchaTtlMs), client_address: clientAddress })
    .execute();
  return id;
}

/**
 * Captcha/Get is public and each captcha costs an SVG drawing and a row until it is used or expires,
 * so one client address may hold only so many unused ones (429 until some are used or expire). The
 * count is in the database, so it holds across server replicas; two requests at the same instant
 * may both pass at the limit, which only lets it be exceeded by the requests in flight.
 */
async function refuseTooManyLiveCaptchas(ctx: ServerContext, clientAddress: string): Promise<void> {
  const { live } = await ctx.db
    .selectFrom('captchas')
    .select((eb) => eb.fn.countAll<string>().as('live'))
    .where('client_address', '=', clientAddress)
    .where('expires_at', '>', ctx.clock())
    .executeTakeFirstOrThrow();
  if (Number(live) >= ctx.config.captchaLimitPerClient) throw new Problem(429, 'captchaTooMany');
}

export async function createCaptcha(ctx: ServerContext, size: { width?: number; height?: number }, clientAddress: string) {
  await refuseTooManyLiveCaptchas(ctx, clientAddress);
  const captcha = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', width: size.width ?? 120, height: size.height ?? 40 });
  return { CaptchaId: await storeCaptchaAnswer(ctx, captcha.text, clientAddress), Image: captcha.data };
}

/** True when the answer is right and the captcha still live; the captcha is used up either way. */
export async function consumeCaptcha(ctx: ServerContext, captchaId: string | undefined, answer: string | undefined): Promise<boolean> {
  if (!captchaId || !answer) return false;
  const used = await ctx.db.deleteFrom('captchas').where('id', '=', captchaId).returning(['answer_hash', 'expires_at']).executeTakeFirst();
  return used !== undefined && used.expires_at > ctx.clock() && used.answer_hash === answerHash(captchaId, answer);
}
