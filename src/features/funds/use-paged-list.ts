/**
 * A record list read page by page ("Load more"), for deposits, withdrawals, transfers and account change records.
 * The first page loads when the screen opens and again whenever `key` changes (a filter); an answer for an older key
 * or a later reload is dropped, so a slow first page never overwrites the filtered one.
 */
import { useCallback, useEffect, useRef, useState } from 'react'

/** Rows per page: the contract's default. */
export const PAGE_SIZE = 20

/** One page as the list calls answer it. */
export interface Page<T> {
  list: T[]
  total: number
}

/** The list as a screen shows it. */
export interface PagedList<T> {
  items: T[]
  /** Rows on the server, for "Load more". */
  total: number
  /** `loading` before the first page, `failed` when it could not be read (and none is kept). */
  state: 'loading' | 'ready' | 'failed'
  /** When the rows are the device's kept copy (the first page could not be read): when it was fetched, epoch ms. */
  savedAt: number | null
  loadingMore: boolean
  /** Appends the next page (a failure is shown by the request layer and leaves the list as it was). */
  loadMore(this: void): Promise<void>
  /** Reads the first page again (pull to refresh, after a submission). */
  reload(this: void): Promise<void>
}

interface Loaded<T> {
  /** The `key` these rows belong to: rows of another key are not shown. */
  key: string
  items: T[]
  total: number
  page: number
  failed: boolean
  savedAt: number | null
}

/**
 * Where a list keeps its first page for offline use (src/features/kept): `save` after each first page read, `load`
 * when the first page cannot be read and nothing is shown yet. Neither may reject.
 */
export interface KeptFirstPage<T> {
  save(page: Page<T>): void
  load(): Promise<{ page: Page<T>; savedAt: number } | undefined>
}

/**
 * @param fetchPage reads page `page` (1-based) of PAGE_SIZE rows; `silent` for the first page (the screen says it)
 * @param key what the list depends on besides the page (filters): a change starts over
 * @param kept where the first page of `key` is kept for offline use (none: nothing kept)
 */
export function usePagedList<T extends { id: number }>(
  fetchPage: (page: number, silent: boolean) => Promise<Page<T>>,
  key: string,
  kept?: KeptFirstPage<T>,
): PagedList<T> {
  const [loaded, setLoaded] = useState<Loaded<T> | null>(null)
  const [loadingMore, setLoadingMore] = useState(false)
  const generation = useRef(0)
  const fetchRef = useRef(fetchPage)
  const keptRef = useRef(kept)
  useEffect(() => {
    fetchRef.current = fetchPage
    keptRef.current = kept
  })

  const reload = useCallback(async () => {
    const mine = ++generation.current
    try {
      const first = await fetchRef.current(1, true)
      if (mine !== generation.current) return
      setLoaded({ key, items: first.list, total: first.total, page: 1, failed: false, savedAt: null })
      keptRef.current?.save(first)
    } catch {
      if (mine !== generation.current) return
      // A failed refresh keeps the rows already shown; a list with none shows the kept copy, else says it failed.
      const last = await keptRef.current?.load()
      if (mine !== generation.current) return
      const fallback: Loaded<T> = last
        ? { key, items: last.page.list, total: last.page.total, page: 1, failed: false, savedAt: last.savedAt }
        : { key, items: [], total: 0, page: 0, failed: true, savedAt: null }
      setLoaded((l) => (l?.key === key && !l.failed ? l : fallback))
    }
  }, [key])

  useEffect(() => {
    void reload()
  }, [reload])

  const current = loaded?.key === key ? loaded : null
  const loadMore = async () => {
    if (!current) return
    const mine = generation.current
    setLoadingMore(true)
    try {
      const next = await fetchRef.current(current.page + 1, false)
      if (mine !== generation.current) return
      setLoaded((l) =>
        l && l.key === key
          ? {
              ...l,
              // A row that moved onto the next page meanwhile (a new record came first) is not shown twice.
              items: [...l.items, ...next.list.filter((n) => !l.items.some((i) => i.id === n.id))],
              total: next.total,
              page: l.page + 1,
            }
          : l,
      )
    } catch {
      // The request layer has shown the error.
    } finally {
      setLoadingMore(false)
    }
  }

  return {
    items: current?.items ?? [],
    total: current?.total ?? 0,
    state: !current ? 'loading' : current.failed ? 'failed' : 'ready',
    savedAt: current?.savedAt ?? null,
    loadingMore,
    loadMore,
    reload,
  }
}
