/**
 * EVM custody on a local Hardhat chain, as the custody tests set it up (signer, sweeper, sweeper-attack): the chain on
 * a free port, a reader of it, and custody with the dev mnemonic's deposit key (EVM_XPUB) watching from the next
 * block. The caller stops the chain.
 */
import { createPublicClient, http, type PublicClient } from 'viem'
import { startDevChain, type DevChain } from '../../server/custody/dev-chain'
import { evmCustody, type EvmCustody } from '../../server/custody/evm-custody'
import { DEV_MNEMONIC, xpubOfMnemonic } from '../../server/custody/evm-keys'
import { freePort } from './app-server'

export async function openDevCustody(): Promise<{
  chain: DevChain
  reader: PublicClient
  custody: EvmCustody
  /** The deposit addresses' extended public key (of DEV_MNEMONIC). */
  xpub: string
}> {
  const chain = await startDevChain({ port: await freePort() })
  const reader = createPublicClient({ transport: http(chain.rpcUrl) }) as PublicClient
  const xpub = await xpubOfMnemonic(DEV_MNEMONIC)
  const custody = await evmCustody({
    chainId: chain.chainId,
    rpcUrl: chain.rpcUrl,
    xpub,
    usdt: chain.usdt,
    startBlock: Number(await reader.getBlockNumber({ cacheTime: 0 })) + 1,
  })
  return { chain, reader, custody, xpub }
}
