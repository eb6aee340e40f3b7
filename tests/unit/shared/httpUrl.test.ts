import { describe, expect, it } from 'vitest';
import { isHttpUrl } from '../../../src/shared/http-url';

describe('an API address is an absolute http or https URL with a host (spec §5), the one rule server and client share', () => {
  it.each(['http://10.0.0.5:8080/api', 'https://erp.plant.example/', '  https://host/path  '])('accepts %s', (text) => {
    expect(isHttpUrl(text)).toBe(true);
  });
  it.each(['', '/api', 'ftp://host/', 'javascript:alert(1)', 'http://', 'file:///etc/passwd', 'host:8080'])('refuses %j', (text) => {
    expect(isHttpUrl(text)).toBe(false);
  });
});
