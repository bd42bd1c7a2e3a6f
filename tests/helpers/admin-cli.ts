/**
 * Runs `npm run admin -- …` as its own process (asynchronously: a server in the test process must stay free to
 * answer the CLI through its admin socket).
 */
import { spawn } from 'node:child_process'
import { resolve } from 'node:path'

export interface CliResult {
  status: number | null
  stdout: string
  stderr: string
}

/** Runs the admin CLI with `args` on `dataDir`, from `cwd` (default this checkout). */
export function runAdminCli(args: string[], opts: { dataDir: string; cwd?: string }): Promise<CliResult> {
  return new Promise((done) => {
    const child = spawn(resolve('node_modules/.bin/tsx'), [resolve('server/cli/admin.ts'), ...args], {
      cwd: opts.cwd ?? process.cwd(),
      env: { ...process.env, DATA_DIR: opts.dataDir },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    child.on('close', (status) => done({ status, stdout, stderr }))
  })
}
