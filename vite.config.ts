/// <reference types="vitest/config" />
// Build of the PWA (src + src-worker) and the unit-test runner. Plugin order matters: router first, PWA last
// (../shared/docs/toolchain.md). The web manifest is the customer's top-level manifest.webmanifest, read here so
// there is one copy of it.
import { readFileSync } from 'node:fs'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { lingui } from '@lingui/vite-plugin'
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa'

const manifest = JSON.parse(
  readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'),
) as Partial<ManifestOptions>
const apiPort = Number(process.env.PORT ?? 8080)

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      includeAssets: ['favicon.svg', 'coins/*.svg'],
      workbox: {
        globPatterns: ['**/*.{js,css,html,wasm}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        // The first visit's page is taken over as soon as the first worker activates (a first install never waits,
        // so it needs no skipWaiting); a later version waits for the user's Reload (registerType 'prompt'). The page
        // keeps the market list itself too (src/features/markets/saved-markets.ts): on a first visit that answer was
        // fetched before any worker was in control, so the runtime cache below never saw it.
        clientsClaim: true,
        runtimeCaching: [
          {
            // The only /api/ answers the service worker may keep, network-first (DESIGN §6). The regex must sit
            // inside the function: workbox serializes it into sw.js, where module constants do not exist.
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin &&
              /^\/api\/(common\/config|common\/get_lang|area_code\/get_area_code|currency\/currency_list)$/.test(
                url.pathname,
              ),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'api-public',
              networkTimeoutSeconds: 4,
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ],
  worker: { format: 'es' },
  build: { target: 'es2022', outDir: 'dist', sourcemap: false },
  server: {
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
  test: {
    environment: 'node',
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: true,
  },
})
