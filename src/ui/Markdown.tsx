import { useEffect, useMemo, useState } from 'react'
import { Spinner } from './Spinner'
import '../styles/markdown.css'

/** The renderer of ./markdown-html, once its lazy chunk (marked + DOMPurify) has loaded. */
type Render = (markdown: string) => string
let loaded: Render | undefined
let loading: Promise<Render> | undefined

function loadRenderer(): Promise<Render> {
  loading ??= import('./markdown-html').then((m) => (loaded = m.renderMarkdown))
  // A failed chunk load (offline before it was cached) may be retried on the next render.
  loading.catch(() => (loading = undefined))
  return loading
}

/**
 * Operator Markdown (announcements, help, about) shown as sanitized HTML (see ./markdown-html for the rules). The
 * renderer loads on first use; until then a spinner shows, and if it cannot load the text shows as plain text.
 * `lang` marks the language of the text when it differs from the interface (an English fallback).
 */
export function Markdown({
  source,
  lang,
  className,
}: {
  source: string
  lang?: string | undefined
  className?: string
}) {
  const [render, setRender] = useState<Render | 'failed' | undefined>(() => loaded)
  useEffect(() => {
    if (render !== undefined) return
    let live = true
    loadRenderer().then(
      (r) => live && setRender(() => r),
      () => live && setRender('failed'),
    )
    return () => {
      live = false
    }
  }, [render])
  const html = useMemo(() => (typeof render === 'function' ? render(source) : ''), [render, source])
  const classes = className ? `md ${className}` : 'md'
  if (render === undefined)
    return (
      <div className={classes} aria-busy="true">
        <Spinner size={20} />
      </div>
    )
  if (render === 'failed')
    return (
      <div className={`${classes} md--plain`} lang={lang}>
        {source}
      </div>
    )
  return <div className={classes} lang={lang} dangerouslySetInnerHTML={{ __html: html }} />
}
