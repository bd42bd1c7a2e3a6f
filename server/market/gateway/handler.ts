/**
 * What the gateway does with each client message: sub/unsub/req with acks and the documented error replies,
 * client pings answered with pongs, pongs clearing the heartbeat. Bad input never closes the connection.
 */
import type { Topic } from '../../../common/feed/topics'
import { RequestError } from '../hub/hub'
import type { Channels } from './channels'
import {
  type ClientRequest,
  encodeFrame,
  errorReply,
  parseClientMessage,
  reqReply,
  subAck,
  unsubAck,
} from './protocol'
import type { Session } from './session'

/** The part of the hub the gateway needs. */
export interface GatewayFeed {
  hasSymbol(symbol: string): boolean
  request(topic: Topic, from?: number, to?: number): Promise<unknown>
}

export interface HandlerContext {
  channels: Channels
  feed: GatewayFeed
  log?: (msg: string) => void
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
      if (session.unanswered.includes(msg.value as number)) session.unanswered.length = 0
      return
    case 'sub':
      if (!ctx.feed.hasSymbol(msg.topic.symbol)) return reply(errorReply(msg.id, `invalid topic ${msg.name}`))
      session.subscribe(msg.name, msg.freq)
      ctx.channels.add(msg.name, session)
      return reply(subAck(msg.id, msg.name))
    case 'unsub':
      if (!session.unsubscribe(msg.name)) return reply(errorReply(msg.id, `unsub with not subbed topic ${msg.name}`))
      ctx.channels.remove(msg.name, session)
      return reply(unsubAck(msg.id, msg.name))
    case 'req':
      return void answerReq(ctx, msg, reply)
  }
}

async function answerReq(
  ctx: HandlerContext,
  msg: Extract<ClientRequest, { kind: 'req' }>,
  reply: (body: unknown) => void,
): Promise<void> {
  if (!ctx.feed.hasSymbol(msg.topic.symbol)) return reply(errorReply(msg.id, `invalid topic ${msg.name}`))
  try {
    const data = await ctx.feed.request(msg.topic, msg.from, msg.to)
    reply(reqReply(msg.id, msg.name, data))
  } catch (err) {
    if (!(err instanceof RequestError)) ctx.log?.(`market gateway: req ${msg.name} failed: ${(err as Error).message}`)
    reply(errorReply(msg.id, err instanceof RequestError ? err.message : 'request timeout'))
  }
}
