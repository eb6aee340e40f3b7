import { rmSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { loginLibrariesChunkName } from './build-tools/loginChunk.ts';
import { precompressBuild } from './build-tools/precompress.ts';

/**
 * public/mockServiceWorker.js (MSW's worker) is copied into every build with the rest of public/, but
 * only a mock build uses it: a production portal must not ship a script that can intercept its own
 * requests. Removed from the output of any build that does not run on the mocks.
 */
function mockWorkerOnlyInMockBuilds(usesMocks: boolean): Plugin {
  let outDir = '';
  return {
    name: 'mock-worker-only-in-mock-builds',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      if (!usesMocks) rmSync(path.join(outDir, 'mockServiceWorker.js'), { force: true });
    },
  };
}

/** The libraries under every screen, the login page included: React, the router, i18n, server state, antd's styling core. */
const FRAMEWORK_MODULES =
  /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next|@tanstack[\\/][^\\/]+|zustand|js-cookie|openapi-fetch|@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)|rc-util|rc-motion|@babel[\\/]runtime|stylis|classnames|@emotion[\\/][^\\/]+)[\\/]/;

/** The modules the login page opens with: the portal's entry script and the login route's lazy page. */
const LOGIN_ROOTS = ['src/main.tsx', 'src/features/auth/pages/LoginPage.tsx'].map((file) => path.resolve(import.meta.dirname, file));

/**
 * `vite` (dev) proxies /api to the reference server on PORT (default 8080);
 * `vite --mode mock` serves the whole portal on MSW (see src/main.tsx) with no server.
 */
export default defineConfig(({ mode }) => {
  const useMocks = mode === 'mock' ? 'true' : process.env.VITE_USE_MOCKS ?? '';
  return {
    plugins: [react(), mockWorkerOnlyInMockBuilds(useMocks === 'true'), precompressBuild()],
    define: {
      'import.meta.env.VITE_USE_MOCKS': JSON.stringify(useMocks),
    },
    server: {
      port: Number(process.env.VITE_PORT ?? 5173),
      proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 8080}` },
    },
    build: {
      outDir: mode === 'mock' ? 'dist-mock' : 'dist',
      chunkSizeWarningLimit: 2000,
      // The demo child app (child-demo/) is a second page of the same build, served at /child-demo/.
      rollupOptions: {
        input: { portal: 'index.html', childDemo: 'child-demo/index.html' },
        output: {
          // What every page runs on, the login page first: one file instead of a dozen small shared ones, which
          // compress worse one by one (issue 15: the login page's JS within 1.1 × the stack's floor, gzip).
          codeSplitting: {
            groups: [
              { name: 'framework', test: FRAMEWORK_MODULES, priority: 2 },
              { name: loginLibrariesChunkName(LOGIN_ROOTS), test: /node_modules[\\/]/, priority: 1 },
            ],
          },
        },
      },
    },
  };
});
