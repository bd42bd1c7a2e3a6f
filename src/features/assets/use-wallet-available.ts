/**
 * One wallet's usable balance of one currency, read from `assets/overview` for the session's current book when a
 * screen needs it, again when the screen says so (after a placement, a settlement, a subscription…) and, while the
 * user stream is live, when an `accounts.update` event of that wallet, currency and book arrives: what the options
 * form stakes from, what a wealth subscription is paid from.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { Wallet } from '../../../common/api/assets'
import type { Api } from '../../api'
import { useStreamReload } from '../user-stream'
import { concernsWallet } from './stream-events'

/** The balance as a screen shows it. */
export interface WalletAvailable {
  /** Usable in the wallet ("0" when it holds none); undefined while unknown (signed out, loading, failed). */
  available: string | undefined
  /** Reads it again; an answer for an earlier session or an older read is dropped. */
  reload(this: void): void
  /** True while the user stream is live: the balance follows its events, a screen need not read it again itself. */
  streamLive: boolean
}

/**
 * @param key the session and book the balance belongs to (a change reads it again); null when signed out
 */
export function useWalletAvailable(
  api: Pick<Api, 'overview'>,
  wallet: Wallet,
  currency: string,
  key: string | null,
): WalletAvailable {
  const [seen, setSeen] = useState<{ key: string; available: string } | null>(null)
  const generation = useRef(0)
  const reload = useCallback(() => {
    if (key === null) return
    const mine = ++generation.current
    api.overview({ silent: true }).then(
      (o) => {
        if (mine !== generation.current) return
        const w = o.wallets.find((x) => x.wallet === wallet)
        const available = w?.balances.find((b) => b.currency === currency)?.available ?? '0'
        setSeen({ key: `${key}|${wallet}|${currency}`, available })
      },
      () => undefined, // unknown stays unknown: the server still checks the balance
    )
  }, [api, wallet, currency, key])
  useEffect(reload, [reload])
  const streamLive = useStreamReload(reload, (ev) => concernsWallet(ev, wallet, currency))
  const current = seen && key !== null && seen.key === `${key}|${wallet}|${currency}` ? seen.available : undefined
  return { available: current, reload, streamLive }
}
