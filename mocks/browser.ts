/** `npm run dev:mock`: the whole portal on the MSW service worker, no server needed. */
import { http } from 'msw';
import { setupWorker } from 'msw/browser';
import type { StartMockWorker } from '../src/shared/mock-worker';
import { mockHandlers } from './handlers';
import { followOtherTabs, restoreMockState, saveMockState } from './persist';
import { scenarioAtStart, testerScenarioHandler } from './tester-scenarios';
import { mountMockTools } from './tools-panel';

/** The app passes the API base, so the mocks import nothing of the client but src/shared and the contract. */
export const startMockWorker: StartMockWorker = async ({ apiBase, absoluteApiBase }) => {
  // The state a reload or another tab left (sessions, users added, settings saved), else the demo plant.
  await restoreMockState();
  scenarioAtStart();
  const handlers = mockHandlers(apiBase);
  const worker = setupWorker(
    // First and answering nothing: every call first takes up what another tab changed.
    http.all(`${apiBase}/*`, async () => {
      await followOtherTabs();
    }),
    // Then the tester's scenario (errors, empty lists, slowness, an expired session), if one is on.
    testerScenarioHandler(apiBase, () => handlers),
    ...handlers,
  );
  worker.events.on('response:mocked', () => void saveMockState());
  await worker.start({
    serviceWorker: { url: '/mockServiceWorker.js' },
    // Pages, scripts and assets go to the dev server; an API call nobody mocks is worth a warning.
    onUnhandledRequest: (request, print) => {
      if (request.url.startsWith(`${absoluteApiBase}/`)) print.warning();
    },
  });
  mountMockTools();
  return worker;
};
