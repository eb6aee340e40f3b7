// Must run before antd renders anything: without it antd 5 on React 19 loses message/modal (STACK.md).
import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './core/i18n';
import { installGlobalErrorLogging } from './app/log/global-errors';
import { App } from './app/App';
import { resolveAbsoluteApiBase, resolveApiBase } from './api/base';
import type { StartMockWorker } from './shared/mock-worker';

async function bootstrap() {
  // `npm run dev:mock`: the whole portal on the MSW worker. Lazily loaded in a branch the real build drops, so msw stays out of it.
  if (import.meta.env.VITE_USE_MOCKS === 'true') {
    // Loaded through a glob rather than import(): the client's type check (tsconfig.client.json) must not
    // follow it into the mocks, whose node-forge typings bring in Node's globals; tsconfig.json checks them.
    const [loadMocks] = Object.values(import.meta.glob<{ startMockWorker: StartMockWorker }>('../mocks/browser.ts'));
    const { startMockWorker } = await loadMocks();
    await startMockWorker({ apiBase: resolveApiBase(), absoluteApiBase: resolveAbsoluteApiBase() });
  }
  installGlobalErrorLogging();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void bootstrap();
