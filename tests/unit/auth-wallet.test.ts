// Wallet sign-in (EIP-4361 over EIP-1193) against a provider that signs with a real ethers wallet: the server gets a
// signature that recovers to the wallet's address over the exact message it issued (non-ASCII included), on the
// wallet's chain; a cancel in the wallet (4001) stops quietly before any login call.
import { Wallet, verifyMessage } from 'ethers'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../src/api/errors'
import {
  WalletError,
  injectedProvider,
  parseChainId,
  signInWithWallet,
  utf8ToHex,
  type Eip1193Provider,
} from '../../src/features/auth/wallet'

const wallet = Wallet.createRandom()

/** An injected provider as a browser wallet would be, on `chainId`, with `refuse` making one method fail. */
function provider(chainId = '0x1', refuse?: { method: string; error: unknown }): Eip1193Provider & { seen: string[] } {
  const seen: string[] = []
  return {
    seen,
    async request({ method, params }) {
      seen.push(method)
      if (refuse?.method === method) throw refuse.error
      if (method === 'eth_requestAccounts') return [wallet.address]
      if (method === 'eth_chainId') return chainId
      if (method === 'personal_sign') {
        const [hex, address] = params as [string, string]
        expect(address).toBe(wallet.address)
        return wallet.signMessage(Buffer.from(hex.slice(2), 'hex'))
      }
      throw Object.assign(new Error('unsupported'), { code: 4200 })
    },
  }
}

function serverApi() {
  const message = `example.com wants you to sign in with your Ethereum account:\n${wallet.address}\n\nSign in to TC Market — 登录 ✓\n\nNonce: abc123`
  return {
    message,
    siweNonce: vi.fn(async (_: { address: string; chain_id: number }) => ({ message, nonce: 'abc123' })),
    siweLogin: vi.fn(async (input: { message: string; signature: string; invite_code?: string }) => ({
      token: 'tok',
      user: { account: verifyMessage(input.message, input.signature) } as never,
    })),
  }
}

describe('signInWithWallet', () => {
  it('with two-factor authentication asks for the code and sends the same signed message with it', async () => {
    const api = serverApi()
    const refusal = (msg: string) => new ApiError('envelope', 400, msg, { field: 'totp_code' })
    api.siweLogin
      .mockRejectedValueOnce(refusal('Enter the 6-digit code from your authenticator app'))
      .mockRejectedValueOnce(refusal('The verification code is incorrect'))
    const codes = ['111111', '222222']
    const askCode = vi.fn(async () => codes.shift() ?? null)
    const answer = await signInWithWallet(provider(), api, '', askCode)
    expect(answer.user.account).toBe(wallet.address)
    expect(askCode).toHaveBeenCalledTimes(2)
    const [first, second, third] = api.siweLogin.mock.calls.map((c) => c[0] as Record<string, string>)
    expect(first).not.toHaveProperty('totp_code')
    expect(second).toMatchObject({ message: first!.message, signature: first!.signature, totp_code: '111111' })
    expect(third).toMatchObject({ message: first!.message, signature: first!.signature, totp_code: '222222' })
    expect(api.siweNonce).toHaveBeenCalledTimes(1) // one signature: the nonce waits for the code
    // Giving up at the code is a cancel; another refusal passes through untouched.
    api.siweLogin.mockRejectedValueOnce(refusal('Enter the 6-digit code from your authenticator app'))
    await expect(signInWithWallet(provider(), api, '', async () => null)).rejects.toMatchObject({ problem: 'rejected' })
    api.siweLogin.mockRejectedValueOnce(new ApiError('envelope', 400, 'This account has been disabled'))
    await expect(signInWithWallet(provider(), api, '', askCode)).rejects.toThrow('This account has been disabled')
  })

  it('signs the server message so that it recovers to the wallet address, on the wallet chain', async () => {
    const api = serverApi()
    const p = provider('0x89')
    const answer = await signInWithWallet(p, api, 'AB12')
    expect(api.siweNonce).toHaveBeenCalledWith({ address: wallet.address, chain_id: 137 })
    const sent = api.siweLogin.mock.calls[0]![0]
    expect(sent.message).toBe(api.message)
    expect(sent.invite_code).toBe('AB12')
    expect(answer.user.account).toBe(wallet.address)
    expect(p.seen).toEqual(['eth_requestAccounts', 'eth_chainId', 'personal_sign'])
  })

  it('a cancel in the wallet (EIP-1193 4001) is "rejected" and nothing is sent to log in', async () => {
    const api = serverApi()
    const rejected = { code: 4001, message: 'User rejected the request.' }
    await expect(
      signInWithWallet(provider('0x1', { method: 'personal_sign', error: rejected }), api),
    ).rejects.toMatchObject({
      problem: 'rejected',
    })
    expect(api.siweLogin).not.toHaveBeenCalled()
    await expect(
      signInWithWallet(provider('0x1', { method: 'eth_requestAccounts', error: rejected }), api),
    ).rejects.toBeInstanceOf(WalletError)
    expect(api.siweNonce).toHaveBeenCalledTimes(1)
  })

  it('a request already open in the wallet (-32002) says so; other wallet failures pass through', async () => {
    const pending = { code: -32002, message: 'Request already pending' }
    await expect(
      signInWithWallet(provider('0x1', { method: 'eth_requestAccounts', error: pending }), serverApi()),
    ).rejects.toMatchObject({
      problem: 'pending',
    })
    const odd = new Error('internal')
    await expect(signInWithWallet(provider('0x1', { method: 'eth_chainId', error: odd }), serverApi())).rejects.toBe(
      odd,
    )
  })

  it('without a wallet in the browser it says so before anything else', async () => {
    const api = serverApi()
    await expect(signInWithWallet(undefined, api)).rejects.toMatchObject({ problem: 'no-wallet' })
    expect(api.siweNonce).not.toHaveBeenCalled()
    expect(injectedProvider({})).toBeUndefined()
    expect(injectedProvider({ ethereum: { isMetaMask: true } })).toBeUndefined()
    expect(injectedProvider({ ethereum: provider() })).toBeDefined()
  })
})

describe('wallet encodings', () => {
  it('personal_sign gets the UTF-8 bytes of the message in hex', () => {
    expect(utf8ToHex('Hi')).toBe('0x4869')
    expect(utf8ToHex('登')).toBe('0xe799bb')
  })

  it('eth_chainId is a hex quantity; anything else is refused', () => {
    expect(parseChainId('0x1')).toBe(1)
    expect(parseChainId('0xaa36a7')).toBe(11155111)
    for (const bad of ['1', '0x', '0x0', 1, null, '0xzz']) expect(() => parseChainId(bad)).toThrow(WalletError)
  })
})
