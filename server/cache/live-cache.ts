/** An answer cache kept current by the database's change feed: what the HTTP app builds once per instance. */
import type { Db } from '../db/client'
import { AnswerCache } from './answer-cache'
import { openChangeFeed, type ChangeFeed } from './change-feed'

/** A cache and the feed that invalidates it; `close()` stops listening. */
export interface LiveCache {
  answers: AnswerCache
  /** How invalidations arrive (change-feed.ts). */
  kind: ChangeFeed['kind']
  close(): Promise<void>
}

/**
 * Creates an answer cache for `db` and subscribes it to the change feed. Until the feed listens (and whenever it
 * stops) the cache stores nothing, so no answer can outlive a change it was not told about.
 */
export async function startLiveCache(db: Db, log?: (line: string) => void): Promise<LiveCache> {
  const answers = new AnswerCache()
  answers.setEnabled(false)
  const feed = await openChangeFeed(
    db,
    {
      onChange: (topic) => answers.invalidate(topic),
      onListening: (listening) => answers.setEnabled(listening),
    },
    log,
  )
  return { answers, kind: feed.kind, close: () => feed.close() }
}
