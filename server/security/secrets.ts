/** Random bearer secrets (tokens, tickets, ids) and the one-way hash they are stored under. */
import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, URL-safe. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
