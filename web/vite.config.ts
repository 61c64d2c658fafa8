import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import { webApp } from './pwa/vite-plugin.ts';

// Preact's JSX runtime through the compiler Vite ships (no plugin needed).
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  plugins: [webApp()],
  build: {
    target: 'es2022', chunkSizeWarningLimit: 600, sourcemap: true,
    // The client, and the page the service worker shows when there is no connection.
    rolldownOptions: { input: { main: resolve(import.meta.dirname, 'index.html'), offline: resolve(import.meta.dirname, 'offline.html') } },
  },
  server: { proxy: { '/api': process.env.STRATAGEM_API ?? 'http://127.0.0.1:8080' } },
  // The map tests sample the drawing on a fine grid: seconds on a busy 2-core machine.
  test: { include: ['test/**/*.test.ts'], environment: 'node', testTimeout: 60000 },
});
