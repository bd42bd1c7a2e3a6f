/**
 * Wallet sign-in (EIP-4361): user/siwe_nonce writes the message for this site and address, user/siwe_login checks
 * the signed message and signs in, creating the account on first use (the invitation rule of register applies).
 * The nonce is consumed in the transaction that signs in, so a refused first sign-in (invitation code missing) can
 * be sent again with the code without signing again.
 */
import { sessionAnswer, siweLoginInput, siweNonceAnswer, siweNonceInput } from '../../../common/api/account'
import { siweLogin, siweNonce } from '../../accounts/siwe'
import { defineRoute } from '../route'

export const siweNonceRoute = defineRoute({
  method: 'POST',
  path: 'user/siwe_nonce',
  summary:
    'The EIP-4361 message for the wallet to sign: domain and URI = the configured PUBLIC_ORIGIN (the one with the ' +
    "request's host when several), a single-use nonce bound to the address and origin, valid 10 minutes " +
    '(answer: message and nonce). 30 per 15 minutes per client address.',
  input: siweNonceInput,
  data: siweNonceAnswer,
  handler: ({ body, deps, request, ip, locale }) =>
    siweNonce(deps, body, { ip, locale, hostHeader: request.headers.host }),
})

export const siweLoginRoute = defineRoute({
  method: 'POST',
  path: 'user/siwe_login',
  summary:
    'Signs in with a message from user/siwe_nonce and its personal_sign signature (EOA wallets); the first sign-in ' +
    'creates the account (invite_code as in register). Answers a new session token and the user info.',
  input: siweLoginInput,
  data: sessionAnswer,
  handler: ({ body, deps, ip, userAgent, locale }) => siweLogin(deps, body, { ip, userAgent, locale }),
})
