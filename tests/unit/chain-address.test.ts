// server/money/address on published vectors: EIP-55's, BIP-173's and BIP-350's (valid and invalid, mainnet), and
// well-known addresses (USDT's TRC20 and ERC20 contracts, the genesis block's P2PKH, the Bitcoin wiki's P2SH); each
// kind with a one-character typo, each chain given another chain's or network's address, and the length cap.
import { describe, expect, it } from 'vitest'
import { ADDRESS_MAX, CHAINS } from '../../common/api/assets'
import { addressKind, canonicalAddress, parseAddress } from '../../server/money/address'

/** `s` with the character at `i` replaced by `c`. */
function typo(s: string, i: number, c: string): string {
  expect(s[i]).not.toBe(c)
  return s.slice(0, i) + c + s.slice(i + 1)
}

const USDT_TRC20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'
const USDT_ERC20 = '0xdAC17F958D2ee523a2206206994597C13D831ec7'
const GENESIS_P2PKH = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'
const WIKI_P2SH = '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'
const TAPROOT = 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'

describe('Ethereum (ERC20, ETH)', () => {
  // EIP-55's test cases: each is its own checksummed form, including the two all-caps and all-lower ones.
  const EIP55 = [
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77',
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ]

  it.each(EIP55)('accepts the EIP-55 vector %s as it is', async (a) => {
    expect(await canonicalAddress('ETH', a)).toBe(a)
    expect(await parseAddress('ERC20', a)).toEqual({ address: a, type: 'ethereum' })
  })

  it('checksums an address given in one case', async () => {
    expect(await canonicalAddress('ERC20', USDT_ERC20.toLowerCase())).toBe(USDT_ERC20)
    expect(await canonicalAddress('ERC20', '0x' + USDT_ERC20.slice(2).toUpperCase())).toBe(USDT_ERC20)
    expect(await canonicalAddress('ETH', '0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED')).toBe(
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    )
  })

  it('refuses mixed case with a wrong checksum', async () => {
    // one letter's case flipped
    expect(await canonicalAddress('ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBeNull()
    expect(await canonicalAddress('ERC20', '0xdac17F958D2ee523a2206206994597C13D831ec7')).toBeNull()
  })

  it('refuses a one-digit typo in a checksummed address', async () => {
    expect(await canonicalAddress('ERC20', typo(USDT_ERC20, 10, '0'))).toBeNull()
    expect(await canonicalAddress('ETH', typo('0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', 20, 'E'))).toBeNull()
  })

  it('refuses other forms getAddress would take, and malformed hex', async () => {
    expect(await canonicalAddress('ETH', USDT_ERC20.slice(2))).toBeNull() // no 0x
    expect(await canonicalAddress('ETH', '0X' + USDT_ERC20.slice(2))).toBeNull()
    expect(await canonicalAddress('ETH', 'XE7338O073KYGTWWZN0F2WZ0R8PX5ZPPZS')).toBeNull() // ICAP (ethers' own example)
    expect(await canonicalAddress('ETH', USDT_ERC20.slice(0, -1))).toBeNull() // 39 digits
    expect(await canonicalAddress('ETH', USDT_ERC20 + '0')).toBeNull() // 41 digits
    expect(await canonicalAddress('ETH', typo(USDT_ERC20, 5, 'g'))).toBeNull()
    expect(await canonicalAddress('ETH', '0x' + USDT_ERC20.slice(2).toLowerCase() + '\n0')).toBeNull()
  })

  it("refuses other chains' addresses", async () => {
    for (const a of [USDT_TRC20, GENESIS_P2PKH, WIKI_P2SH, TAPROOT]) expect(await canonicalAddress('ETH', a)).toBeNull()
    expect(await canonicalAddress('ERC20', '41a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBeNull() // TRON hex
  })
})

describe('TRON (TRC20)', () => {
  it('accepts base58check addresses of version 0x41 as given', async () => {
    expect(await parseAddress('TRC20', USDT_TRC20)).toEqual({ address: USDT_TRC20, type: 'tron' })
    expect(await canonicalAddress('TRC20', 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb')).toBe(
      'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
    ) // 41 00…00
    // the genesis P2PKH's hash under TRON's version byte
    expect(await canonicalAddress('TRC20', 'TJzCP527E8Pbpt5qwf7NyUmaFZfRQhiAJx')).toBe(
      'TJzCP527E8Pbpt5qwf7NyUmaFZfRQhiAJx',
    )
  })

  it('refuses a one-character typo, a wrong case, a truncation', async () => {
    expect(await canonicalAddress('TRC20', typo(USDT_TRC20, 10, 'Y'))).toBeNull()
    expect(await canonicalAddress('TRC20', typo(USDT_TRC20, 5, 'J'))).toBeNull() // j → J
    expect(await canonicalAddress('TRC20', USDT_TRC20.slice(0, -1))).toBeNull()
    expect(await canonicalAddress('TRC20', typo(USDT_TRC20, 8, '0'))).toBeNull() // 0 is not base58
  })

  it("refuses other chains' addresses and TRON's hex form", async () => {
    for (const a of [GENESIS_P2PKH, WIKI_P2SH, TAPROOT, USDT_ERC20])
      expect(await canonicalAddress('TRC20', a)).toBeNull()
    expect(await canonicalAddress('TRC20', '41a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBeNull()
    expect(await canonicalAddress('TRC20', '0xa614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBeNull()
  })
})

describe('Bitcoin (BTC)', () => {
  it('accepts base58check P2PKH and P2SH as given', async () => {
    expect(await parseAddress('BTC', GENESIS_P2PKH)).toEqual({ address: GENESIS_P2PKH, type: 'p2pkh' })
    expect(await parseAddress('BTC', WIKI_P2SH)).toEqual({ address: WIKI_P2SH, type: 'p2sh' })
  })

  // BIP-350's valid vectors on mainnet (they replace BIP-173's), lowercased; tb1… ones are refused below.
  it.each([
    ['BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'p2wpkh'],
    ['bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', 'p2wsh'],
    ['bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y', 'witness_unknown'],
    ['BC1SW50QGDZ25J', 'witness_unknown'],
    ['bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs', 'witness_unknown'],
    [TAPROOT, 'p2tr'],
  ])('accepts %s (%s)', async (a, type) => {
    expect(await parseAddress('BTC', a)).toEqual({ address: a.toLowerCase(), type })
  })

  // BIP-173's and BIP-350's invalid address vectors, and BIP-173's old valid v1+ vectors (bech32, not bech32m).
  it.each([
    ['tc1qw508d6qejxtdg4y5r3zarvary0c5xw7kg3g4ty', 'invalid human-readable part'],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'invalid checksum'],
    ['BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2', 'invalid witness version'],
    ['bc1rw5uspcuh', 'invalid program length'],
    ['bc10w508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90', 'invalid program length'],
    ['BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P', 'invalid program length for witness version 0'],
    ['bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du', 'zero padding of more than 4 bits'],
    ['bc1gmk9yu', 'empty data section'],
    ['tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut', 'invalid human-readable part'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', 'bech32 instead of bech32m'],
    ['BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL', 'bech32 instead of bech32m'],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', 'bech32m instead of bech32'],
    ['bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4', 'invalid character in checksum'],
    ['BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R', 'invalid witness version'],
    ['bc1pw5dgrnzv', 'invalid program length (1 byte)'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav', 'program length 41 bytes'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf', 'zero padding of more than 4 bits'],
    ['bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx', 'v1 with bech32'],
    ['BC1SW50QA3JX3S', 'v16 with bech32'],
    ['bc1zw508d6qejxtdg4y5r3zarvaryvg6kdaj', 'v2 with bech32'],
  ])('refuses %s (%s)', async (a) => {
    expect(await canonicalAddress('BTC', a)).toBeNull()
  })

  it('refuses mixed case', async () => {
    expect(await canonicalAddress('BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3T4')).toBeNull()
    expect(await canonicalAddress('BTC', 'Bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0')).toBeNull()
  })

  it("refuses other networks' addresses, valid ones included", async () => {
    for (const a of [
      'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', // BIP-350 valid, testnet
      'tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy',
      'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c',
      'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7', // BIP-173/350 invalid ones
      'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3pjxtptv',
      'tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf',
      'tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47',
      'tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq',
      'tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j',
      'mpXwg4jMtRhuSpVq4xS3HFHmCmWp9NyGKt', // the genesis P2PKH's hash, testnet version 0x6f
      '2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc', // testnet P2SH (0xc4)
      'bcrt1qn3h68k2u0rr49skx05qw7veynpf4lfppd2demt', // regtest
      // valid checksums under the prefixes "bc1" and "bc1q", which start like mainnet's
      'bc11p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq43m4x4',
      'bc1q1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqq8jgfn',
      'bc11qw508d6qejxtdg4y5r3zarvary0c5xw7kan2muu',
    ])
      expect(await canonicalAddress('BTC', a)).toBeNull()
  })

  it('refuses a one-character typo in each kind', async () => {
    expect(await canonicalAddress('BTC', typo(GENESIS_P2PKH, 12, 'G'))).toBeNull()
    expect(await canonicalAddress('BTC', typo(WIKI_P2SH, 20, 'x'))).toBeNull()
    expect(await canonicalAddress('BTC', typo('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 12, 'q'))).toBeNull()
    expect(await canonicalAddress('BTC', typo(TAPROOT, 30, 'q'))).toBeNull()
  })

  it("refuses other chains' addresses", async () => {
    for (const a of [USDT_TRC20, USDT_ERC20, USDT_ERC20.toLowerCase()])
      expect(await canonicalAddress('BTC', a)).toBeNull()
  })
})

describe('every chain', () => {
  it('trims surrounding whitespace', async () => {
    expect(await canonicalAddress('TRC20', `  ${USDT_TRC20}\n`)).toBe(USDT_TRC20)
    expect(await canonicalAddress('ERC20', `\t${USDT_ERC20.toLowerCase()} `)).toBe(USDT_ERC20)
    expect(await canonicalAddress('BTC', ` ${GENESIS_P2PKH} `)).toBe(GENESIS_P2PKH)
    expect(await canonicalAddress('BTC', ` ${TAPROOT.toUpperCase()}\r\n`)).toBe(TAPROOT)
    expect(await canonicalAddress('BTC', `${GENESIS_P2PKH.slice(0, 10)} ${GENESIS_P2PKH.slice(10)}`)).toBeNull()
  })

  it(`refuses empty text and more than ${ADDRESS_MAX} characters`, async () => {
    for (const chain of CHAINS) {
      expect(await canonicalAddress(chain, '')).toBeNull()
      expect(await canonicalAddress(chain, '   ')).toBeNull()
      expect(await canonicalAddress(chain, 'x'.repeat(ADDRESS_MAX + 1))).toBeNull()
      expect(await canonicalAddress(chain, '1'.repeat(1_000_000))).toBeNull()
    }
    expect(await canonicalAddress('ETH', '0x' + '0'.repeat(ADDRESS_MAX))).toBeNull()
  })

  it('names the address family of each chain', async () => {
    expect(CHAINS.map(addressKind)).toEqual(['tron', 'ethereum', 'ethereum', 'bitcoin'])
  })
})
