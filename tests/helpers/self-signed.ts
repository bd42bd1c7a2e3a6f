/**
 * A throwaway self-signed certificate for the TLS tests (openssl, RSA 2048, valid one day): file paths for the
 * server's TLS_CERT/TLS_KEY and the PEM text for in-process listeners. Undefined when openssl is not installed; the
 * caller skips; the reason is printed here, and under CI=true it throws instead (tests/helpers/prerequisites.ts).
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { skipReason } from './prerequisites'

export interface SelfSigned {
  /** Paths of the PEM files. */
  certFile: string
  keyFile: string
  /** Their PEM text. */
  cert: string
  key: string
}

/** Makes a certificate for `commonName` (the host the client connects to, e.g. 127.0.0.1 or localhost). */
export function selfSigned(commonName: string): SelfSigned | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'tc-tls-'))
  const certFile = join(dir, 'cert.pem')
  const keyFile = join(dir, 'key.pem')
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        keyFile,
        '-out',
        certFile,
        '-days',
        '1',
        '-subj',
        `/CN=${commonName}`,
      ],
      { stdio: 'ignore' },
    )
  } catch {
    console.warn(`SKIPPED: ${skipReason('openssl is not available to make a test certificate')}`)
    return undefined
  }
  return { certFile, keyFile, cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') }
}
