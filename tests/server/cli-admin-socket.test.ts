/**
 * `npm run admin` while the server runs on the embedded database: PGlite allows one process, so the CLI hands the
 * command to the running server through DATA_DIR/admin.sock, and the change is visible in the live API at once.
 */
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runAdminCli, serverWithAdminSocket } from '../helpers/admin-cli'

const cli = (dataDir: string, ...args: string[]) => runAdminCli(args, { dataDir })

describe('admin CLI beside a running server on PGlite', () => {
  it('runs commands in the server and the API shows the change; refuses bad values the same way', async () => {
    const { server, dataDir } = await serverWithAdminSocket('tc-sock-')
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
