/**
 * The catalogue's message for a Fastify request, in the language of its Accept-Language header.
 * The catalogue itself is shared with the mocks (src/shared/messages/catalogue.ts).
 */
import { languageOf, translate, type Language, type MessageKey, type MessageParams, type MessageRef } from '../src/shared/messages/catalogue.ts';
import { Refusal } from '../src/shared/messages/refusal.ts';

type LanguageHeaders = { headers: { 'accept-language'?: string | string[] } };

/** The language a request reads. */
export const requestLanguage = (request: LanguageHeaders): Language => languageOf(request.headers['accept-language']);

export function messageForRequest(request: LanguageHeaders, key: MessageKey, params?: MessageParams): string {
  return translate(requestLanguage(request), key, params);
}

/**
 * A failure in work no request waits for (a scheduled job, the ERP bridge), kept as a message so that
 * whoever reads it later reads it in their language (`ref`); `message` is the default language's
 * words, for the server's log.
 */
export class WordedError extends Error {
  constructor(readonly ref: MessageRef) {
    super(translate('zh-chs', ref.message, ref.params));
  }
}

/** What an error says as a catalogue message, when it is one (a WordedError, a refusal). */
export function messageRefOf(error: unknown): MessageRef | undefined {
  if (error instanceof WordedError) return error.ref;
  if (error instanceof Refusal) return { message: error.messageKey, params: error.params };
  return undefined;
}

/** An error's words in the default language (a refusal's `message` is its key, not words). */
export function errorText(error: unknown): string {
  const ref = messageRefOf(error);
  if (ref) return translate('zh-chs', ref.message, ref.params);
  return error instanceof Error ? error.message : String(error);
}

/** A failure as a row keeps it: the default language's words, and the catalogue message when it is one. */
export interface StoredFailure {
  text: string;
  message?: MessageRef;
}

export const storedFailureOf = (error: unknown): StoredFailure => ({ text: errorText(error), message: messageRefOf(error) });
