/**
 * The hot wallet's key (server/custody/signer-key.ts, issue 23 part 3): read from a file only its owner may read
 * (0600 or 0400; 0640 and 0644 refused, naming the mode), or from EVM_SIGNER_KEY; a malformed key is refused without
 * being repeated, in the key reader's error as in the config error; the dev chain's account 0 otherwise. The deposit
 * keys for sweeping (part 4): an extended private key whose public half is EVM_XPUB, from a file of the same rule or
 * EVM_SWEEP_KEY; another wallet's key, a public key or a malformed one is refused, never repeated.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../../server/config'
import { DEPOSIT_PARENT_PATH, DEV_MNEMONIC, xpubOfMnemonic } from '../../server/custody/evm-keys'
import { depositKeyring, signerAccount } from '../../server/custody/signer-key'

/** Hardhat's account 1 (the standard test mnemonic's): a public test key. */
const KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('the signer key', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tc-signer-key-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const file = (name: string, text: string, mode: number) => {
    const path = join(dir, name)
    writeFileSync(path, text)
    chmodSync(path, mode)
    return path
  }

  it('reads a key file only its owner may read', async () => {
    for (const mode of [0o600, 0o400]) {
      const path = file(`ok-${mode.toString(8)}`, `${KEY}\n`, mode)
      expect((await signerAccount({ kind: 'file', path })).address).toBe(ADDRESS)
    }
    for (const mode of [0o640, 0o644]) {
      const path = file(`open-${mode.toString(8)}`, KEY, mode)
      await expect(signerAccount({ kind: 'file', path })).rejects.toThrow(
        `EVM_SIGNER_KEY_FILE: ${path} is readable by others (mode ${mode.toString(8)}): chmod 600 it`,
      )
    }
  })

  it('refuses a malformed key without repeating it', async () => {
    const bad = `${KEY.slice(0, -1)}z`
    const path = file('bad', bad, 0o600)
    const errors = [
      await signerAccount({ kind: 'file', path }).catch((e: Error) => e.message),
      await signerAccount({ kind: 'env', key: bad }).catch((e: Error) => e.message),
    ]
    expect(errors).toEqual([
      'EVM_SIGNER_KEY_FILE: expected a 32-byte private key in hex',
      'EVM_SIGNER_KEY: expected a 32-byte private key in hex',
    ])
    let configError = ''
    try {
      parseConfig({ EVM_SIGNER_KEY: bad, EVM_RPC_URL: 'http://127.0.0.1:8545' })
    } catch (err) {
      configError = (err as Error).message
    }
    expect(configError).toBe('EVM_SIGNER_KEY: expected a 32-byte private key in hex')
    expect(configError).not.toContain(KEY.slice(2, 20))
  })

  it('reads the key from the environment, and the dev chain signs with its account 0', async () => {
    expect((await signerAccount({ kind: 'env', key: KEY.slice(2) })).address).toBe(ADDRESS)
    expect((await signerAccount('dev')).address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
  })

  it("derives the deposit addresses' keys from the private half of EVM_XPUB, and refuses any other", async () => {
    const { HDNodeWallet } = await import('ethers/wallet')
    const xpub = await xpubOfMnemonic(DEV_MNEMONIC)
    const xprv = HDNodeWallet.fromPhrase(DEV_MNEMONIC, undefined, DEPOSIT_PARENT_PATH).extendedKey
    const other = HDNodeWallet.fromPhrase(
      'legal winner thank year wave sausage worth useful legal winner thank yellow',
      undefined,
      DEPOSIT_PARENT_PATH,
    ).extendedKey
    const path = file('sweep', `${xprv}\n`, 0o600)
    // Account 1 of the mnemonic is index 1 below m/44'/60'/0'/0.
    for (const source of ['dev', { kind: 'env', key: xprv }, { kind: 'file', path }] as const) {
      expect((await (await depositKeyring(source, xpub)).accountAt(1)).address).toBe(ADDRESS)
    }
    const errors = [
      await depositKeyring({ kind: 'env', key: other }, xpub).catch((e: Error) => e.message),
      await depositKeyring({ kind: 'env', key: xpub }, xpub).catch((e: Error) => e.message),
      await depositKeyring({ kind: 'env', key: xprv.slice(0, 60) }, xpub).catch((e: Error) => e.message),
      await depositKeyring({ kind: 'file', path: file('sweep-open', xprv, 0o644) }, xpub).catch(
        (e: Error) => e.message,
      ),
    ]
    expect(errors[0]).toMatch(/^EVM_SWEEP_KEY: its public half is not EVM_XPUB/)
    expect(errors[1]).toBe('EVM_SWEEP_KEY: an extended public key; the signer needs the private one (xprv…)')
    expect(errors[2]).toBe('EVM_SWEEP_KEY: expected an extended private key (xprv…, BIP-32)')
    expect(errors[3]).toMatch(/^EVM_SWEEP_KEY_FILE: .* is readable by others \(mode 644\)/)
    for (const e of errors) expect(e).not.toContain(xprv.slice(4, 40))
    expect(() => parseConfig({ EVM_SWEEP_KEY: `${xprv.slice(0, -3)}0OI` })).toThrow(
      'EVM_SWEEP_KEY: expected an extended private key (xprv…)',
    )
  })
})
