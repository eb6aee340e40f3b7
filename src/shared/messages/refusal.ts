import type { MessageKey, MessageParams } from './catalogue.ts';

/**
 * A request a shared rule refuses: the HTTP status and the catalogue message (with its parameters)
 * the answer carries. The server answers it as any of its Problems; the mocks answer it the same way.
 */
export class Refusal extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: MessageKey,
    readonly params: MessageParams = {},
  ) {
    super(messageKey);
  }
}
