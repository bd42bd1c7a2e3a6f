/**
 * A process that starts the dev chain on argv[2]'s port, prints `ready <rpcUrl>` and waits: the dev-chain test kills
 * it with SIGKILL to show the chain does not outlive the process that started it.
 */
import { startDevChain } from '../../server/custody/dev-chain'

const chain = await startDevChain({ port: Number(process.argv[2]) })
process.stdout.write(`ready ${chain.rpcUrl}\n`)
setInterval(() => {}, 60_000)
