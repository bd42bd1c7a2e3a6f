/**
 * The keys the signer role alone reads (issue 23 parts 3 and 4): the hot wallet's private key from
 * `EVM_SIGNER_KEY_FILE` (a file its owner alone may read: mode 0600 or 0400, refused otherwise), from
 * `EVM_SIGNER_KEY`, or on the dev chain account 0 of DEV_MNEMONIC; and the deposit addresses' extended private key
 * (EVM_SWEEP_KEY(_FILE), on the dev chain DEV_MNEMONIC's) for sweeping. The key becomes a viem local account at once; it is never logged, and the error messages here
 * never carry it. The API, the watcher and every other role derive addresses from EVM_XPUB and never read it.
 */
import { readFileSync, statSync } from 'node:fs'
import type { LocalAccount } from 'viem'
import type { SignerKeySource } from '../config'
import { DEPOSIT_PARENT_PATH, DEV_MNEMONIC } from './evm-keys'

/** Why the key could not be read: one line naming the variable, never the key. */
export class SignerKeyError extends Error {
  override name = 'SignerKeyError'
}

/**
 * The text of a key from its source (trimmed), the file only if its owner alone may read it.
 * @throws SignerKeyError naming `variable` (the file's, e.g. EVM_SIGNER_KEY_FILE), never the key.
 */
function keyText(source: SignerKeySource, variable: string): string {
  if (source.kind === 'env') return source.key.trim()
  let mode: number
  try {
    mode = statSync(source.path).mode
  } catch (err) {
    throw new SignerKeyError(`${variable}: cannot read ${source.path} (${(err as NodeJS.ErrnoException).code})`)
  }
  if ((mode & 0o077) !== 0) {
    throw new SignerKeyError(
      `${variable}: ${source.path} is readable by others (mode ${(mode & 0o777).toString(8)}): chmod 600 it`,
    )
  }
  return readFileSync(source.path, 'utf8').trim()
}

/**
 * The signer's account: `source` (EVM_SIGNER_KEY_FILE or EVM_SIGNER_KEY), or `'dev'` for the dev chain's account 0.
 * @throws SignerKeyError when the file is readable by group or others, unreadable, or holds no 32-byte hex key.
 */
export async function signerAccount(source: SignerKeySource | 'dev'): Promise<LocalAccount> {
  const { mnemonicToAccount, privateKeyToAccount } = await import('viem/accounts')
  if (source === 'dev') return mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 0 })
  const text = keyText(source, 'EVM_SIGNER_KEY_FILE')
  const hex = text.startsWith('0x') ? text : `0x${text}`
  if (!/^0x[0-9a-fA-F]{64}$/.test(hex)) {
    throw new SignerKeyError(
      `${source.kind === 'file' ? 'EVM_SIGNER_KEY_FILE' : 'EVM_SIGNER_KEY'}: expected a 32-byte private key in hex`,
    )
  }
  return privateKeyToAccount(hex as `0x${string}`)
}

/** The deposit addresses' keys, for sweeping (issue 23 part 4). */
export interface DepositKeyring {
  /** The account of deposit index `index` (server/custody/evm-keys.ts depositIndexOf). */
  accountAt(index: number): Promise<LocalAccount>
}

/**
 * The deposit addresses' private keys: the extended private key of DEPOSIT_PARENT_PATH from `source`
 * (EVM_SWEEP_KEY_FILE or EVM_SWEEP_KEY), or `'dev'` for DEV_MNEMONIC's. Its public half must be `xpub` (EVM_XPUB, from
 * which the API derived the addresses): a mismatched key would sign for addresses holding nothing.
 * @throws SignerKeyError for an exposed or unreadable file, a text that is no xprv at depth 4, or one whose public
 *   half is not `xpub`.
 */
export async function depositKeyring(source: SignerKeySource | 'dev', xpub: string): Promise<DepositKeyring> {
  const [{ HDNodeWallet }, { privateKeyToAccount }] = await Promise.all([
    import('ethers/wallet'),
    import('viem/accounts'),
  ])
  const variable = source !== 'dev' && source.kind === 'env' ? 'EVM_SWEEP_KEY' : 'EVM_SWEEP_KEY_FILE'
  let parent: InstanceType<typeof HDNodeWallet>
  if (source === 'dev') parent = HDNodeWallet.fromPhrase(DEV_MNEMONIC, undefined, DEPOSIT_PARENT_PATH)
  else {
    let node: unknown
    try {
      node = HDNodeWallet.fromExtendedKey(keyText(source, variable))
    } catch (err) {
      if (err instanceof SignerKeyError) throw err
      throw new SignerKeyError(`${variable}: expected an extended private key (xprv…, BIP-32)`)
    }
    if (!(node instanceof HDNodeWallet)) {
      throw new SignerKeyError(`${variable}: an extended public key; the signer needs the private one (xprv…)`)
    }
    parent = node
  }
  if (parent.neuter().extendedKey !== xpub) {
    throw new SignerKeyError(
      `${variable}: its public half is not EVM_XPUB (expected the private key of ${DEPOSIT_PARENT_PATH} whose xpub the API uses)`,
    )
  }
  const cache = new Map<number, LocalAccount>()
  return {
    async accountAt(index) {
      let account = cache.get(index)
      if (!account) {
        account = privateKeyToAccount(parent.deriveChild(index).privateKey as `0x${string}`)
        cache.set(index, account)
      }
      return account
    },
  }
}
