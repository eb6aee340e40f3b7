/** ADMIN's server environment (spec §4, §6) as the API base of the session it was chosen in. */
import { describe, expect, it } from 'vitest';
import {
  chooseServerEnvironment,
  chosenServerEnvironment,
  forgetServerEnvironment,
  resolveApiBase,
  resolveLoginApiBase,
} from '../../../src/api/base';
import { COOKIE, writeCookie } from '../../../src/core/session/cookies';

const startSession = (uuid: string) => writeCookie(COOKIE.uuid, uuid);

describe('the API base with a server environment', () => {
  it('is the login API address while no environment is chosen', () => {
    startSession('session-1');
    expect(resolveApiBase()).toBe(resolveLoginApiBase());
  });

  it("is the chosen environment's API base for the rest of the session, trailing slash dropped", () => {
    startSession('session-1');
    chooseServerEnvironment('TEST', 'http://test-server:8080/api/');
    expect(resolveApiBase()).toBe('http://test-server:8080/api');
    expect(chosenServerEnvironment()?.envName).toBe('TEST');
  });

  it('goes back to the login API address at the next login, whoever logs in', () => {
    startSession('session-1');
    chooseServerEnvironment('TEST', 'http://test-server:8080/api');
    startSession('session-2');
    expect(resolveApiBase()).toBe(resolveLoginApiBase());
    expect(chosenServerEnvironment()).toBeUndefined();
  });

  it('goes back to the login API address when the choice is forgotten', () => {
    startSession('session-1');
    chooseServerEnvironment('TEST', 'http://test-server:8080/api');
    forgetServerEnvironment();
    expect(resolveApiBase()).toBe(resolveLoginApiBase());
  });

  it('ignores a cookie that is not a well-formed http(s) choice', () => {
    startSession('session-1');
    for (const value of ['TEST', '{"envName":"X","apiBase":"javascript:alert(1)","sessionUuid":"session-1"}', '{"envName":"X"}']) {
      writeCookie(COOKIE.serverEnv, value);
      expect(resolveApiBase()).toBe(resolveLoginApiBase());
    }
  });

  it('cannot be chosen outside a session', () => {
    chooseServerEnvironment('TEST', 'http://test-server:8080/api');
    startSession('session-1');
    expect(resolveApiBase()).toBe(resolveLoginApiBase());
  });
});
