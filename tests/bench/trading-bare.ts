/**
 * The floor of `npm run bench -- trading`'s settlement row: the rows settling `ids` writes (each order's new state,
 * one ledger transaction with its entries per order, the two accounts' balances, a `settled` and an `accounts` event
 * per order), written by bare SQL in batches of `batch` orders, one transaction each, computed by the server (no
 * per-row work in JS, no balance-after walk, no event JSON built by the app). What the service takes beyond it is
 * its own cost; what this takes bounds any implementation of the same rows on this machine.
 */
import type pg from 'pg'
import { inTransaction } from './bare-sql'

/** Seconds to settle `ids` (open contracts of 1 USDT of user `userId`, ups win 0.8, downs lose) by bare SQL. */
export async function bareSettlement(
  pool: pg.Pool,
  p: { userId: number; userAccount: number; counterparty: number; ids: readonly number[]; batch: number },
): Promise<number> {
  const t0 = performance.now()
  for (let k = 0; k < p.ids.length; k += p.batch) {
    const chunk = p.ids.slice(k, k + p.batch)
    await inTransaction(pool, async (client) => {
      await client.query('select id from ledger_accounts where id = any($1::int[]) order by id for update', [
        [p.userAccount, p.counterparty].sort((a, b) => a - b),
      ])
      const orders = await client.query<{ id: number; won: boolean }>(
        `update micro_orders set status = case when direction = 'up' then 'won' else 'lost' end,
           pnl = case when direction = 'up' then 0.8 else -1 end, close_price = 60001, close_ts = now(), settled_at = now()
         where id = any($1::int[]) and status = 'open' returning id, direction = 'up' as won`,
        [chunk],
      )
      const won = orders.rows.filter((r) => r.won).length
      const lost = orders.rows.length - won
      await client.query(
        `update ledger_accounts as a set available = a.available + v.da, frozen = a.frozen + v.df, updated_at = now()
         from (values ($1::int, $2::numeric, $3::numeric), ($4::int, $5::numeric, 0)) as v(id, da, df) where a.id = v.id`,
        [p.userAccount, (won * 1.8).toFixed(1), -orders.rows.length, p.counterparty, (lost - won * 0.8).toFixed(1)],
      )
      await client.query(
        `with o as (select * from unnest($1::int[], $2::bool[]) as o(id, won)),
         t as (
           insert into ledger_transactions (kind, book, user_id, reference, actor)
           select 'micro_settle', 'live', $3, 'bare-micro:' || o.id, 'system' from o returning id, reference
         ),
         tw as (select t.id, o.won from t join o on t.reference = 'bare-micro:' || o.id)
         insert into ledger_entries (transaction_id, account_id, bucket, amount, balance_after)
         select tw.id, e.account_id, e.bucket, e.amount, 0 from tw
         cross join lateral (values ($4::int, 'frozen', -1::numeric, true), ($4, 'available', 1, tw.won),
                                    ($4, 'available', 0.8, tw.won), ($5::int, 'available', -0.8, tw.won),
                                    ($5, 'available', 1, not tw.won)) as e(account_id, bucket, amount, keep)
         where e.keep`,
        [orders.rows.map((r) => r.id), orders.rows.map((r) => r.won), p.userId, p.userAccount, p.counterparty],
      )
      await client.query(
        `with s as (
           insert into user_stream_seq (user_id, last_seq) values ($1, $2)
           on conflict (user_id) do update set last_seq = user_stream_seq.last_seq + excluded.last_seq
           returning last_seq - $2 as base
         )
         insert into user_events (user_id, seq, topic, symbol, data)
         select $1, s.base + g, case when g % 2 = 1 then 'orders' else 'accounts' end,
           case when g % 2 = 1 then 'btcusdt' end,
           case when g % 2 = 1
             then jsonb_build_object('event', 'settled', 'id', g, 'symbol', 'btcusdt', 'direction', 'up', 'amount', '1',
               'fee', '0', 'payout_rate', '0.8', 'open_price', '60000', 'close_price', '60001', 'status', 'won',
               'pnl', '0.8', 'duration_s', 5, 'open_ts', 1, 'delivery_ts', 2, 'close_ts', 3, 'settled_at', 4)
             else jsonb_build_object('event', 'balance', 'book', 'live', 'wallet', 'option', 'currency', 'USDT',
               'available', '1.8', 'frozen', '0', 'change_available', '1.8', 'change_frozen', '-1', 'kind',
               'micro_settle', 'reference', 'micro:' || g, 'transaction_id', g)
           end
         from s, generate_series(1, $2::int) g`,
        [p.userId, 2 * orders.rows.length],
      )
    })
  }
  return (performance.now() - t0) / 1000
}
