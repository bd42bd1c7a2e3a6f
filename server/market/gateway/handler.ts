/**
 * What the gateway does with each client frame: sub/unsub/req with acks and the documented error replies, client
 * pings answered with pongs, pongs clearing the heartbeat. Every frame is validated (client-schema.ts) before use;
 * `req` and `sub`/`unsub` spend the connection's budgets; bad input never closes the connection.
 */
import type { RawData } from 'ws'
import type { Topic } from '../../../common/feed/topics'
import { RequestError } from '../hub/hub'
import type { Channels } from './channels'
import { type ClientRequest, parseClientMessage, quote } from './client-schema'
import { TOO_MANY_REQUESTS, encodeFrame, encodeFrameAsync, errorReply, reqReply, subAck, unsubAck } from './protocol'
import type { ReqLane } from './req-lane'
import type { Session } from './session'

/** The part of the hub the gateway needs. */
export interface GatewayFeed {
  hasSymbol(symbol: string): boolean
  request(topic: Topic, from?: number, to?: number): Promise<unknown>
}

export interface HandlerContext {
  channels: Channels
  feed: GatewayFeed
  /** Where `req` answers are computed, bounded across the gateway. */
  lane: ReqLane
  log?: (msg: string) => void
}

/** `err-msg` when a connection already holds its maximum of topics. */
export const tooManyTopics = (max: number) => `too many topics: at most ${max} per connection`

/** Handles one websocket message as `ws` delivers it (text or binary; both are read as UTF-8 JSON text). */
export function handleFrame(ctx: HandlerContext, session: Session, data: RawData, _isBinary: boolean): void {
  const buf = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)
  handleMessage(ctx, session, buf.toString('utf8'))
}

/** Handles one text frame from a client. */
export function handleMessage(ctx: HandlerContext, session: Session, text: string): void {
  const msg = parseClientMessage(text)
  const reply = (body: unknown) => session.send(encodeFrame(body))
  switch (msg.kind) {
    case 'error':
      return reply(errorReply(msg.id, msg.msg))
    case 'ping':
      return reply({ pong: msg.value })
    case 'pong':
      if (session.unanswered.includes(msg.value)) session.unanswered.length = 0
      return
    case 'sub':
      if (!session.subBudget.take()) return reply(errorReply(msg.id, TOO_MANY_REQUESTS))
      if (!ctx.feed.hasSymbol(msg.topic.symbol)) return reply(errorReply(msg.id, `invalid topic ${msg.name}`))
      if (!session.canSubscribe(msg.name)) return reply(errorReply(msg.id, tooManyTopics(session.maxTopics)))
      session.subscribe(msg.name, msg.freq)
      ctx.channels.add(msg.name, session)
      return reply(subAck(msg.id, msg.name))
    case 'unsub':
      if (!session.subBudget.take()) return reply(errorReply(msg.id, TOO_MANY_REQUESTS))
      if (!session.unsubscribe(msg.name))
        return reply(errorReply(msg.id, `unsub with not subbed topic ${quote(msg.name)}`))
      ctx.channels.remove(msg.name, session)
      return reply(unsubAck(msg.id, msg.name))
    case 'req': {
      const job = () => ctx.lane.run(() => answerReq(ctx, session, msg))
      if (!session.reqBudget.take() || !session.enqueueReq(job)) return reply(errorReply(msg.id, TOO_MANY_REQUESTS))
      return
    }
  }
}

/** Answers one `req`; never rejects (a failure becomes the documented error reply). */
async function answerReq(
  ctx: HandlerContext,
  session: Session,
  msg: Extract<ClientRequest, { kind: 'req' }>,
): Promise<void> {
  let body: unknown
  if (!ctx.feed.hasSymbol(msg.topic.symbol)) body = errorReply(msg.id, `invalid topic ${msg.name}`)
  else {
    try {
      body = reqReply(msg.id, msg.name, await ctx.feed.request(msg.topic, msg.from, msg.to))
    } catch (err) {
      if (!(err instanceof RequestError))
        ctx.log?.(`market gateway: req ${msg.name} failed: ${(err as Error)?.message}`)
      body = errorReply(msg.id, err instanceof RequestError ? err.message : 'request timeout')
    }
  }
  try {
    session.send(await encodeFrameAsync(body))
  } catch (err) {
    ctx.log?.(`market gateway: req ${msg.name} answer failed: ${(err as Error)?.message}`)
  }
}
