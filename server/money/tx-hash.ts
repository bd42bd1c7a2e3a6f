/**
 * The one spelling of a deposit's transaction hash (issue 21 Part 9): what makes "0xABC…", "abc…" and " ABC… " the
 * same claim. Every chain the venue takes deposits on (common/api/assets.ts CHAINS) names a transaction by 32 bytes
 * in hex: Ethereum (ETH and ERC-20 tokens) as `0x` + 64 hex digits, TRON (TRC-20) and Bitcoin as 64 hex digits.
 * Hex is case-insensitive on all of them, so the key is lower-case hex without `0x`, prefixed by the network (ETH
 * and ERC20 are one network: one hash cannot be claimed once as ETH and again as a token).
 */
import type { Chain } from '../../common/api/assets'

/** The network a chain label runs on: hashes are unique per network, not per label. */
const NETWORK: Record<Chain, string> = { ETH: 'ethereum', ERC20: 'ethereum', TRC20: 'tron', BTC: 'bitcoin' }

const HEX = /^[0-9a-f]+$/

/**
 * The key under which a claim's hash is unique among claims not rejected (`deposits.tx_hash_key`):
 * `<network>:<hash>`, the hash trimmed, without a `0x`/`0X` prefix and lower-cased when it is hex (a hash in another
 * alphabet is kept as typed, since such alphabets, e.g. base58, are case-sensitive).
 * @example txHashKey('ERC20', ' 0xAB12… ') === 'ethereum:ab12…'
 */
export function txHashKey(chain: Chain, hash: string): string {
  const trimmed = hash.trim()
  const lower = trimmed.toLowerCase()
  const bare = lower.startsWith('0x') ? lower.slice(2) : lower
  return `${NETWORK[chain]}:${HEX.test(bare) ? bare : trimmed}`
}

/**
 * The SQL expression computing `txHashKey` from a row's `chain` and `tx_hash`, for the migration's backfill; kept
 * beside the function so the two are read together (tests/server/ledger-integrity.test.ts checks they agree).
 */
export const TX_HASH_KEY_SQL = `(case chain when 'ETH' then 'ethereum' when 'ERC20' then 'ethereum' when 'TRC20' then 'tron' when 'BTC' then 'bitcoin' end) || ':' || (case when lower(regexp_replace(btrim(tx_hash), '^0[xX]', '')) ~ '^[0-9a-f]+$' then lower(regexp_replace(btrim(tx_hash), '^0[xX]', '')) else btrim(tx_hash) end)`
