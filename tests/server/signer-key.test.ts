/**
 * The hot wallet's key (server/custody/signer-key.ts, issue 23 part 3): read from a file only its owner may read
 * (0600 or 0400; 0640 and 0644 refused, naming the mode), or from EVM_SIGNER_KEY; a malformed key is refused without
 * being repeated, in the key reader's error as in the config error; the dev chain's account 0 otherwise.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../../server/config'
import { signerAccount } from '../../server/custody/signer-key'

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
})
