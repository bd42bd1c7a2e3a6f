/**
 * The local EVM chain of development and tests (issue 23 part 5): Hardhat's network (from npm, runs on Node 20) on
 * `port` of 127.0.0.1, chain id 31337, the accounts of DEV_MNEMONIC funded with 10,000 ETH each (Hardhat's default),
 * and a test ERC-20 "USDT" with 6 decimals (server/custody/contracts/TestUsdt.sol, OpenZeppelin's ERC20, compiled
 * here by solc-js) minting 1,000,000 USDT to each of accounts 1–9. Account 0 is the hot wallet. Every transaction is
 * mined in a block of its own; `mine` adds empty blocks (confirmations), `snapshot`/`revert` undo blocks (reorgs).
 * The node runs in a child process that ends with this one (dev-chain-node.js watches our pipe).
 *
 * Clients are viem's. https://hardhat.org/hardhat-network/docs/reference (JSON-RPC methods hardhat_mine,
 * evm_snapshot, evm_revert).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Abi, Address, Hex } from 'viem'
import { DEV_MNEMONIC } from './evm-keys'

/** Chain id of the dev chain (Hardhat's default). */
export const DEV_CHAIN_ID = 31337

/** USDT minted to each of accounts 1–9, in whole USDT. */
export const DEV_USDT_PER_ACCOUNT = 1_000_000n

/** Decimals of the dev chain's USDT (Tether's ERC-20: 6). */
export const DEV_USDT_DECIMALS = 6

/** How long the node may take to answer its first request, ms. */
const START_TIMEOUT_MS = 60_000

/** The repository root: two folders up, in the sources as in the server's bundle (server/.bundle, launch.js). */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const custodyDir = join(root, 'server', 'custody')
const requireHere = createRequire(import.meta.url)

/** A running dev chain. */
export interface DevChain {
  /** `http://127.0.0.1:<port>` (JSON-RPC). */
  rpcUrl: string
  chainId: number
  /** The test USDT's contract address and decimals. */
  usdt: { address: Address; decimals: number }
  /** Accounts 0–9 of DEV_MNEMONIC: 0 the hot wallet, 1–9 funded with USDT. */
  accounts: Address[]
  /** Mines `blocks` empty blocks. */
  mine(blocks: number): Promise<void>
  /** Takes a snapshot of the chain; `revert(id)` goes back to it (the blocks after it are gone: a reorg). */
  snapshot(): Promise<Hex>
  revert(id: Hex): Promise<void>
  /** Stops the node (and its wrapper); resolves once it has exited. */
  stop(): Promise<void>
}

/** The compiled test token: ABI and creation bytecode (solc-js, optimizer on, EVM cancun). Memoized. */
let compiled: { abi: Abi; bytecode: Hex } | undefined
export function testUsdtArtifact(): { abi: Abi; bytecode: Hex } {
  if (compiled) return compiled
  const solc = requireHere('solc') as { compile(input: string, cb: { import(p: string): unknown }): string }
  const source = readFileSync(join(custodyDir, 'contracts', 'TestUsdt.sol'), 'utf8')
  const input = {
    language: 'Solidity',
    sources: { 'TestUsdt.sol': { content: source } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  }
  const findImport = (path: string) => {
    try {
      return { contents: readFileSync(requireHere.resolve(path), 'utf8') }
    } catch {
      return { error: `not found: ${path}` }
    }
  }
  const out = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport })) as {
    errors?: { severity: string; formattedMessage: string }[]
    contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
  }
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length)
    throw new Error(`TestUsdt.sol did not compile:\n${errors.map((e) => e.formattedMessage).join('\n')}`)
  const c = out.contracts!['TestUsdt.sol']!.TestUsdt!
  compiled = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` }
  return compiled
}

/**
 * Starts the dev chain on `port` of 127.0.0.1 and deploys the test USDT.
 * @throws Error when the node exits or does not answer within START_TIMEOUT_MS (its output in the message), or the
 *   port is taken
 */
export async function startDevChain(opts: { port: number }): Promise<DevChain> {
  const dir = mkdtempSync(join(tmpdir(), 'tc-dev-chain-'))
  const config = join(dir, 'hardhat.config.cjs')
  // Hardhat's defaults otherwise: 20 accounts of DEV_MNEMONIC with 10,000 ETH, automine. A transaction that reverts
  // is mined and its hash answered, as a real node does (Hardhat's default answers an error instead).
  writeFileSync(
    config,
    `module.exports = { networks: { hardhat: { chainId: ${DEV_CHAIN_ID}, hardfork: 'cancun', throwOnTransactionFailures: false, throwOnCallFailures: false } } }\n`,
  )
  const cli = requireHere.resolve('hardhat/internal/cli/cli.js')
  const child: ChildProcess = spawn(
    process.execPath,
    [
      join(custodyDir, 'dev-chain-node.js'),
      process.execPath,
      cli,
      'node',
      '--hostname',
      '127.0.0.1',
      '--port',
      String(opts.port),
      '--config',
      config,
    ],
    {
      // Hardhat runs only as the project's own installation (HH12): from the project folder, its config elsewhere.
      cwd: root,
      env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true', NODE_OPTIONS: '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  )
  let output = ''
  child.stdout?.on('data', (b: Buffer) => (output = (output + b.toString()).slice(-8_000)))
  child.stderr?.on('data', (b: Buffer) => (output = (output + b.toString()).slice(-8_000)))
  child.stdin?.on('error', () => {})
  const exited = new Promise<void>((done) =>
    child.once('exit', () => {
      rmSync(dir, { recursive: true, force: true })
      done()
    }),
  )
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.stdin?.end()
    await exited
  }
  const rpcUrl = `http://127.0.0.1:${opts.port}`
  const { createPublicClient, createTestClient, createWalletClient, http } = await import('viem')
  const { mnemonicToAccount } = await import('viem/accounts')
  const { hardhat } = await import('viem/chains')
  const transport = http(rpcUrl, { retryCount: 0 })
  const reader = createPublicClient({ chain: hardhat, transport })
  const tester = createTestClient({ mode: 'hardhat', chain: hardhat, transport })
  const deadline = Date.now() + START_TIMEOUT_MS
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`dev chain exited:\n${output}`)
    // Ours once it says it listens (another node already on the port would answer too, and ours would then exit).
    const listening = output.includes('Started HTTP and WebSocket JSON-RPC server at')
    const id = listening ? await reader.getChainId().catch(() => undefined) : undefined
    if (id !== undefined && child.exitCode === null) break
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`dev chain did not answer within ${START_TIMEOUT_MS} ms:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  try {
    const accounts = Array.from({ length: 10 }, (_, i) => mnemonicToAccount(DEV_MNEMONIC, { addressIndex: i }))
    const wallet = createWalletClient({ account: accounts[0]!, chain: hardhat, transport })
    const { abi, bytecode } = testUsdtArtifact()
    const hash = await wallet.deployContract({
      abi,
      bytecode,
      args: [accounts.slice(1).map((a) => a.address), DEV_USDT_PER_ACCOUNT * 10n ** BigInt(DEV_USDT_DECIMALS)],
    })
    const receipt = await reader.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error('USDT deployment failed')
    return {
      rpcUrl,
      chainId: DEV_CHAIN_ID,
      usdt: { address: receipt.contractAddress, decimals: DEV_USDT_DECIMALS },
      accounts: accounts.map((a) => a.address),
      mine: (blocks) => tester.mine({ blocks }),
      snapshot: () => tester.snapshot(),
      // viem's `revert` drops evm_revert's answer: false = no such snapshot (nothing undone).
      revert: async (id) => {
        const reverted = (await tester.request({ method: 'evm_revert', params: [id] })) as unknown as boolean
        if (!reverted) {
          throw new Error(`evm_revert ${id}: no such snapshot`)
        }
      },
      stop,
    }
  } catch (err) {
    await stop()
    throw err
  }
}
