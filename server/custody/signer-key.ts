/**
 * The hot wallet's private key, read by the signer role only (issue 23 part 3): from `EVM_SIGNER_KEY_FILE` (a file
 * its owner alone may read: mode 0600 or 0400, refused otherwise), from `EVM_SIGNER_KEY`, or on the dev chain account
 * 0 of DEV_MNEMONIC. The key becomes a viem local account at once; it is never logged, and the error messages here
 * never carry it. The API, the watcher and every other role derive addresses from EVM_XPUB and never read it.
 */
import { readFileSync, statSync } from 'node:fs'
import type { LocalAccount } from 'viem'
import type { SignerKeySource } from '../config'
import { DEV_MNEMONIC } from './evm-keys'

/** Why the key could not be read: one line naming the variable, never the key. */
export class SignerKeyError extends Error {
  override name = 'SignerKeyError'
}

/**
 * The signer's account: `source` (EVM_SIGNER_KEY_FILE or EVM_SIGNER_KEY), or `'dev'` for the dev chain's account 0.
 * @throws SignerKeyError when the file is readable by group or others, unreadable, or holds no 32-byte hex key.
 */
export async function signerAccount(source: SignerKeySource | 'dev'): Promise<LocalAccount> {
  const { mnemonicToAccount, privateKeyToAccount } = await import('viem/accounts')
  if (source === 'dev') return mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 0 })
  let text: string
  if (source.kind === 'env') text = source.key
  else {
    let mode: number
    try {
      mode = statSync(source.path).mode
    } catch (err) {
      throw new SignerKeyError(
        `EVM_SIGNER_KEY_FILE: cannot read ${source.path} (${(err as NodeJS.ErrnoException).code})`,
      )
    }
    if ((mode & 0o077) !== 0) {
      throw new SignerKeyError(
        `EVM_SIGNER_KEY_FILE: ${source.path} is readable by others (mode ${(mode & 0o777).toString(8)}): chmod 600 it`,
      )
    }
    text = readFileSync(source.path, 'utf8').trim()
  }
  const hex = text.startsWith('0x') ? text : `0x${text}`
  if (!/^0x[0-9a-fA-F]{64}$/.test(hex)) {
    throw new SignerKeyError(
      `${source.kind === 'file' ? 'EVM_SIGNER_KEY_FILE' : 'EVM_SIGNER_KEY'}: expected a 32-byte private key in hex`,
    )
  }
  return privateKeyToAccount(hex as `0x${string}`)
}
