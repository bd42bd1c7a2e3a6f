/**
 * Deposit addresses from an extended public key (server/custody/evm-keys.ts, issue 23 part 1): the addresses of the
 * standard development mnemonic's accounts (as Hardhat and Foundry list them), and the keys the API must refuse.
 */
import { HDNodeWallet } from 'ethers/wallet'
import { describe, expect, it } from 'vitest'
import {
  DEPOSIT_PARENT_PATH,
  DEV_MNEMONIC,
  depositIndexOf,
  depositKeys,
  ExtendedKeyError,
  MAX_DEPOSIT_INDEX,
  USER_INDEX_BASE,
  xpubOfMnemonic,
} from '../../server/custody/evm-keys'

describe('deposit addresses from EVM_XPUB', () => {
  it("derives m/44'/60'/0'/0/i: the dev mnemonic's accounts 0–2 as every Ethereum dev node lists them", async () => {
    const keys = await depositKeys(await xpubOfMnemonic(DEV_MNEMONIC))
    expect(keys.xpub).toMatch(/^xpub/)
    expect([0, 1, 2].map((i) => keys.addressAt(i))).toEqual([
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    ])
    expect(keys.addressAt(MAX_DEPOSIT_INDEX)).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(() => keys.addressAt(MAX_DEPOSIT_INDEX + 1)).toThrow(RangeError)
    expect(() => keys.addressAt(-1)).toThrow(RangeError)
  })

  it("gives each user an index of their own above the venue's (never a dev chain's hot wallet or funded account)", async () => {
    const keys = await depositKeys(await xpubOfMnemonic(DEV_MNEMONIC))
    const venue = new Set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => keys.addressAt(i)))
    const users = [1, 2, 3, 9, 10, 999].map((id) => keys.addressAt(depositIndexOf(id)))
    expect(new Set(users).size).toBe(users.length)
    for (const a of users) expect(venue.has(a)).toBe(false)
    expect(depositIndexOf(1)).toBe(USER_INDEX_BASE + 1)
    expect(() => depositIndexOf(0)).toThrow(RangeError)
    expect(() => depositIndexOf(MAX_DEPOSIT_INDEX)).toThrow(RangeError)
  })

  it('refuses a private extended key: the API never holds one', async () => {
    const xprv = HDNodeWallet.fromPhrase(DEV_MNEMONIC, undefined, DEPOSIT_PARENT_PATH).extendedKey
    expect(xprv).toMatch(/^xprv/)
    await expect(depositKeys(xprv)).rejects.toThrow(ExtendedKeyError)
    await expect(depositKeys(xprv)).rejects.toThrow(/private/)
  })

  it("refuses a key of another depth (the account's m/44'/60'/0', the master) and text that is no key", async () => {
    const account = HDNodeWallet.fromPhrase(DEV_MNEMONIC, undefined, "m/44'/60'/0'").neuter().extendedKey
    await expect(depositKeys(account)).rejects.toThrow(/depth 3/)
    await expect(depositKeys('xpub-not-a-key')).rejects.toThrow(/extended public key/)
  })
})
