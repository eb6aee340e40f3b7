/**
 * Issue 11 defect 9: an iframe menu's URL carries the session token only to the portal's own origin
 * and the origins listed in VITE_IFRAME_TOKEN_ORIGINS, never to an arbitrary menu URL.
 */
import { describe, expect, it } from 'vitest';
import { buildNavigation, classifyMenuLink, iframeUrlFor, isTokenOrigin } from '../../../src/core/navigation/buildRoutes';
import { configuredIframeTokenOrigins, iframeTokenOrigins } from '../../../src/app/routes/iframeTokenOrigins';
import { HOME_TITLE, menuItem } from './menuFixtures';

const session = {
  apiConfig: { REPORT_HOST: 'https://reports.plant.example', LOCAL_REPORTS: '/report-host' },
  organizeId: 'org-1',
  token: 'tok-1',
  tokenOrigins: ['http://portal.plant:8080', 'https://reports.plant.example'],
};

describe('the iframe link builder and the token', () => {
  it('a listed origin gets OrganizeId and token', () => {
    expect(iframeUrlFor('{REPORT_HOST}/view?x=1', session)).toBe('https://reports.plant.example/view?x=1&OrganizeId=org-1&token=tok-1');
  });

  it('an origin nobody listed gets OrganizeId but no token, in the frame and in a new window', () => {
    expect(iframeUrlFor('https://example.com/help', session)).toBe('https://example.com/help?OrganizeId=org-1');
    const newWindow = menuItem({ Id: 'n', Menu_Code: 'Help', Link_Url: 'https://example.com/help', Target: '_blank' });
    expect(classifyMenuLink(newWindow, session)).toEqual({ type: 'newWindow', url: 'https://example.com/help?OrganizeId=org-1' });
    const framed = buildNavigation({ ...session, menuTree: [menuItem({ Id: 'f', Menu_Code: 'Evil', Link_Url: 'https://evil.example/x' })], homeTitle: HOME_TITLE });
    expect(framed.routes.find((r) => r.name === 'Evil')?.iframeUrl).toBe('https://evil.example/x?OrganizeId=org-1');
  });

  it('look-alike origins are not the listed one', () => {
    for (const url of [
      'https://reports.plant.example.evil.com/view',
      'http://reports.plant.example/view',
      'https://reports.plant.example:8443/view',
      'https://user@evil.com/?https://reports.plant.example',
      '//evil.com/view',
    ]) {
      expect(isTokenOrigin(url, session.tokenOrigins), url).toBe(false);
    }
  });

  it("the portal's own origin and addresses relative to it keep the token", () => {
    expect(iframeUrlFor('http://portal.plant:8080/report-host/a', session)).toContain('token=tok-1');
    expect(iframeUrlFor('{LOCAL_REPORTS}/a', session)).toBe('/report-host/a?OrganizeId=org-1&token=tok-1');
  });

  it('with no trusted origins given, no absolute URL gets the token', () => {
    expect(iframeUrlFor('https://reports.plant.example/view', { ...session, tokenOrigins: undefined })).toBe('https://reports.plant.example/view?OrganizeId=org-1');
  });
});

describe('VITE_IFRAME_TOKEN_ORIGINS', () => {
  it('is a comma list of origins, normalised, unreadable entries dropped', () => {
    expect(configuredIframeTokenOrigins(' https://Reports.Plant.example:443/some/path , http://10.0.0.5:9000,not a url,, ')).toEqual([
      'https://reports.plant.example',
      'http://10.0.0.5:9000',
    ]);
    expect(configuredIframeTokenOrigins(undefined)).toEqual([]);
  });

  it("the session's trusted origins are the page's own plus the configured ones (none configured here)", () => {
    expect(iframeTokenOrigins('http://portal.plant:8080')).toEqual(['http://portal.plant:8080']);
  });
});
