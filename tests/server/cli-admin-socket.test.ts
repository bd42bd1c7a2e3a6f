/**
 * `npm run admin` while the server runs on the embedded database: PGlite allows one process, so the CLI hands the
 * command to the running server through DATA_DIR/admin.sock, and the change is visible in the live API at once.
 */
import { existsSync, mkdtempSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../server/config'
import { launchServer } from '../../server/http/launch'
import { runAdminCli } from '../helpers/admin-cli'
import { fakeStartMarket } from '../helpers/server-fake-market'

const cli = (dataDir: string, ...args: string[]) => runAdminCli(args, { dataDir })

describe('admin CLI beside a running server on PGlite', () => {
  it('runs commands in the server and the API shows the change; refuses bad values the same way', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tc-sock-'))
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
    try {
      const sock = join(dataDir, 'admin.sock')
      expect(statSync(sock).mode & 0o777).toBe(0o600)
      const set = await cli(dataDir, 'config', 'set', 'site_name', 'Socket Market')
      expect(set).toMatchObject({ status: 0, stdout: 'site_name=Socket Market\n' })
      const config = (await (await fetch(`${server.httpUrl}/api/common/config`)).json()) as {
        data: { site_name: string }
      }
      expect(config.data.site_name).toBe('Socket Market')
      const bad = await cli(dataDir, 'config', 'set', 'web_maintain', 'off')
      expect(bad.status).toBe(1)
      expect(bad.stderr).toMatch(/web_maintain: expected an integer/)
    } finally {
      await server.close()
    }
    expect(existsSync(join(dataDir, 'admin.sock'))).toBe(false)
    // With the server gone the CLI opens the database itself and reads what the server wrote.
    expect((await cli(dataDir, 'config', 'get', 'site_name')).stdout.trim()).toBe('Socket Market')
  }, 120_000)
})
