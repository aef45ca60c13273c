/**
 * Vite for the React client. The TanStack Router plugin (before react()) generates
 * src/routeTree.gen.ts and splits every route's component into its own chunk, so the
 * initial bundle holds only the shell. In dev, API calls go to the Fastify server.
 *
 * The service worker (vite-plugin-pwa, Workbox's generateSW; docs/ARCHITECTURE.md, The
 * offline till): every file of the build is precached, a navigation is answered with the
 * cached index.html (so the till opens with no network), and nothing under /api/ or
 * /trpc is ever cached or answered by it. A new build's worker waits; the app applies it
 * when it next starts (src/lib/service-worker.ts), never in the middle of a sale.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';

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
    VitePWA({
      registerType: 'prompt',
      // Registered by the app itself, after the first screen (src/lib/service-worker.ts).
      injectRegister: false,
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'Consignment POS',
        short_name: 'POS',
        description: 'Point of sale and back office for consignment and antique malls',
        start_url: '/orders',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#228be6',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: '/index.html',
        // The API is never answered from a cache, nor the REST door's documents.
        navigateFallbackDenylist: [/^\/api\//, /^\/trpc/, /^\/health/],
        cleanupOutdatedCaches: true,
        clientsClaim: false,
        skipWaiting: false,
        // The route chunks and the vendor chunk are over Workbox's 2 MiB default on a debug build.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
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
