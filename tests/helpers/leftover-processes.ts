/**
 * Processes a test run left behind (issue 24 part 11: "no process outlives the test run"). Every child `npm test`
 * starts gets the run's own TMPDIR (tests/run.ts), and their children inherit it: a process still alive once the
 * suites have ended whose environment names that TMPDIR, or whose command line does (a Chromium profile, a data dir
 * under it), is one the run started and did not stop. The runner itself and its ancestors are not counted. Linux
 * `/proc` only: elsewhere nothing is found.
 */
import { readdirSync, readFileSync } from 'node:fs'

/** A process left behind: its pid and command line (arguments joined by spaces, cut at 200 characters). */
export interface Leftover {
  pid: number
  command: string
}

/** `/proc/<pid>/<file>` as text, or undefined when the process is gone or not readable. */
function procText(pid: number, file: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8')
  } catch {
    return undefined
  }
}

/** The parent pid of `pid` (field 4 of /proc/<pid>/stat, after the parenthesized command), or 0. */
function parentOf(pid: number): number {
  const stat = procText(pid, 'stat')
  if (!stat) return 0
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] ?? 0)
}

/**
 * The live processes other than `self` and its ancestors whose environment has `TMPDIR=<tmp>` or whose command line
 * contains `tmp`.
 */
export function leftoverProcesses(tmp: string, self: number = process.pid): Leftover[] {
  let pids: number[]
  try {
    pids = readdirSync('/proc')
      .filter((n) => /^\d+$/.test(n))
      .map(Number)
  } catch {
    return []
  }
  const mine = new Set<number>()
  for (let p = self; p > 0 && !mine.has(p); p = parentOf(p)) mine.add(p)
  const left: Leftover[] = []
  for (const pid of pids) {
    if (mine.has(pid)) continue
    const cmdline = procText(pid, 'cmdline')
    if (cmdline === undefined || cmdline === '') continue // gone, or a kernel thread
    const environ = procText(pid, 'environ') ?? ''
    const command = cmdline.split('\0').filter(Boolean).join(' ')
    if (environ.split('\0').includes(`TMPDIR=${tmp}`) || command.includes(tmp)) {
      left.push({ pid, command: command.slice(0, 200) })
    }
  }
  return left
}
