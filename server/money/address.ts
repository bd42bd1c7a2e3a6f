/**
 * Crypto addresses of the deposit and withdrawal chains (common/api/assets `CHAINS`): whether a text is an address of
 * the chain, and the one form we store and compare. Checksums are the libraries' (ethers, @scure/base over
 * @noble/hashes), never ours.
 *
 * - ERC20, ETH: 0x + 40 hex digits. All-lowercase or all-uppercase digits carry no checksum and are taken as they are;
 *   mixed case must be the EIP-55 checksum. Canonical: the EIP-55 form.
 *   https://eips.ethereum.org/EIPS/eip-55
 * - TRC20 (TRON): base58check of version byte 0x41 + 20-byte account id ("T…", 34 characters); the hex form "41…" is
 *   refused. Canonical: as given (base58 has one spelling per value).
 *   https://developers.tron.network/docs/account#account-address-format
 * - BTC, mainnet only: base58check P2PKH (0x00, "1…") and P2SH (0x05, "3…"); segwit `bc1…` per BIP-173 (witness
 *   version 0, bech32, program of 20 or 32 bytes) and BIP-350 (versions 1–16, bech32m, program of 2–40 bytes; taproot
 *   is v1 with 32). A checksum of the wrong variant, mixed case, another network (`tb1`, `m…`, `2…`) are refused.
 *   Canonical: base58 as given, segwit in lowercase.
 *   https://github.com/bitcoin/bips/blob/master/bip-0173.mediawiki,
 *   https://github.com/bitcoin/bips/blob/master/bip-0350.mediawiki
 *
 * Format only: whether anyone holds the key, or a contract can receive the token, is not something a format can say.
 * An all-one-case Ethereum address has no checksum, so a typo in it goes unnoticed.
 */
import { bech32, bech32m, createBase58check } from '@scure/base'
import { sha256 } from '@noble/hashes/sha2.js'
import type * as EthersAddressModule from 'ethers/address'
import { ADDRESS_MAX, type Chain } from '../../common/api/assets'

/** Address family of a chain: what the user is asked for. */
export type AddressFamily = 'ethereum' | 'tron' | 'bitcoin'

/**
 * What an address pays to. Bitcoin's are named after their script (BIP-141, BIP-341); `witness_unknown` (Bitcoin Core's
 * name) is a valid segwit address of a version or program length no soft fork has given a meaning yet (v1 of other
 * than 32 bytes, v2–16): spendable by anyone today, so a withdrawal may well want to refuse it.
 */
export type AddressType = 'ethereum' | 'tron' | 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr' | 'witness_unknown'

/** A valid address: its canonical text and what it pays to. */
export interface ParsedAddress {
  address: string
  type: AddressType
}

const FAMILY: Record<Chain, AddressFamily> = { TRC20: 'tron', ERC20: 'ethereum', ETH: 'ethereum', BTC: 'bitcoin' }

/** The address family `chain` takes (ERC20 tokens and ether both go to Ethereum addresses). */
export function addressKind(chain: Chain): AddressFamily {
  return FAMILY[chain]
}

/**
 * `text` as an address of `chain`: its canonical form and type, or null when it is not one (wrong checksum, another
 * chain's or network's address, longer than ADDRESS_MAX…). Surrounding whitespace is trimmed first.
 */
export async function parseAddress(chain: Chain, text: string): Promise<ParsedAddress | null> {
  const s = text.trim()
  if (s.length === 0 || s.length > ADDRESS_MAX) return null
  switch (FAMILY[chain]) {
    case 'ethereum':
      return ethereum(s, await ethersAddress())
    case 'tron':
      return base58(s, 'T', TRON_VERSIONS)
    case 'bitcoin':
      return /^bc1/i.test(s) ? segwit(s) : base58(s, '13', BTC_VERSIONS)
  }
}

/** The canonical form of `text` as an address of `chain`, or null when it is not one (see parseAddress). */
export async function canonicalAddress(chain: Chain, text: string): Promise<string | null> {
  return (await parseAddress(chain, text))?.address ?? null
}

type EthersAddress = typeof EthersAddressModule
let ethersAddressModule: Promise<EthersAddress> | undefined

/**
 * ethers' address entry, loaded on the first Ethereum address: ~13 MB of RSS (against ~28 MB for all of ethers) that
 * a server whose users never type one should not carry from start (issue 9 idle RSS). Shares its modules with a
 * later `import('ethers')` (server/auth/siwe.ts).
 */
function ethersAddress() {
  return (ethersAddressModule ??= import('ethers/address'))
}

function ethereum(s: string, { getAddress }: EthersAddress): ParsedAddress | null {
  // getAddress alone would also take the address without 0x and ICAP ("XE…") forms.
  if (!/^0x[0-9a-fA-F]{40}$/.test(s)) return null
  try {
    return { address: getAddress(s), type: 'ethereum' }
  } catch {
    return null // mixed case with a wrong EIP-55 checksum
  }
}

const base58check = createBase58check(sha256)
const TRON_VERSIONS = new Map<number, AddressType>([[0x41, 'tron']])
const BTC_VERSIONS = new Map<number, AddressType>([
  [0x00, 'p2pkh'],
  [0x05, 'p2sh'],
])

/** Version byte + 20-byte hash, base58check; `first` lists the leading characters those versions encode to. */
function base58(s: string, first: string, versions: ReadonlyMap<number, AddressType>): ParsedAddress | null {
  if (s.length < 26 || s.length > 35 || !first.includes(s[0] ?? '')) return null
  let payload: Uint8Array
  try {
    payload = base58check.decode(s)
  } catch {
    return null // a character outside the alphabet or a wrong checksum
  }
  const type = payload.length === 21 ? versions.get(payload[0] ?? -1) : undefined
  return type ? { address: s, type } : null
}

/** BIP-173/BIP-350 segwit address on mainnet (`bc`); the codecs refuse mixed case and more than 90 characters. */
function segwit(s: string): ParsedAddress | null {
  const v0 = bech32.decodeUnsafe(s)
  const decoded = v0 ?? bech32m.decodeUnsafe(s)
  if (!decoded || decoded.prefix !== 'bc') return null
  const [version, ...words] = decoded.words
  if (version === undefined || version > 16 || (version === 0) !== (v0 !== undefined)) return null
  const program = bech32.fromWordsUnsafe(words) // refuses more than 4 bits of padding or non-zero padding
  if (!program || program.length < 2 || program.length > 40) return null
  const n = program.length
  let type: AddressType = 'witness_unknown'
  if (version === 0) {
    if (n !== 20 && n !== 32) return null // BIP-141
    type = n === 20 ? 'p2wpkh' : 'p2wsh'
  } else if (version === 1 && n === 32) type = 'p2tr'
  return { address: s.toLowerCase(), type }
}
