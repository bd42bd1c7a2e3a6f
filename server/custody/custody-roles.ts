/**
 * What each role of a process runs of custody (issue 23), started by launchRoles once the database is open: `jobs`
 * the chain watcher (with a chain) and the daily proof (reserves read from the chain when one is watched), `signer`
 * the withdrawal signer with the hot wallet's key. Every module here is loaded only when its part runs: a server
 * without a chain never loads viem.
 */
import type { EvmConfig } from '../config'
import type { Db } from '../db/client'
import type { OpenCustody } from './open-custody'

/** Reads the reserves of the watched chain (users' deposit addresses and hot wallets), for the proof. */
export function reservesReader(db: Db, chain: OpenCustody) {
  return async () => (await import('./reserves')).readReserves(db, chain.client, chain.custody)
}

/** Reads what the venue's addresses on the watched chain hold, for `npm run admin -- custody`. */
export function chainBalancesReader(db: Db, chain: OpenCustody) {
  return async () => (await import('./reserves')).readChainBalances(db, chain.client, chain.custody)
}

/**
 * The jobs role's custody parts: the chain watcher (every jobs process may run one: each block is applied once) and
 * the daily proof of reserves and liabilities. Answers their stops.
 */
export async function startCustodyJobs(
  db: Db,
  chain: OpenCustody | undefined,
  log: (line: string) => void,
): Promise<(() => Promise<void>)[]> {
  const stops: (() => Promise<void>)[] = []
  if (chain) {
    const { startChainWatcher } = await import('./watch-loop')
    const watcher = startChainWatcher({ db, client: chain.client, custody: chain.custody, log })
    stops.push(() => watcher.stop())
  }
  const { startProofJob } = await import('./proof-job')
  const proofs = startProofJob({ db, reserves: chain && reservesReader(db, chain), log })
  stops.push(() => proofs.stop())
  return stops
}

/**
 * The signer role (parts 3 and 4), the only one that reads the hot wallet's key (the dev chain's account 0, or
 * EVM_SIGNER_KEY(_FILE)) and the deposit addresses' (the dev mnemonic's, or EVM_SWEEP_KEY(_FILE): without it, deposits
 * are not swept). Without a key, approved on-chain withdrawals wait for a signer process: said in one line
 * under ROLES=all, an error when the process was started for the role (`required`). Answers its stop, if started.
 * @throws Error when `required` and no key is configured; SignerKeyError for an unreadable or exposed key file, or a
 *   sweep key whose public half is not EVM_XPUB.
 */
export async function startSignerRole(
  db: Db,
  chain: OpenCustody,
  evm: EvmConfig,
  required: boolean,
  log: (line: string) => void,
): Promise<(() => Promise<void>) | undefined> {
  const key = evm.kind === 'dev' ? ('dev' as const) : evm.signerKey
  if (!key) {
    if (required) {
      throw new Error('ROLES has signer: EVM_SIGNER_KEY or EVM_SIGNER_KEY_FILE is required (the hot wallet key)')
    }
    log('[signer] no EVM_SIGNER_KEY(_FILE): approved on-chain withdrawals wait for a signer process')
    return undefined
  }
  const [{ signerAccount, depositKeyring }, { startSigner }] = await Promise.all([
    import('./signer-key'),
    import('./signer'),
  ])
  const sweepKey = evm.kind === 'dev' ? ('dev' as const) : evm.sweepKey
  if (!sweepKey) log("[signer] no EVM_SWEEP_KEY(_FILE): deposits stay on the users' addresses (not swept)")
  const signer = startSigner({
    db,
    client: chain.client,
    custody: chain.custody,
    account: await signerAccount(key),
    keys: sweepKey && (await depositKeyring(sweepKey, chain.custody.keys.xpub)),
    log,
  })
  return () => signer.stop()
}
