/**
 * Which vitest files share a worker's modules and which get a process of their own (vite.config.ts `test.projects`).
 *
 * A fresh process per file spent more time loading the server than running the file: in a CI-like run of 2026-12-02,
 * 1,221 of vitest's 3,296 worker-seconds went between files (the server's module graph evaluated again for each of
 * 138 server files, PGlite's WebAssembly compiled again). Shared, the whole run took 1,317 s instead of 1,658 s, all
 * green. A file shares unless its source shows that it changes the process for the files after it:
 * - a DOM environment (`@vitest-environment`): one per file;
 * - a module mock or a stubbed global or variable (`vi.mock`, `vi.doMock`, `vi.stubGlobal`, `vi.stubEnv`);
 * - an environment variable set at import (a line that starts with `process.env.`, e.g. `CLOCK_CONTROL = '1'`);
 *   a variable set in a hook and restored after it is fine.
 * Every shared file builds its own app, databases and servers and closes them, as before.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const TEST_DIRS = ['tests/server', 'tests/unit', 'tests/worker', 'tests/bench'] as const
const TEST_FILE = /\.test\.tsx?$/
const OWN_PROCESS = [/@vitest-environment/, /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(/, /^process\.env\./m]

/** True when the file's source needs a process of its own (the rules above). */
export function needsOwnProcess(source: string): boolean {
  return OWN_PROCESS.some((re) => re.test(source))
}

/**
 * The test files under `root` (paths relative to it, `tests/…`), split into those that share a worker and those that
 * get a process each.
 */
export function testFilesByIsolation(root: string): { shared: string[]; isolated: string[] } {
  const shared: string[] = []
  const isolated: string[] = []
  for (const dir of TEST_DIRS.filter((d) => existsSync(join(root, d)))) {
    for (const name of readdirSync(join(root, dir))
      .filter((n) => TEST_FILE.test(n))
      .sort()) {
      const path = `${dir}/${name}`
      ;(needsOwnProcess(readFileSync(join(root, path), 'utf8')) ? isolated : shared).push(path)
    }
  }
  return { shared, isolated }
}
