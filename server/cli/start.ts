/**
 * `npm start`: builds the PWA when dist/ is missing or older than its sources (`npx vite build`, output shown),
 * then runs the server with the environment's config (DESIGN §2).
 */
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { runMain } from '../main'
import { buildReason } from './build-freshness'

const root = fileURLToPath(new URL('../..', import.meta.url))

const reason = buildReason(root)
if (reason) {
  console.log(`Building the app (${reason}): npx vite build`)
  const build = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) {
    process.stderr.write(`vite build failed (exit ${build.status ?? build.signal}); not starting\n`)
    process.exit(build.status ?? 1)
  }
}
await runMain()
