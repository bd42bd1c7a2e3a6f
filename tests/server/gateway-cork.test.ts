import { describe, expect, it } from 'vitest'
import { DEFAULT_LIMITS } from '../../server/market/gateway/budget'
import { Session, type SessionSocket } from '../../server/market/gateway/session'

/** A socket that records, for each frame, whether the stream was corked when it was handed over. */
function fakes() {
  const log: string[] = []
  let corks = 0
  const stream = {
    cork: () => void (corks++, log.push('cork')),
    uncork: () => void (corks--, log.push('uncork')),
  }
  const ws: SessionSocket = {
    readyState: 1,
    send: (_data, cb) => {
      log.push(corks > 0 ? 'send(corked)' : 'send')
      cb()
    },
    terminate: () => {},
  }
  return { log, ws, stream }
}

describe('gateway session corks its stream for one turn', () => {
  it('sends every frame of a turn into the corked stream and uncorks once the turn is done', async () => {
    const { log, ws, stream } = fakes()
    const s = new Session(ws, { maxHeldBytes: 1 << 20, limits: DEFAULT_LIMITS }, stream)
    s.subscribe('market.btcusdt.ticker', undefined)
    for (let i = 0; i < 3; i++) s.deliver('market.btcusdt.ticker', Buffer.from([i]))
    expect(log).toEqual(['cork', 'send(corked)', 'send(corked)', 'send(corked)'])
    await new Promise((r) => process.nextTick(r))
    expect(log.at(-1)).toBe('uncork')
    s.deliver('market.btcusdt.ticker', Buffer.from([9]))
    await new Promise((r) => process.nextTick(r))
    expect(log.slice(5)).toEqual(['cork', 'send(corked)', 'uncork'])
    expect(s.heldBytes()).toBe(0)
  })

  it('still uncorks a session that closed within the turn', async () => {
    const { log, ws, stream } = fakes()
    const s = new Session(ws, { maxHeldBytes: 1 << 20, limits: DEFAULT_LIMITS }, stream)
    s.send(Buffer.from([1]))
    s.terminate()
    await new Promise((r) => process.nextTick(r))
    expect(log).toEqual(['cork', 'send(corked)', 'uncork'])
  })
})
