/** Minimal reader of the Lingui .po catalogs (locales/{locale}/messages.po) for catalog tests. */
import { readFileSync } from 'node:fs'

/** msgid → msgstr of one catalog (the header entry with the empty msgid is left out). */
export function readPo(file: string): Map<string, string> {
  const out = new Map<string, string>()
  let field: 'msgid' | 'msgstr' | null = null
  let id = ''
  let str = ''
  const flush = () => {
    if (id) out.set(id, str)
    id = ''
    str = ''
  }
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^(msgid|msgstr) (".*")$/.exec(line)
    if (m) {
      if (m[1] === 'msgid') flush()
      field = m[1] as 'msgid' | 'msgstr'
      if (field === 'msgid') id = JSON.parse(m[2] as string) as string
      else str = JSON.parse(m[2] as string) as string
    } else if (line.startsWith('"') && field) {
      const more = JSON.parse(line) as string
      if (field === 'msgid') id += more
      else str += more
    } else if (line.trim() === '') {
      field = null
    }
  }
  flush()
  return out
}

/** ICU argument names used by a message: `{0}`, `{name}`, `{count, plural, …}` → ["0", "name", "count"], sorted. */
export function placeholders(message: string): string[] {
  const names = new Set<string>()
  for (const m of message.matchAll(/\{\s*([A-Za-z0-9_]+)\s*[,}]/g)) names.add(m[1] as string)
  return [...names].sort()
}
