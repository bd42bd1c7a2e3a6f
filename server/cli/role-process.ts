/**
 * One role process of `npm run cluster` (`node server/cli/launch.js --cluster-child`, ROLES set by the cluster):
 * `runMain` as `npm start` runs it, without start.ts's PWA build (the cluster serves dist/ as built).
 *
 * Its stdin is a pipe from the cluster process. When that closes, the cluster is gone, even killed with SIGKILL and
 * so unable to stop its processes: this one then stops itself as on SIGTERM, so no role process outlives its cluster.
 * Its output has nowhere to go by then, so write errors (EPIPE) are ignored.
 */
import { runMain } from '../main'

process.stdin.on('end', () => {
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {})
  process.kill(process.pid, 'SIGTERM')
})
process.stdin.on('error', () => {})
process.stdin.resume()
await runMain()
