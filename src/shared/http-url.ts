/**
 * Rules the server, the mocks and the client all apply live in src/shared, which imports none of them.
 *
 * Spec §5: an API address (environment config, multi-API base, child-app debug address, iframe origin) is an
 * absolute http or https URL with a host; anything else is 'API address configuration format is wrong'.
 */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
