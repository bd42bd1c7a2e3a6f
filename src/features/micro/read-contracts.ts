/**
 * Reading the user's open second contracts again (micro/order_list open, then micro/order_detail of each watched one
 * that has left the list) and merging the answers into what the screen holds: the open ones and the last few settled
 * while watched, newest first.
 */
import type { MicroOrder } from '../../../common/api/micro'
import type { Api } from '../../api'

/** Open contracts read per call (the server's largest page). */
export const OPEN_LIMIT = 50
/** Contracts settled while watched that stay on screen, newest first. */
const SETTLED_SHOWN = 5

/** The calls a read makes. */
export type ContractCalls = Pick<Api, 'microList' | 'microDetail'>

/** Newest first; the open ones, then at most SETTLED_SHOWN settled. */
function arrange(byId: Map<number, MicroOrder>): MicroOrder[] {
  const all = [...byId.values()].sort((a, b) => b.id - a.id)
  const settled = all.filter((o) => o.status !== 'open').slice(0, SETTLED_SHOWN)
  return all.filter((o) => o.status === 'open' || settled.includes(o))
}

/**
 * Asks for the open list, and the detail of each of `watched` that has left it; answers how many settled and how to
 * merge the answers into the list held by then (a contract placed meanwhile stays). Rejects when a call fails.
 */
export async function readContracts(
  api: ContractCalls,
  watched: readonly MicroOrder[],
): Promise<{ settled: number; merge: (prev: MicroOrder[]) => MicroOrder[] }> {
  const open = (await api.microList({ state: 'open', limit: OPEN_LIMIT }, { silent: true })).list
  const still = new Set(open.map((o) => o.id))
  const gone = watched.filter((o) => o.status === 'open' && !still.has(o.id))
  const settled = await Promise.all(gone.map((o) => api.microDetail(o.id, { silent: true })))
  const merge = (prev: MicroOrder[]) => {
    const byId = new Map(prev.map((o) => [o.id, o]))
    for (const o of [...open, ...settled]) byId.set(o.id, o)
    return arrange(byId)
  }
  return { settled: settled.filter((o) => o.status !== 'open').length, merge }
}
