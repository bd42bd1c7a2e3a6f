/**
 * Calls into a bench's child process over its IPC channel: the parent `forkRpc(file)` and `call(op, args)`; the child
 * `serveRpc({ op: handler })`. Load generators and engines of `npm run bench -- cluster` run in processes of their
 * own (so they do not share an event loop with what they measure), driven through this.
 *
 * A child exits when its parent disconnects (the parent died or stopped it), so none outlives the bench.
 */
import { fork, type ChildProcess } from 'node:child_process'

/** A request to the child: `op` names its handler. */
interface Request {
  id: number
  op: string
  args: unknown
}

/** The child's answer to request `id`: its value, or the handler's error message. */
type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string }

/** A running child process served by `serveRpc`. */
export interface ChildRpc {
  readonly pid: number
  /**
   * Calls the child's handler `op` with `args` (structured-cloned); resolves with its answer.
   * @throws the handler's error (its message), or when the child exits first or `timeoutMs` passes (default 120 s)
   */
  call<T>(op: string, args?: unknown, timeoutMs?: number): Promise<T>
  /** SIGTERM, SIGKILL after 3 s; resolves once it exited. Safe to call twice and after it died. */
  stop(): Promise<void>
}

/** Forks `file` (TypeScript, through tsx) with `env` over this process's environment; its output is this one's. */
export function forkRpc(file: string, env: Record<string, string> = {}): ChildRpc {
  const child: ChildProcess = fork(file, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>()
  let nextId = 0
  const exited = new Promise<void>((done) =>
    child.once('exit', (code, signal) => {
      for (const p of pending.values()) p.reject(new Error(`${file} exited (${signal ?? code}) before answering`))
      pending.clear()
      done()
    }),
  )
  child.on('message', (m: Reply) => {
    const p = pending.get(m.id)
    if (!p) return
    pending.delete(m.id)
    if (m.ok) p.resolve(m.value)
    else p.reject(new Error(m.error))
  })
  const alive = () => child.exitCode === null && child.signalCode === null
  return {
    pid: child.pid ?? 0,
    call<T>(op: string, args?: unknown, timeoutMs = 120_000) {
      return new Promise<T>((resolve, reject) => {
        if (!alive()) return reject(new Error(`${file} is not running`))
        const id = ++nextId
        const timer = setTimeout(() => {
          pending.delete(id)
          reject(new Error(`${file}: ${op} took over ${timeoutMs / 1000} s`))
        }, timeoutMs)
        pending.set(id, {
          resolve: (v) => {
            clearTimeout(timer)
            resolve(v as T)
          },
          reject: (e) => {
            clearTimeout(timer)
            reject(e)
          },
        })
        child.send({ id, op, args } satisfies Request)
      })
    },
    async stop() {
      if (!alive()) return
      child.kill('SIGTERM')
      const late = setTimeout(() => child.kill('SIGKILL'), 3000)
      await exited
      clearTimeout(late)
    },
  }
}

/** A child's handlers by op; each gets the call's args and answers (or throws) asynchronously or not. */
export type Handlers = Record<string, (args: never) => unknown>

/** Serves the parent's calls with `handlers`, one reply per call; exits when the parent disconnects. */
export function serveRpc(handlers: Handlers): void {
  process.on('message', (m: Request) => {
    const handler = handlers[m.op] as ((args: unknown) => unknown) | undefined
    const answer = (r: Reply) => process.send?.(r)
    if (!handler) return answer({ id: m.id, ok: false, error: `no handler ${m.op}` })
    Promise.resolve()
      .then(() => handler(m.args))
      .then(
        (value) => answer({ id: m.id, ok: true, value }),
        (err: unknown) => answer({ id: m.id, ok: false, error: err instanceof Error ? err.message : String(err) }),
      )
  })
  process.on('disconnect', () => process.exit(0))
  process.on('SIGTERM', () => process.exit(0))
}
