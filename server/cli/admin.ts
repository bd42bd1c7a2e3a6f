/** `npm run admin -- <command>`: operator commands on the same database the server uses (see ADMIN_USAGE). */
import { resolve } from 'node:path'
import { loadConfigOrExit } from '../config'
import { chainBalancesReader, reservesReader } from '../custody/custody-roles'
import { openDatabase } from '../db/client'
import { seedDatabase } from '../db/seed'
import { ADMIN_USAGE, runAdmin, wantsHelp } from './admin-commands'
import { runViaAdminSocket } from './admin-socket'

// `--file` paths are read by whichever process runs the command, maybe the server with another working directory.
const argv = process.argv.slice(2).map((arg, i, all) => {
  if (all[i - 1] === '--file') return resolve(arg)
  return arg.startsWith('--file=') ? `--file=${resolve(arg.slice('--file='.length))}` : arg
})
if (wantsHelp(argv)) {
  console.log(ADMIN_USAGE)
  process.exit(0)
}
const config = loadConfigOrExit()
const io = { out: (line: string) => console.log(line), err: (line: string) => console.error(line) }
let code = 1
// A server running on the embedded database holds it alone; it runs the command for us over its admin socket.
const viaServer = config.databaseUrl ? undefined : await runViaAdminSocket(config.dataDir, argv, io)
if (viaServer !== undefined) process.exit(viaServer)
try {
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
  try {
    // A fresh database gets the same first-start data as the server would give it.
    await seedDatabase(database.db)
    // With a node configured (EVM_RPC_URL), the commands that read the chain read it from here.
    const chain =
      config.evm?.kind === 'rpc' && (argv[0] === 'custody' || argv.slice(0, 2).join(' ') === 'proof publish')
        ? await (await import('../custody/open-custody')).openCustody(config.evm, () => {})
        : undefined
    try {
      const extras = chain && {
        reserves: reservesReader(database.db, chain),
        chain: chainBalancesReader(database.db, chain),
      }
      code = await runAdmin(database.db, argv, { ...io, ...extras })
    } finally {
      await chain?.close()
    }
  } finally {
    await database.close()
  }
} catch (err) {
  console.error(`error: ${err instanceof Error ? err.message : String(err)}`)
}
process.exit(code)
