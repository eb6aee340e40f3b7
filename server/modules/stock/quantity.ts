/** The exact stock quantities (src/shared/quantity.ts: shared with the mocks' bills). */
export * from '../../../src/shared/quantity.ts';
