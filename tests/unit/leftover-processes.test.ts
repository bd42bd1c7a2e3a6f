/**
 * The end-of-run check of `npm test` (tests/helpers/leftover-processes.ts): a process started with the run's TMPDIR
 * and still alive is found with its command line, its grandchild too (they inherit the environment); one of another
 * TMPDIR is not, nor the runner itself; once killed, nothing is found.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { leftoverProcesses } from '../helpers/leftover-processes'

const dirs: string[] = []
afterEach(() => {
  // Every process of either TMPDIR, the sleeping grandchildren included.
  for (const d of dirs.splice(0)) {
    for (const p of leftoverProcesses(d)) process.kill(p.pid, 'SIGKILL')
    rmSync(d, { recursive: true, force: true })
  }
})

/** A shell with TMPDIR=`tmp` that starts a sleeping grandchild and sleeps itself; answers once both run. */
async function sleeper(tmp: string): Promise<ChildProcess> {
  const child = spawn('sh', ['-c', 'sleep 300 & echo up; wait'], {
    env: { ...process.env, TMPDIR: tmp },
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()))
  return child
}

describe.runIf(process.platform === 'linux')('processes left behind by a test run', () => {
  it("finds what was started with the run's TMPDIR, and nothing once it is stopped", async () => {
    const run = mkdtempSync(join(tmpdir(), 'tc-leftover-run-'))
    const other = mkdtempSync(join(tmpdir(), 'tc-leftover-other-'))
    dirs.push(run, other)
    expect(leftoverProcesses(run)).toEqual([])
    const child = await sleeper(run)
    await sleeper(other)
    const found = leftoverProcesses(run)
    expect(found.map((p) => p.command).sort()).toEqual(['sh -c sleep 300 & echo up; wait', 'sleep 300'])
    expect(found.some((p) => p.pid === child.pid)).toBe(true)
    expect(found.some((p) => p.pid === process.pid)).toBe(false)
    for (const p of found) process.kill(p.pid, 'SIGKILL')
    await new Promise<void>((resolve) => child.once('exit', () => resolve()))
    await expect.poll(() => leftoverProcesses(run)).toEqual([])
  })
})
