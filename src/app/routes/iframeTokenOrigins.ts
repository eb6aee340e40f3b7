/**
 * Iframe menus get the session token in their URL (spec §2), which hands the user's session to
 * whatever page the link names. An administrator therefore lists the origins trusted with it in the
 * build's environment config, VITE_IFRAME_TOKEN_ORIGINS (comma separated, e.g.
 * `https://reports.plant.example,http://10.0.0.5:9000`); the portal's own origin is always trusted.
 * Any other iframe page gets the OrganizeId but no token.
 */

/** The configured origins, normalised (`https://Host:443/path` -> `https://host`); unreadable entries are dropped. */
export function configuredIframeTokenOrigins(raw: string | undefined = import.meta.env.VITE_IFRAME_TOKEN_ORIGINS): string[] {
  return (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .flatMap((entry) => {
      try {
        const { origin } = new URL(entry);
        return origin === 'null' ? [] : [origin];
      } catch {
        return [];
      }
    });
}

/** The origins a session's iframe URLs may carry the token to: this page's own and the configured ones. */
export const iframeTokenOrigins = (ownOrigin: string = window.location.origin): string[] => [ownOrigin, ...configuredIframeTokenOrigins()];
