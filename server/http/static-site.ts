/**
 * Serves the built PWA from dist/: content-hashed files under /assets/ are cached for a year (immutable), every
 * other file (index.html, sw.js, manifest.webmanifest, registerSW.js, icons) is revalidated on each load so a new
 * release is seen at once. Paths that are neither /api/ nor files get index.html (client-side routes).
 *
 * Text files are sent precompressed (issue 9 part 1): `vite build` writes `<file>.br` and `<file>.gz` beside each
 * one, and `preCompressed` picks the best one the request's Accept-Encoding allows (br, then gzip, else the plain
 * file), with `Vary: Accept-Encoding` on every answer so a shared cache keeps the variants apart. No compression
 * at request time: the files are compressed once, at the highest levels (brotli 11, gzip 9).
 */
import { existsSync } from 'node:fs'
import { join, sep } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'

export const NOT_BUILT_TEXT =
  'The app is not built yet. Run `npm run build` (or `npm start`, which builds when needed), then reload.\n' +
  'The API is up under /api/ (see /api/docs).\n'

/** Answers a request no route matched and that is not under /api/. */
export type FallbackHandler = (request: FastifyRequest, reply: FastifyReply) => FastifyReply

/**
 * Registers static serving of `distDir` when it holds index.html; returns the handler for unmatched non-API paths
 * (history fallback, or the "run npm run build" text when there is no build).
 */
export async function registerStaticSite(app: FastifyInstance, distDir: string | undefined): Promise<FallbackHandler> {
  if (!distDir || !existsSync(join(distDir, 'index.html'))) {
    return (_request, reply) => reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT_TEXT)
  }
  const assetsDir = join(distDir, 'assets') + sep
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    preCompressed: true,
    // dist/.build-complete is `npm start`'s build stamp, not content.
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE)
    },
  })
  return (request, reply) => {
    if (!isHistoryRoute(request)) return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n')
    return reply.header('cache-control', REVALIDATE).sendFile('index.html')
  }
}

/** A GET/HEAD whose last path segment has no extension: a client-side route, not a missing file. */
function isHistoryRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  const path = request.url.split('?')[0] ?? ''
  const last = path.slice(path.lastIndexOf('/') + 1)
  return !last.includes('.') && !path.startsWith('/assets/')
}
