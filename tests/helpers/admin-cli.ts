/**
 * Runs `npm run admin -- …` as its own process (asynchronously: a server in the test process must stay free to
 * answer the CLI through its admin socket), and starts a server for it to talk to.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseConfig } from '../../server/config'
import { launchServer } from '../../server/http/launch'
import { fakeStartMarket } from './server-fake-market'

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

/**
 * A whole server (PGlite in a fresh DATA_DIR, sim market stand-in, no dist) listening on its admin socket, for
 * tests of the CLI talking to a running server. The caller closes it.
 */
export async function serverWithAdminSocket(
  prefix: string,
): Promise<{ server: Awaited<ReturnType<typeof launchServer>>; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix))
  const config = parseConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    MARKET_PORT: '0',
    MARKET_SOURCE: 'sim',
    DATA_DIR: dataDir,
  })
  const server = await launchServer(config, {
    startMarket: fakeStartMarket().startMarket,
    distDir: mkdtempSync(join(tmpdir(), 'tc-nodist-')),
    log: () => {},
  })
  return { server, dataDir }
}
