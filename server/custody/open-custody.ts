/**
 * Opens EVM custody as configured (server/config.ts `evm`): connects viem's public client to the node (or starts the
 * local dev chain first), reads the chain id and the USDT contract's decimals, and reads the deposit key.
 *
 * The dev chain (EVM_DEV_CHAIN=1) is a new chain at each start (Hardhat's network keeps no state), so its network key
 * carries the genesis block's hash: `evm:31337:<first 8 hex digits>`. Deposits of an earlier run stay as they were
 * (credited or not) under that run's key instead of being reversed as if a reorganization had removed every block.
 */
import { createPublicClient, erc20Abi, getAddress, http, webSocket, type PublicClient } from 'viem'
import { currencyScale } from '../../common/amount'
import type { EvmConfig } from '../config'
import { startDevChain } from './dev-chain'
import { evmCustody, evmNetwork, type EvmCustody } from './evm-custody'
import { DEV_MNEMONIC, xpubOfMnemonic } from './evm-keys'

/** Open custody: its settings, the node's client, and what closes them. */
export interface OpenCustody {
  custody: EvmCustody
  client: PublicClient
  close(): Promise<void>
}

/**
 * @throws Error when the node does not answer, the USDT contract has no `decimals()` or more decimals than the ledger
 *   keeps for USDT (common/amount CURRENCY_SCALES), or the extended key is not a public one at depth 4.
 */
export async function openCustody(config: EvmConfig, log: (line: string) => void): Promise<OpenCustody> {
  const dev = config.kind === 'dev' ? await startDevChain({ port: config.port }) : undefined
  try {
    const rpcUrl = dev ? dev.rpcUrl : config.kind === 'rpc' ? config.rpcUrl : ''
    const transport = /^wss?:/.test(rpcUrl) ? webSocket(rpcUrl) : http(rpcUrl)
    const client = createPublicClient({ transport }) as PublicClient
    const chainId = await client.getChainId()
    const usdtAddress = dev ? dev.usdt.address : config.kind === 'rpc' ? config.usdtContract : undefined
    let usdt: EvmCustody['usdt'] = null
    if (usdtAddress) {
      const address = getAddress(usdtAddress)
      const decimals = await client.readContract({ address, abi: erc20Abi, functionName: 'decimals' })
      if (decimals > currencyScale('USDT')) {
        throw new Error(
          `EVM_USDT_CONTRACT: ${decimals} decimals, more than the ${currencyScale('USDT')} the ledger keeps for USDT`,
        )
      }
      usdt = { address, decimals }
    }
    const xpub = config.kind === 'rpc' ? config.xpub : await xpubOfMnemonic(DEV_MNEMONIC)
    const custody = await evmCustody({
      chainId,
      rpcUrl,
      xpub,
      usdt,
      startBlock: config.kind === 'rpc' ? config.startBlock : 0,
    })
    if (dev) {
      const genesis = await client.getBlock({ blockNumber: 0n })
      custody.network = `${evmNetwork(chainId)}:${genesis.hash.slice(2, 10)}`
    }
    log(
      `[chain] ${custody.network} at ${rpcUrl}${dev ? ' (local dev chain)' : ''}: ETH${usdt ? ` and USDT-ERC20 ${usdt.address}` : ''}`,
    )
    return { custody, client, close: async () => dev?.stop() }
  } catch (err) {
    await dev?.stop()
    throw err
  }
}
