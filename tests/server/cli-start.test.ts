/** `npm start` rebuilds the PWA only when dist/ holds no finished build or one older than something that goes into it. */
import { mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BUILD_STAMP, buildReason } from '../../server/cli/build-freshness'

function touch(root: string, path: string, secondsAgo: number): void {
  const file = join(root, path)
  mkdirSync(join(file, '..'), { recursive: true })
  writeFileSync(file, 'x')
  const t = new Date(Date.now() - secondsAgo * 1000)
  utimesSync(file, t, t)
}

describe('buildReason', () => {
  it("looks for the stamp vite.config.ts's last step writes", () => {
    const config = readFileSync(new URL('../../vite.config.ts', import.meta.url), 'utf8')
    expect(config).toContain(`const BUILD_STAMP = '${BUILD_STAMP}'`)
    expect(config).toMatch(/writeFile\(join\(outDir, BUILD_STAMP\)/)
  })

  it.each([
    ['dist/ is missing', []],
    ['the last build was interrupted (index.html written, the final step not)', ['dist/index.html', 'dist/sw.js']],
  ])('asks for a build when %s', (_case, built) => {
    const root = mkdtempSync(join(tmpdir(), 'tc-root-'))
    touch(root, 'src/main.tsx', 100)
    for (const file of built) touch(root, file, 50)
    expect(buildReason(root)).toBe('no finished build in dist/')
  })

  it('is satisfied when the build is newer than every input', () => {
    const root = mkdtempSync(join(tmpdir(), 'tc-root-'))
    touch(root, 'src/features/markets/list.tsx', 100)
    touch(root, 'locales/zh-CN/messages.po', 100)
    touch(root, 'vite.config.ts', 100)
    touch(root, 'server/api/app.ts', 1) // the server is not part of the build
    touch(root, 'src/node_modules/x.js', 1)
    touch(root, `dist/${BUILD_STAMP}`, 50)
    expect(buildReason(root)).toBeUndefined()
  })

  it.each([
    'src/routes/kline.tsx',
    'src-worker/engine.ts',
    'common/market.ts',
    'locales/ja/messages.po',
    'public/coins/btc.svg',
    'index.html',
    'vite.config.ts',
    'manifest.webmanifest',
    'lingui.config.ts',
  ])('rebuilds when %s changed after the build', (input) => {
    const root = mkdtempSync(join(tmpdir(), 'tc-root-'))
    touch(root, `dist/${BUILD_STAMP}`, 50)
    touch(root, input, 1)
    expect(buildReason(root)).toMatch(/changed since the last build$/)
  })
})
