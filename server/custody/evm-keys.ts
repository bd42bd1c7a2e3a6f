/**
 * Deposit addresses of the EVM chains (issue 23 part 1): one per user, derived from an extended public key, so the
 * API that hands them out never holds a private key. BIP-32 derivation along BIP-44's path for Ethereum,
 * `m/44'/60'/0'/0/<index>` (BIP-44 coin type 60, SLIP-0044): the operator configures `EVM_XPUB`, the extended public
 * key of `m/44'/60'/0'/0` (depth 4), and the address of index i is its non-hardened child i. The matching private key
 * stays with the signer (part 4). The BIP-32 arithmetic is ethers' (HDNodeWallet), never ours.
 * https://github.com/bitcoin/bips/blob/master/bip-0032.mediawiki, https://github.com/bitcoin/bips/blob/master/bip-0044.mediawiki
 */
import type * as EthersWalletModule from 'ethers/wallet'

/** The standard development mnemonic (Hardhat's and Foundry's default accounts): for the local dev chain only. */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk'

/** The BIP-44 path whose extended public key `EVM_XPUB` is: deposit address i is its child i. */
export const DEPOSIT_PARENT_PATH = "m/44'/60'/0'/0"

/** Depth of `DEPOSIT_PARENT_PATH` (purpose, coin type, account, change). */
const PARENT_DEPTH = 4

/** The highest non-hardened child index (BIP-32: indexes from 2³¹ are hardened, not derivable from a public key). */
export const MAX_DEPOSIT_INDEX = 0x7fffffff

/**
 * Index of the first user's deposit address: indexes below are the venue's own (on the dev chain index 0 is the hot
 * wallet and 1–9 the funded test accounts of DEV_MNEMONIC, which must never be a user's deposit address).
 *
 * Outside the dev chain the hot wallet must not be a child of EVM_XPUB's key: BIP-32 gives away the parent private
 * key to whoever holds the xpub and any one of its non-hardened children's private keys, so a leak of the (online)
 * hot key together with the API's xpub would expose every deposit key. Keep it under another hardened branch
 * (another account, m/44'/60'/1'/…).
 */
export const USER_INDEX_BASE = 1000

/**
 * The derivation index of a user's deposit address: USER_INDEX_BASE + user id, so it is fixed for the user (the
 * address "rarely changes", spec deposit notes) and two users never share one, with no allocation to race on.
 * @throws RangeError for a user id that is not a positive integer or would pass MAX_DEPOSIT_INDEX
 */
export function depositIndexOf(userId: number): number {
  if (!Number.isInteger(userId) || userId < 1 || userId > MAX_DEPOSIT_INDEX - USER_INDEX_BASE) {
    throw new RangeError(`user id: 1…${MAX_DEPOSIT_INDEX - USER_INDEX_BASE} expected, got ${userId}`)
  }
  return USER_INDEX_BASE + userId
}

/** Why an extended key was refused, one line naming what to configure instead. */
export class ExtendedKeyError extends Error {
  override name = 'ExtendedKeyError'
}

let walletModule: Promise<typeof EthersWalletModule> | undefined
/** ethers' wallet entry, loaded on first use (servers without EVM custody never load it). */
const wallets = () => (walletModule ??= import('ethers/wallet'))

/** An extended public key's deposit addresses. */
export interface DepositKeys {
  /** The extended public key (xpub…) they derive from. */
  xpub: string
  /** The EIP-55 address of index `index` (0 … MAX_DEPOSIT_INDEX). @throws RangeError on another index. */
  addressAt(index: number): string
}

/**
 * Reads `xpub` as the extended public key of DEPOSIT_PARENT_PATH.
 * @throws ExtendedKeyError when it is not an extended key, is a private one (xprv: the API must not hold it), or is
 *   not at depth 4
 */
export async function depositKeys(xpub: string): Promise<DepositKeys> {
  const { HDNodeWallet } = await wallets()
  let node: EthersWalletModule.HDNodeWallet | EthersWalletModule.HDNodeVoidWallet
  try {
    node = HDNodeWallet.fromExtendedKey(xpub.trim())
  } catch {
    throw new ExtendedKeyError('expected an extended public key (xpub…, BIP-32)')
  }
  if (node instanceof HDNodeWallet) {
    throw new ExtendedKeyError(
      "a private extended key (xprv…): give the API the public one (xpub…); the private key is the signer's",
    )
  }
  if (node.depth !== PARENT_DEPTH) {
    throw new ExtendedKeyError(
      `expected the key of ${DEPOSIT_PARENT_PATH} (depth ${PARENT_DEPTH}), got depth ${node.depth}`,
    )
  }
  const parent = node
  return {
    xpub: parent.extendedKey,
    addressAt(index) {
      if (!Number.isInteger(index) || index < 0 || index > MAX_DEPOSIT_INDEX) {
        throw new RangeError(`deposit index: 0…${MAX_DEPOSIT_INDEX} expected, got ${index}`)
      }
      return parent.deriveChild(index).address
    },
  }
}

/** The extended public key of DEPOSIT_PARENT_PATH for `mnemonic` (the dev chain's: DEV_MNEMONIC). */
export async function xpubOfMnemonic(mnemonic: string): Promise<string> {
  const { HDNodeWallet } = await wallets()
  return HDNodeWallet.fromPhrase(mnemonic, undefined, DEPOSIT_PARENT_PATH).neuter().extendedKey
}
