import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * `vite` (dev) proxies /api to the reference server on PORT (default 8080);
 * `vite --mode mock` serves the whole portal on MSW (see src/main.tsx) with no server.
 */
export default defineConfig(({ mode }) => ({
  plugins: [react()],
  define: {
    'import.meta.env.VITE_USE_MOCKS': JSON.stringify(mode === 'mock' ? 'true' : process.env.VITE_USE_MOCKS ?? ''),
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 8080}` },
  },
  build: {
    outDir: mode === 'mock' ? 'dist-mock' : 'dist',
    chunkSizeWarningLimit: 2000,
    // The demo child app (child-demo/) is a second page of the same build, served at /child-demo/.
    rollupOptions: { input: { portal: 'index.html', childDemo: 'child-demo/index.html' } },
  },
}));
