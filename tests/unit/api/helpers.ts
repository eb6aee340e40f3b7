/** Test helpers for the api layer: what the user saw (toasts), and a signed-in session. */
import { vi } from 'vitest';
import { getMockDb, findUserByName, startSession } from '../../../mocks/db';
import { setNotifier, type NotifierPorts } from '../../../src/core/notifier';
import { COOKIE, writeCookie } from '../../../src/core/session/cookies';
import { useSessionStore } from '../../../src/core/session/store';

export interface Toast {
  title: string;
  detail?: string;
  /** Seconds. */
  duration?: number | null;
}

/** Records every error toast the api layer shows (message or notification alike). */
export function captureToasts(): Toast[] {
  const toasts: Toast[] = [];
  const record = vi.fn();
  setNotifier({
    message: {
      error: ({ content, duration }) => toasts.push({ title: content, duration }),
      success: record,
      warning: record,
      info: record,
    },
    notification: {
      error: ({ message, description, duration }) => toasts.push({ title: message, detail: description, duration }),
      success: record,
      warning: record,
      info: record,
    },
  } satisfies NotifierPorts);
  return toasts;
}

/** Sign `userName` in on the mock back end and in the browser, as a finished login would. */
export function signIn(userName = 'ADMIN', organizationId?: string) {
  const user = findUserByName(userName)!;
  const orgId = organizationId ?? user.organizationIds[0];
  const session = startSession(user, orgId);
  const organization = getMockDb().organizations.find((org) => org.Id === orgId)!;
  writeCookie(COOKIE.token, session.token);
  writeCookie(COOKIE.uuid, 'uuid-of-this-session');
  useSessionStore.setState({
    userInfo: { ID: user.ID, USER_NAME: user.USER_NAME, NICK_NAME: user.NICK_NAME, ROLE_ID: user.ROLE_ID },
    ticket: session.ticket,
    organization,
  });
  return { user, session, organization };
}
