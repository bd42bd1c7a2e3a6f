/**
 * Wallet sign-in (EIP-4361) with real signatures from ethers wallets: first sign-in creates the account, later ones
 * find it; replayed nonces, other domains (whatever Host the request names), nonces of another address, expired
 * messages and forged signatures are refused. The site's origins come from PUBLIC_ORIGIN (here SITE_ORIGINS). A wallet account then
 * adds an e-mail and password (user/bind_email) and can sign in with them.
 */
import { eq, like } from 'drizzle-orm'
import { Wallet } from 'ethers'
import { afterEach, expect, it, vi } from 'vitest'
import { SiweMessage } from 'siwe'
import { issueCode } from '../../server/auth/codes'
import { totpCode } from '../../server/auth/totp'
import { siteOrigins } from '../../server/auth/request-origin'
import { verifySiwe } from '../../server/auth/siwe'
import { siweNonces, users } from '../../server/db/schema'
import { writeSetting } from '../../server/db/settings'
import { GOOD_PASSWORD, describeAuth, type AuthFixture } from '../helpers/auth-app'

/** What the tests need of an ethers wallet (createRandom answers an HDNodeWallet). */
type Signer = { address: string; signMessage(message: string): Promise<string> }

/** PUBLIC_ORIGIN of the suite: canonical first, then the LAN address the app is also opened at. */
const SITE_ORIGINS = ['https://trade.example.com:8443', 'http://192.168.1.5:8080']

type Session = { token: string; user: { id: number; wallet_address: string; account: string; has_password: boolean } }

afterEach(() => {
  vi.useRealTimers()
})

async function nonceFor(fx: AuthFixture, wallet: Signer, host?: string) {
  const res = await fx.post<{ message: string; nonce: string }>(
    'user/siwe_nonce',
    { address: wallet.address.toLowerCase(), chain_id: 1 },
    host ? { host } : {},
  )
  expect(res.body.code).toBe(1)
  return res.body.data
}

async function signIn(fx: AuthFixture, wallet: Signer, opts: { host?: string; invite?: string } = {}) {
  const { message } = await nonceFor(fx, wallet, opts.host)
  const signature = await wallet.signMessage(message)
  const body = { message, signature, ...(opts.invite ? { invite_code: opts.invite } : {}) }
  return {
    message,
    signature,
    res: await fx.post<Session>('user/siwe_login', body, opts.host ? { host: opts.host } : {}),
  }
}

describeAuth(
  'wallet sign-in',
  (fx) => {
    it('writes an EIP-4361 message for the configured origin, signs in and creates the account once', async () => {
      const wallet = Wallet.createRandom()
      const { message, nonce } = await nonceFor(fx, wallet)
      const parsed = new SiweMessage(message)
      expect(parsed).toMatchObject({
        domain: 'trade.example.com:8443',
        uri: 'https://trade.example.com:8443',
        address: wallet.address,
        statement: 'Sign in to TC Market',
        version: '1',
        chainId: 1,
        nonce,
      })
      expect(Date.parse(parsed.expirationTime!) - Date.parse(parsed.issuedAt!)).toBe(600_000)

      const first = await fx.post<Session>('user/siwe_login', { message, signature: await wallet.signMessage(message) })
      expect(first.body.code).toBe(1)
      expect(first.body.data.user).toMatchObject({
        wallet_address: wallet.address.toLowerCase(),
        account: `${wallet.address.toLowerCase().slice(0, 6)}…${wallet.address.toLowerCase().slice(-4)}`,
        has_password: false,
        email: null,
      })
      const again = (await signIn(fx, wallet)).res
      expect(again.body.code).toBe(1)
      expect(again.body.data.user.id).toBe(first.body.data.user.id)
      expect(
        await fx.db.select().from(users).where(eq(users.walletAddress, wallet.address.toLowerCase())),
      ).toHaveLength(1)
    })

    it('refuses a replayed message', async () => {
      const wallet = Wallet.createRandom()
      const { message, signature, res } = await signIn(fx, wallet)
      expect(res.body.code).toBe(1)
      const replay = await fx.post('user/siwe_login', { message, signature }, { lang: 'zh-CN' })
      expect(replay.body).toMatchObject({ code: 400, msg: '该钱包登录请求已过期或已被使用，请重试' })
    })

    it('of two parallel uses of one signed message, one signs in', async () => {
      const wallet = Wallet.createRandom()
      const { message } = await nonceFor(fx, wallet)
      const signature = await wallet.signMessage(message)
      const results = await Promise.all([1, 2, 3].map(() => fx.post('user/siwe_login', { message, signature })))
      expect(results.filter((r) => r.body.code === 1)).toHaveLength(1)
    })

    it('a phishing site cannot get or use a message for its own domain by sending its Host header', async () => {
      const victim = Wallet.createRandom()
      // The phishing server asks for a message with its own Host: the message still names our site, so the victim's
      // wallet would warn that it does not match the phishing page.
      const { message: ours, nonce } = await nonceFor(fx, victim, 'phish.example')
      expect(new SiweMessage(ours)).toMatchObject({
        domain: 'trade.example.com:8443',
        uri: 'https://trade.example.com:8443',
      })
      // A message it writes itself for phish.example (which the wallet signs without a warning there), with our
      // nonce, posted with Host: phish.example, is refused and leaves the nonce unused.
      const phish = new SiweMessage({
        ...new SiweMessage(ours),
        domain: 'phish.example',
        uri: 'https://phish.example',
      }).prepareMessage()
      const refused = await fx.post(
        'user/siwe_login',
        { message: phish, signature: await victim.signMessage(phish) },
        { host: 'phish.example' },
      )
      expect(refused.body).toMatchObject({ code: 400, msg: 'This sign-in message was made for another website' })
      const [row] = await fx.db
        .select()
        .from(siweNonces)
        .where(like(siweNonces.nonce, `${nonce} %`))
      expect(row!.consumedAt).toBeNull()
      // The message for the configured origin signs in, whatever Host the request carries.
      const ok = await fx.post<Session>(
        'user/siwe_login',
        { message: ours, signature: await victim.signMessage(ours) },
        { host: 'phish.example' },
      )
      expect(ok.body.code).toBe(1)
      expect(ok.body.data.user.wallet_address).toBe(victim.address.toLowerCase())
    })

    it('of several configured origins, the one the page is on goes into the message; others are never written', async () => {
      const wallet = Wallet.createRandom()
      const lan = new SiweMessage((await nonceFor(fx, wallet, '192.168.1.5:8080')).message)
      expect(lan).toMatchObject({ domain: '192.168.1.5:8080', uri: 'http://192.168.1.5:8080' })
      for (const host of ['evil.example', 'a b/c', 'trade.example.com:8443.evil.example']) {
        expect(new SiweMessage((await nonceFor(fx, wallet, host)).message).domain, host).toBe('trade.example.com:8443')
      }
      const signed = await fx.post('user/siwe_login', {
        message: lan.prepareMessage(),
        signature: await wallet.signMessage(lan.prepareMessage()),
      })
      expect(signed.body.code).toBe(1)
    })

    it('a nonce is good only for the address it was issued to', async () => {
      const alice = Wallet.createRandom()
      const mallory = Wallet.createRandom()
      const { message } = await nonceFor(fx, alice)
      // Mallory takes Alice's nonce into a message for her own address and signs it herself.
      const stolen = new SiweMessage({ ...new SiweMessage(message), address: mallory.address }).prepareMessage()
      const res = await fx.post('user/siwe_login', { message: stolen, signature: await mallory.signMessage(stolen) })
      expect(res.body.msg).toBe('This wallet sign-in request has expired or was already used. Please try again')
      expect(
        (await fx.post('user/siwe_login', { message, signature: await alice.signMessage(message) })).body.code,
      ).toBe(1)
    })

    it('refuses a signature by another key and a tampered message', async () => {
      const wallet = Wallet.createRandom()
      const { message } = await nonceFor(fx, wallet)
      const forged = await fx.post('user/siwe_login', {
        message,
        signature: await Wallet.createRandom().signMessage(message),
      })
      expect(forged.body.msg).toBe('The wallet signature does not match the address')
      const signature = await wallet.signMessage(message)
      const tampered = message.replace('Chain ID: 1', 'Chain ID: 5')
      expect((await fx.post('user/siwe_login', { message: tampered, signature })).body.msg).toBe(
        'The wallet signature does not match the address',
      )
      const junk = await fx.post('user/siwe_login', { message: 'hello', signature })
      expect(junk.body.msg).toBe('The wallet sign-in message is invalid. Please try again')
      const notASignature = await fx.post('user/siwe_login', { message, signature: `0x${'11'.repeat(65)}` })
      expect(notASignature.body.msg).toBe('The wallet signature does not match the address')
      // None of these used the nonce: the genuine signature still works.
      expect((await fx.post('user/siwe_login', { message, signature })).body.code).toBe(1)
    })

    it('refuses an expired message', async () => {
      const wallet = Wallet.createRandom()
      const { message, nonce } = await nonceFor(fx, wallet)
      const signature = await wallet.signMessage(message)
      const later = Date.now() + 601_000
      expect(await verifySiwe({ message, signature, origins: siteOrigins(SITE_ORIGINS) }, later)).toEqual({
        ok: false,
        problem: 'siweExpired',
      })
      vi.useFakeTimers({ toFake: ['Date'] })
      vi.setSystemTime(later)
      expect((await fx.post('user/siwe_login', { message, signature })).body.msg).toBe(
        'The wallet sign-in request has expired. Please try again',
      )
      const [row] = await fx.db
        .select()
        .from(siweNonces)
        .where(like(siweNonces.nonce, `${nonce} %`))
      expect(row!.consumedAt).toBeNull()
    })

    it('a new wallet follows the invitation rule; the same signature passes once the code is given', async () => {
      const inviter = await fx.register('uma@example.com')
      await writeSetting(fx.db, 'invite_required', '1')
      try {
        const wallet = Wallet.createRandom()
        const { message } = await nonceFor(fx, wallet)
        const signature = await wallet.signMessage(message)
        expect((await fx.post('user/siwe_login', { message, signature })).body.msg).toBe(
          'Please enter an invitation code',
        )
        const ok = await fx.post<Session>('user/siwe_login', {
          message,
          signature,
          invite_code: inviter.user.invite_code,
        })
        expect(ok.body.code).toBe(1)
        const [u] = await fx.db.select().from(users).where(eq(users.id, ok.body.data.user.id))
        expect(u!.inviterId).toBe(inviter.user.id)
      } finally {
        await writeSetting(fx.db, 'invite_required', '0')
      }
    })

    it('a wallet account adds an e-mail and password, then signs in with them', async () => {
      const wallet = Wallet.createRandom()
      const { token } = (await signIn(fx, wallet)).res.body.data
      // Without a password there is no trading password either.
      const pay = await fx.post(
        'user/set_pay_password',
        { pay_password: 'trade secret 42', re_pay_password: 'trade secret 42' },
        { token },
      )
      expect(pay.body.msg).toBe('Please add an e-mail address and a login password before setting a trading password')
      const change = await fx.post(
        'user/change_password',
        { old_password: 'x', password: GOOD_PASSWORD, re_password: GOOD_PASSWORD },
        { token },
      )
      expect(change.body.msg).toMatch(/no login password yet/)

      const email = 'victor@example.com'
      // bind_email codes need a session, and only e-mail can be added.
      expect((await fx.post('user/send_code', { type: 'email', email, purpose: 'bind_email' })).status).toBe(401)
      const phone = await fx.post(
        'user/send_code',
        { type: 'phone', area_code: '1', phone: '2025550100', purpose: 'bind_email' },
        { token },
      )
      expect(phone.body.msg).toBe('Only an e-mail address can be added here')
      const taken = await fx.post(
        'user/send_code',
        { type: 'email', email: 'uma@example.com', purpose: 'bind_email' },
        { token },
      )
      expect(taken.body.msg).toBe('This e-mail address is already used by another account')

      expect(
        (await fx.post('user/send_code', { type: 'email', email, purpose: 'bind_email' }, { token })).body.code,
      ).toBe(1)
      const code = await fx.lastCode(email)
      const bind = (body: object) => fx.post<Session['user']>('user/bind_email', { email, code, ...body }, { token })
      expect((await bind({})).body.msg).toBe('Please set a login password')
      expect((await bind({ password: GOOD_PASSWORD, re_password: 'different words' })).body.msg).toBe(
        'Two passwords are inconsistent',
      )
      expect((await bind({ password: '12345678', re_password: '12345678' })).body.msg).toMatch(/too common/)
      const ok = await bind({ password: GOOD_PASSWORD, re_password: GOOD_PASSWORD })
      expect(ok.body.code).toBe(1)
      expect(ok.body.data).toMatchObject({
        email,
        account: email,
        has_password: true,
        wallet_address: wallet.address.toLowerCase(),
      })
      const login = await fx.post<Session>('user/login', { type: 'email', email, password: GOOD_PASSWORD })
      expect(login.body.data.user.id).toBe(ok.body.data.id)
      // A second e-mail cannot be added.
      const again = await fx.post(
        'user/send_code',
        { type: 'email', email: 'other@example.com', purpose: 'bind_email' },
        { token },
      )
      expect(again.body.msg).toBe('This account already has an e-mail address')
    })

    it('an e-mail claimed by a registration and a wallet binding at once ends with one owner and clear answers', async () => {
      const wallet = Wallet.createRandom()
      const { token } = (await signIn(fx, wallet)).res.body.data
      const email = 'wendy@example.com'
      await fx.post('user/send_code', { type: 'email', email, purpose: 'register' })
      const registerCode = await fx.lastCode(email)
      // One code a minute per address whatever the purpose: the bind code is issued directly.
      const { code } = await issueCode(fx.db, { channel: 'email', target: email, purpose: 'bind_email' })
      const [reg, bind] = await Promise.all([
        fx.post('user/register', {
          type: 'email',
          email,
          password: GOOD_PASSWORD,
          re_password: GOOD_PASSWORD,
          code: registerCode,
          agree: true,
        }),
        fx.post('user/bind_email', { email, code, password: GOOD_PASSWORD, re_password: GOOD_PASSWORD }, { token }),
      ])
      const answers = [reg.body, bind.body]
      expect(answers.filter((a) => a.code === 1)).toHaveLength(1)
      expect(answers.filter((a) => a.code === 400).map((a) => a.msg)[0]).toMatch(
        /^(This e-mail address is already registered\. Please log in instead|This e-mail address is already used by another account)$/,
      )
      expect(await fx.db.select().from(users).where(eq(users.email, email))).toHaveLength(1)
    })

    it('with two-factor authentication on, the signed message waits for the code (its nonce kept), then signs in', async () => {
      const wallet = Wallet.createRandom()
      const first = await signIn(fx, wallet)
      const token = first.res.body.data.token
      const setup = await fx.post<{ secret: string }>('user/two_factor_setup', {}, { token })
      const { secret } = setup.body.data
      // A wallet account without a password turns it on with a code alone.
      const on = await fx.post('user/two_factor_enable', { code: totpCode(secret) }, { token })
      expect(on.body.code, on.body.msg).toBe(1)
      const { message } = await nonceFor(fx, wallet)
      const signature = await wallet.signMessage(message)
      const bare = await fx.post('user/siwe_login', { message, signature })
      expect(bare.body).toMatchObject({ code: 400, data: { field: 'totp_code' } })
      const wrong = await fx.post('user/siwe_login', { message, signature, totp_code: '00000' })
      expect(wrong.body.msg).toBe('The verification code is incorrect')
      // The next step's code (the one that turned it on is used up), with the same signed message.
      const right = await fx.post<Session>('user/siwe_login', {
        message,
        signature,
        totp_code: totpCode(secret, Date.now() + 30_000),
      })
      expect(right.body.code, right.body.msg).toBe(1)
      expect(right.body.data.user.wallet_address).toBe(wallet.address.toLowerCase())
    })

    it('hands out at most 30 sign-in messages per client address in 15 minutes', async () => {
      vi.useFakeTimers({ toFake: ['Date'] })
      vi.setSystemTime(Date.UTC(2031, 5, 1, 12, 7, 30))
      const wallet = Wallet.createRandom()
      const ask = () => fx.post('user/siwe_nonce', { address: wallet.address, chain_id: 1 }, { ip: '198.51.100.9' })
      for (let i = 0; i < 30; i++) expect((await ask()).body.code).toBe(1)
      const limited = await ask()
      expect(limited.status).toBe(429)
      expect(limited.headers['retry-after']).toBe('450')
    })
  },
  { deps: { publicOrigins: SITE_ORIGINS } },
)
