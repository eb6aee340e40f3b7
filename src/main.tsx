// Must run before antd renders anything: without it antd 5 on React 19 loses message/modal (STACK.md).
import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import { installGlobalErrorLogging } from './app/log/global-errors';
import { App } from './app/App';

async function bootstrap() {
  // `npm run dev:mock`: the whole portal on the MSW worker. A dynamic import keeps msw out of the real build.
  if (import.meta.env.VITE_USE_MOCKS === 'true') {
    const { startMockWorker } = await import('../mocks/browser');
    await startMockWorker();
  }
  installGlobalErrorLogging();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void bootstrap();
