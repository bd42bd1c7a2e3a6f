/**
 * Futures on REAL recorded prices (issue 12 "Done when": TP/SL and liquidation on recorded prices with hand-computed
 * expectations): the Binance BTCUSDT capture of 2024-08-08 23:54–24:00 (book and trades) played second by second
 * through the fake feed into the API and the risk engine. The price falls from 61,833 to 61,627 over four minutes.
 * The operator sets BTC/USDT to at most 50× with a 1.9 % maintenance rate (below 1/50) so a liquidation happens within
 * the capture. Figures by hand from the capture (see the comments at each expectation).
 */
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ContractHistory, ContractOrder } from '../../common/api/contract'
import { runAdmin } from '../../server/cli/admin-commands'
import { loadReplay } from '../../server/market/sources/replay/load'
import { SymbolPlayer } from '../../server/market/sources/replay/player'
import { TapePlayback } from '../../server/market/sources/replay/tape'
import { moneyCall } from '../helpers/money-calls'
import { recordedDataPresent } from '../helpers/prerequisites'
import { describePostgres, pgliteTestDb } from '../helpers/server-db'
import type { TestUser } from '../helpers/server-users'
import { contractSuite, expectBalancedLedger, history, trader, wallet } from './contract-fixtures'

const FILE = join(
  import.meta.dirname,
  '../../../shared/data/market/trades-depth/hftbacktest-binance-spot-BTCUSDT-ws-capture-2024-08-08T2354_2400.gz',
)
const HAVE = recordedDataPresent(FILE)
if (!HAVE) console.warn(`contract-replay: SKIPPED, ${FILE} is absent (real market data not on this machine)`)

function describeReplay(name: string, open: Parameters<typeof contractSuite>[0]) {
  describe.skipIf(!HAVE)(`futures on the recorded BTCUSDT book and trades on ${name}`, () => {
    const s = contractSuite(open)

    it('closes a take-profit and a stop-loss at the book once the mark reaches them and liquidates at the book, never below zero', async () => {
      s.stalled = true // the capture is the feed: no repeated books between its seconds
      const series = (await loadReplay(FILE)).find((x) => x.spec.symbol === 'btcusdt')!
      const base = Math.floor(Date.now() / 60_000) * 60 + 60
      const player = new SymbolPlayer(series.spec, series.bars, base, 60, 0, new TapePlayback(series.tape!))
      let played = 0
      /** Plays the capture up to `second` after 23:54:00, a second at a time, letting the engine act after each. */
      const playTo = async (second: number) => {
        for (; played < second;) {
          played++
          for (const e of player.advanceTo((base + played) * 1000)) s.market.emit(e)
          s.market.emit(player.book((base + played) * 1000))
          await s.engine.idle()
        }
      }
      const io = { out: () => {}, err: (l: string) => console.error(l) }
      expect(
        await runAdmin(s.database.db, ['contract', 'config', 'btcusdt', '--max-leverage', '50', '--mmr', '0.019'], io),
      ).toBe(0)
      await playTo(30)
      const place = (u: TestUser, o: object) =>
        moneyCall<ContractOrder>(s.t.app, u.token, 'POST', 'contract/order_place', {
          symbol: 'btcusdt',
          type: 'market',
          amount: '0.1',
          client_oid: randomUUID(),
          ...o,
        })
      const shortTp = await trader(s, '1000')
      const longSl = await trader(s, '1000')
      const risky = await trader(s, '127')
      const a = await place(shortTp, { side: 'short', leverage: 10, tp: '61700' })
      const b = await place(longSl, { side: 'long', leverage: 10, sl: '61750' })
      const c = await place(risky, { side: 'long', leverage: 50 })
      for (const o of [a, b, c]) expect(o.body.msg).toBe('success')
      await s.engine.reloadAll()
      await playTo(360)

      // Opened at 23:54:30 on the recorded book: best bid 61,833.09 and ask 61,833.10, each deep enough for 0.1 BTC.
      expect([a, b, c].map((o) => o.body.data.fill_price)).toEqual(['61833.09', '61833.1', '61833.1'])
      expect(c.body.data).toMatchObject({ margin: '123.6662', fee: '3.091655' }) // 6,183.31 / 50; × 0.05 %, rounded up

      // The short's take-profit: at 23:57:53 the book's mid is 61,697.315 (last trade 61,665, EMA 61,722.86), the first
      // mark at or under 61,700. A take-profit is a market order once triggered (issue 21 part 4): the short buys 0.1
      // from that second's asks, 0.00162 at 61,699, 0.01907 at 61,700 and 0.07931 at 61,704.87: 6,170.3846197, VWAP
      // 61,703.846197 (6 decimals). PnL (61,833.09 − 61,703.846197) × 0.1 = 12.9243803 → 12.92438; fees 3.091655 +
      // 3.085193 (0.05 % of 6,170.3846197, rounded up).
      const [tp] = await history(s, shortTp)
      expect(tp).toMatchObject<Partial<ContractHistory>>({
        close_reason: 'take_profit',
        close_price: '61703.846197',
        realized_pnl: '12.92438',
        fee: '6.176848',
        income: '6.747532',
        mark_inputs: { mid: '61697.315', last: '61665', ema: expect.stringMatching(/^61722\.8/) as unknown as string },
      })
      expect(tp!.feed_event).toMatchObject({ topic: 'market.btcusdt.depth.step0', recorded: true })

      // The long's stop-loss: at 23:56:39 the mid is 61,747.275 (last 61,747.27); a second before, a trade at
      // 61,747.28 left the mark at the mid 61,752.675. It sells 0.1 into that second's best bid, 61,747.27 for 0.2181:
      // PnL (61,747.27 − 61,833.1) × 0.1 = −8.583; fees 3.091655 + 3.087364 (3.0873635 rounded up).
      const [sl] = await history(s, longSl)
      expect(sl).toMatchObject<Partial<ContractHistory>>({
        close_reason: 'stop_loss',
        close_price: '61747.27',
        realized_pnl: '-8.583',
        fee: '6.179019',
        mark_inputs: {
          mid: '61747.275',
          last: '61747.27',
          ema: expect.stringMatching(/^61762\.9/) as unknown as string,
        },
      })

      // The 50× long with 127 USDT: wallet balance 127 − 3.091655 = 123.908345, so the account is liquidated at a mark
      // ≤ (6,183.31 − 123.908345) / (0.1 × (1 − 0.019)) = 61,767.60…. At 23:56:03 the mark is 61,768.53 (mid
      // 61,768.525, last 61,768.53): not yet. At 23:56:04 the book's mid is 61,759.725, the last trade 61,764, the EMA
      // 61,795.38: mark 61,764; equity 116.998345 ≤ maintenance 117.3516. Closed against the book (issue 21 part 5):
      // sold into the best bid 61,759.72, PnL (61,759.72 − 61,833.1) × 0.1 = −7.338, taker fee 3.087986 and the
      // clearance fee (0.5 % of 6,175.972 = 30.87986) to the insurance account; the wallet keeps 82.602499, nothing for
      // the insurance account to pay. (At the mark, before part 5: PnL −6.91, no taker fee, 86.116345 kept.)
      const [liq] = await history(s, risky)
      expect(liq).toMatchObject<Partial<ContractHistory>>({
        state: 'liquidated',
        close_reason: 'liquidation',
        close_price: null,
        liquidation_price: '61759.72',
        realized_pnl: '-7.338',
        insurance_paid: '0',
        fee: '37.059501',
        mark_inputs: { mid: '61759.725', last: '61764', ema: expect.stringMatching(/^61795\.3/) as unknown as string },
      })
      expect(await wallet(s, risky)).toEqual({ available: '82.602499', frozen: '0' })
      // 1,000 + 6.747532 and 1,000 − 8.583 − 6.179019.
      expect(await wallet(s, shortTp)).toEqual({ available: '1006.747532', frozen: '0' })
      expect(await wallet(s, longSl)).toEqual({ available: '985.237981', frozen: '0' })
      await expectBalancedLedger(s)
    })
  })
}

describeReplay('PGlite', () => pgliteTestDb())
await describePostgres('futures on recorded prices', (open) => describeReplay('PostgreSQL', open))
