/** The suggestions' rule over records held in memory (src/shared/masterdata/suggestions.ts): code, name and detail. */
import { describe, expect, it } from 'vitest';
import { suggestionsAmong, suggestionsFitting } from '../../../src/shared/masterdata/suggestions';

const PARTS = [
  { code: 'CAP-00001', name: '贴片电容', spec: '0402 100nF 16V X7R', enabled: true },
  { code: 'CAP-00002', name: '贴片电容', spec: '0603 10uF 25V X5R', enabled: true },
  { code: 'RES-00001', name: '贴片电阻', spec: '0603 10K 1%', enabled: true },
  { code: 'CAP-00003', name: '贴片电容', spec: '0402 1uF', enabled: false },
];

describe('code suggestions', () => {
  it('tell parts of one name apart by their specification, and find them by it', () => {
    expect(suggestionsAmong(PARTS, 'Part', '')).toEqual([
      { Code: 'CAP-00001', Name: '贴片电容', Detail: '0402 100nF 16V X7R' },
      { Code: 'CAP-00002', Name: '贴片电容', Detail: '0603 10uF 25V X5R' },
      { Code: 'RES-00001', Name: '贴片电阻', Detail: '0603 10K 1%' },
    ]);
    expect(suggestionsAmong(PARTS, 'Part', '10uf').map((s) => s.Code)).toEqual(['CAP-00002']);
    expect(suggestionsAmong(PARTS, 'Part', '0603').map((s) => s.Code)).toEqual(['CAP-00002', 'RES-00001']);
  });

  it('has no detail for an entity without one', () => {
    expect(suggestionsAmong([{ code: 'V0001', name: '国巨', spec: 'not a vendor column' }], 'Vendor', 'not')).toEqual([]);
    expect(suggestionsFitting([{ Code: 'V0001', Name: '国巨', Detail: '' }], 'v00')).toEqual([{ Code: 'V0001', Name: '国巨', Detail: '' }]);
  });
});
