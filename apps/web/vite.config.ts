import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { IncomingMessage } from 'node:http';
import { defineConfig, type ProxyOptions } from 'vite';
import { precompressPlugin } from './scripts/precompress.ts';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

const toApi: ProxyOptions = { target: apiTarget, changeOrigin: false };

// `/login`, `/company-settings` and `/i/<code>` are also pages of the app: only the API calls
// under them go to the server, and a page load (Accept: text/html) stays with Vite.
function pageLoadsStayHere(request: IncomingMessage): string | undefined {
  return request.headers.accept?.includes('text/html')
    ? request.url
    : undefined;
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompressPlugin()],
  server: {
    port: 5173,
    proxy: {
      '/api': toApi,
      '/login/ajax': toApi,
      '/logout/ajax': toApi,
      '/check-provider': toApi,
      '/company/change': toApi,
      '/files': toApi,
      '/uploads': toApi,
      '/media': toApi,
      '/i/': { ...toApi, bypass: pageLoadsStayHere },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Read by the bundle budget test and the benches (decision 184); the server does not send
    // dot folders.
    manifest: true,
    rolldownOptions: {
      output: {
        // React and the router change rarely: their own long-cached chunk.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
