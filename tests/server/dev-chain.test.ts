/**
 * The local EVM chain of development and tests (server/custody/dev-chain.ts, issue 23 part 5): Hardhat's network on
 * a free port with the test USDT deployed — 6 decimals, 1,000,000 to each of accounts 1–9, none to the hot wallet —
 * blocks mined on demand, a snapshot reverted (the reorg the watcher's tests need), and no process left once stopped.
 */
import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { createPublicClient, erc20Abi, http, type PublicClient } from 'viem'
import { hardhat } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_USDT_DECIMALS, startDevChain, type DevChain } from '../../server/custody/dev-chain'
import { freePort } from '../helpers/app-server'

describe('dev chain', () => {
  let chain: DevChain
  let reader: PublicClient
  beforeAll(async () => {
    chain = await startDevChain({ port: await freePort() })
    reader = createPublicClient({ chain: hardhat, transport: http(chain.rpcUrl) })
  }, 120_000)
  afterAll(() => chain?.stop())

  it('deploys USDT with 6 decimals, 1,000,000 to each of accounts 1–9 and none to the hot wallet', async () => {
    expect(await reader.getChainId()).toBe(31337)
    const read = <T>(functionName: 'decimals' | 'symbol' | 'totalSupply') =>
      reader.readContract({ address: chain.usdt.address, abi: erc20Abi, functionName }) as Promise<T>
    expect(await read<number>('decimals')).toBe(DEV_USDT_DECIMALS)
    expect(await read<string>('symbol')).toBe('USDT')
    expect(await read<bigint>('totalSupply')).toBe(9_000_000n * 10n ** 6n)
    const balances = await Promise.all(
      chain.accounts.map((a) =>
        reader.readContract({ address: chain.usdt.address, abi: erc20Abi, functionName: 'balanceOf', args: [a] }),
      ),
    )
    expect(balances).toEqual([0n, ...Array.from({ length: 9 }, () => 1_000_000n * 10n ** 6n)])
  })

  it('mines blocks on demand and reverts to a snapshot, dropping the blocks after it', async () => {
    const start = await reader.getBlockNumber({ cacheTime: 0 })
    const snap = await chain.snapshot()
    await chain.mine(6)
    expect(await reader.getBlockNumber({ cacheTime: 0 })).toBe(start + 6n)
    await chain.revert(snap)
    expect(await reader.getBlockNumber({ cacheTime: 0 })).toBe(start)
  })

  it('ends with the process that started it, even killed with SIGKILL', async () => {
    const port = await freePort()
    // node with tsx's loader, not the tsx command (a wrapper whose SIGKILL would leave its node child running).
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', resolve('tests/helpers/dev-chain-child.ts'), String(port)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    const url = await new Promise<string>((done, fail) => {
      let out = ''
      child.stdout.on('data', (b: Buffer) => {
        out += b.toString()
        const m = /ready (\S+)/.exec(out)
        if (m) done(m[1]!)
      })
      child.once('exit', () => fail(new Error(`child exited before the chain was up: ${out}`)))
    })
    const answers = () =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      }).then(
        (r) => r.ok,
        () => false,
      )
    expect(await answers()).toBe(true) // the kill lands on a running chain
    child.kill('SIGKILL')
    await expect.poll(answers, { timeout: 10_000, interval: 100 }).toBe(false)
  }, 120_000)

  it('stops: the node no longer answers', async () => {
    const other = await startDevChain({ port: await freePort() })
    await other.stop()
    await expect(fetch(other.rpcUrl, { method: 'POST', body: '{}' })).rejects.toThrow()
  }, 120_000)
})
