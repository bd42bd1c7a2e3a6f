/**
 * Parsed feed topics, memoized: a busy feed pushes the same few channels thousands of times a second, and a strict
 * parse (split, symbol pattern, period list) cost more than the rest of a ticker's shape check (issue 9 part 4).
 * Only topics that parsed are kept, each exactly as `parseTopic` returned it, so the check is as strict as before.
 * Bounded: past MAX_TOPICS distinct names (a hostile or broken feed) the cache starts over.
 */
import { parseTopic, type Topic } from '../../common/feed/topics'

/** Distinct topics kept; a client holds ≤ 200 subscriptions (gateway budget), so a real feed never refills it. */
const MAX_TOPICS = 512

const parsed = new Map<string, Readonly<Topic>>()

/** `parseTopic(ch)`, from the cache when `ch` was seen before. The result is shared: do not mutate it. */
export function parseFeedTopic(ch: string): Readonly<Topic> | undefined {
  const hit = parsed.get(ch)
  if (hit !== undefined) return hit
  const topic = parseTopic(ch)
  if (topic === undefined) return undefined
  if (parsed.size >= MAX_TOPICS) parsed.clear()
  parsed.set(ch, Object.freeze(topic))
  return topic
}
