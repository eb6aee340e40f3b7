/**
 * The mock back end for Node (vitest): `mockServer.listen()` in a test set-up, `resetMockDb()`
 * and `mockServer.resetHandlers()` after each test. tests/unit/setup.ts does this for unit tests.
 */
import { setupServer } from 'msw/node';
import { API_PREFIX } from '../src/shared/api-prefix';
import { mockHandlers } from './handlers';

// The client's default base in a test (no VITE_API_BASE, no chosen environment).
export const mockServer = setupServer(...mockHandlers(API_PREFIX));
