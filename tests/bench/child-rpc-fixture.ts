/**
 * The child of child-rpc.test.ts: `echo` answers its args, `fail` throws, `exit` ends the process while its call
 * waits (so the caller must hear that the child died, not wait forever).
 */
import { serveRpc } from './child-rpc'

serveRpc({
  echo: (args: unknown) => ({ echoed: args, pid: process.pid }),
  fail: async ({ why }: { why: string }) => {
    await Promise.resolve()
    throw new Error(why)
  },
  exit: () => process.exit(3),
})
