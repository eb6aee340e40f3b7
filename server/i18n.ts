/**
 * The catalogue's message for a Fastify request, in the language of its Accept-Language header.
 * The catalogue itself is shared with the mocks (src/shared/messages/catalogue.ts).
 */
import { languageOf, translate, type MessageKey, type MessageParams } from '../src/shared/messages/catalogue.ts';

export function messageForRequest(
  request: { headers: { 'accept-language'?: string | string[] } },
  key: MessageKey,
  params?: MessageParams,
): string {
  return translate(languageOf(request.headers['accept-language']), key, params);
}
