/** `npm run admin -- <command>`: operator commands on the same database the server uses (see ADMIN_USAGE). */
import { loadConfigOrExit } from '../config'
import { openDatabase } from '../db/client'
import { seedDatabase } from '../db/seed'
import { ADMIN_USAGE, runAdmin, wantsHelp } from './admin-commands'

const argv = process.argv.slice(2)
if (wantsHelp(argv)) {
  console.log(ADMIN_USAGE)
  process.exit(0)
}
const config = loadConfigOrExit()
let code = 1
try {
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
  try {
    // A fresh database gets the same first-start data as the server would give it.
    await seedDatabase(database.db)
    code = await runAdmin(database.db, argv, {
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    })
  } finally {
    await database.close()
  }
} catch (err) {
  console.error(`error: ${err instanceof Error ? err.message : String(err)}`)
}
process.exit(code)
