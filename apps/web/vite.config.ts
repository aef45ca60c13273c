/**
 * Vite for the React client. The TanStack Router plugin (before react()) generates
 * src/routeTree.gen.ts and splits every route's component into its own chunk, so the
 * initial bundle holds only the shell. In dev, API calls go to the Fastify server.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('.'),
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: here('./src/routes'),
      generatedRouteTree: here('./src/routeTree.gen.ts'),
    }),
    react(),
  ],
  server: {
    port: 5173,
    proxy: {
      '/trpc': 'http://localhost:3000',
      '/api': 'http://localhost:3000',
    },
  },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
  },
});
