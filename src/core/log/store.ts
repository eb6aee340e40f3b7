/**
 * The front-end log (spec §8 "Logging"): every api error and every uncaught front-end error is a
 * `danger` entry with who, where and when, for the log page and its header badge.
 */
import { create } from 'zustand';
import { COOKIE, readCookie, readToken } from '../session/cookies';
import { currentUserName } from '../session/store';

export type LogType = 'danger';

export interface LogEntry {
  id: number;
  type: LogType;
  message: string;
  /** USER_NAME of the signed-in user, if any. */
  user?: string;
  /** The session's uuid cookie, to find the same session in server logs. */
  uuid?: string;
  token?: string;
  /** The page the user was on. */
  url: string;
  /** For api errors: the request that failed. */
  requestUrl?: string;
  stack?: string;
  /** ISO 8601. */
  time: string;
}

/** Oldest entries drop off, so a page left open all shift does not grow without bound. */
export const MAX_LOG_ENTRIES = 500;

interface LogState {
  entries: LogEntry[];
  clear: () => void;
}

export const useLogStore = create<LogState>()((set) => ({
  entries: [],
  clear: () => set({ entries: [] }),
}));

let nextId = 1;

export function logDanger(message: string, details: { requestUrl?: string; stack?: string } = {}): LogEntry {
  const entry: LogEntry = {
    id: nextId++,
    type: 'danger',
    message,
    user: currentUserName(),
    uuid: readCookie(COOKIE.uuid),
    token: readToken(),
    url: globalThis.location?.href ?? '',
    time: new Date().toISOString(),
    ...details,
  };
  useLogStore.setState(({ entries }) => ({ entries: [...entries, entry].slice(-MAX_LOG_ENTRIES) }));
  return entry;
}
