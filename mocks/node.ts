/**
 * The mock back end for Node (vitest): `mockServer.listen()` in a test set-up, `resetMockDb()`
 * and `mockServer.resetHandlers()` after each test. tests/unit/setup.ts does this for unit tests.
 */
import { setupServer } from 'msw/node';
import { mockHandlers } from './handlers';

export const mockServer = setupServer(...mockHandlers());
