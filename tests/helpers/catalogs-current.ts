/**
 * Checks that the Lingui catalogs in locales/ are what `npm run i18n:extract` would write from src/, without
 * touching them: the tracked catalogs are copied to a scratch folder under .tmp/, extracted there with the project's
 * own config (catalog path pointed at the copy), and compared. Exits 1 naming the stale catalogs and the fix.
 *
 * Run: `tsx tests/helpers/catalogs-current.ts` (`npm test` and `npm run test:unit` do).
 */
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

/** One catalog that extract would change. */
export interface StaleCatalog {
  file: string
  added: string[]
  removed: string[]
  /** True when only order, references or texts of existing ids would change. */
  otherwise: boolean
}

/** The catalog's text without the creation date, which extract may stamp anew. */
function normalized(text: string): string {
  return text.replace(/^"POT-Creation-Date: .*"\n/m, '')
}

const ids = (text: string) => new Set([...text.matchAll(/^msgid "(.+)"$/gm)].map((m) => m[1]!))

/**
 * Extracts into a copy of `root`/locales and answers the catalogs that differ from the tracked ones (empty when
 * current). Throws when the extract itself fails.
 */
export function staleCatalogs(root = process.cwd()): StaleCatalog[] {
  const locales = join(root, 'locales')
  mkdirSync(join(root, '.tmp'), { recursive: true })
  const scratch = mkdtempSync(join(root, '.tmp', 'catalogs-'))
  try {
    cpSync(locales, join(scratch, 'locales'), { recursive: true })
    const config = join(scratch, 'lingui.config.ts')
    writeFileSync(
      config,
      `import base from ${JSON.stringify(resolve(root, 'lingui.config.ts'))}\n` +
        `export default { ...base, rootDir: ${JSON.stringify(root)}, catalogs: base.catalogs.map((c) => ({ ...c, ` +
        `path: ${JSON.stringify(join(scratch, 'locales', '{locale}', 'messages'))} })) }\n`,
    )
    const run = spawnSync(
      'npx',
      ['lingui', 'extract', '--clean', '--overwrite', '--workers', '1', '--config', config],
      { cwd: root, encoding: 'utf8' },
    )
    if (run.status !== 0) throw new Error(`lingui extract failed (exit ${run.status}):\n${run.stdout}${run.stderr}`)
    const stale: StaleCatalog[] = []
    for (const locale of readdirSync(join(scratch, 'locales'))) {
      const fresh = join(scratch, 'locales', locale, 'messages.po')
      const tracked = join(locales, locale, 'messages.po')
      if (!existsSync(fresh)) continue
      const before = existsSync(tracked) ? readFileSync(tracked, 'utf8') : ''
      const after = readFileSync(fresh, 'utf8')
      if (normalized(before) === normalized(after)) continue
      const [was, now] = [ids(before), ids(after)]
      const added = [...now].filter((id) => !was.has(id))
      const removed = [...was].filter((id) => !now.has(id))
      stale.push({
        file: `locales/${locale}/messages.po`,
        added,
        removed,
        otherwise: added.length + removed.length === 0,
      })
    }
    return stale
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

/** The message for stale catalogs: which, what changes, and the command that fixes them. */
export function staleMessage(stale: StaleCatalog[]): string {
  const lines = stale.map((s) => {
    const parts = [
      s.added.length
        ? `${s.added.length} new (${s.added.slice(0, 3).join(', ')}${s.added.length > 3 ? ', …' : ''})`
        : '',
      s.removed.length
        ? `${s.removed.length} unused (${s.removed.slice(0, 3).join(', ')}${s.removed.length > 3 ? ', …' : ''})`
        : '',
      s.otherwise ? 'order, references or source texts' : '',
    ].filter(Boolean)
    return `  ${s.file}: ${parts.join('; ')}`
  })
  return `The Lingui catalogs are out of date with src/:\n${lines.join('\n')}\nRun \`npm run i18n:extract\`, translate any new ids in all ten locales, and commit locales/.`
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const stale = staleCatalogs()
  if (stale.length === 0) {
    console.log('Lingui catalogs are current.')
  } else {
    console.error(staleMessage(stale))
    process.exitCode = 1
  }
}
