import { describe, expect, it } from 'vitest'
import { needsOwnProcess, testFilesByIsolation } from '../helpers/isolation'

describe('which vitest files get a process of their own', () => {
  it('isolates a DOM, a module mock, a stubbed global and a variable set at import', () => {
    expect(needsOwnProcess('// @vitest-environment happy-dom\nimport x from "y"')).toBe(true)
    expect(needsOwnProcess("vi.mock('../../src/api/client', () => ({}))")).toBe(true)
    expect(needsOwnProcess("vi.stubGlobal('fetch', f)")).toBe(true)
    expect(needsOwnProcess("process.env.CLOCK_CONTROL = '1'\n")).toBe(true)
  })

  it('shares a file that sets a variable in a hook and restores it, or fakes timers', () => {
    expect(needsOwnProcess('beforeAll(() => {\n  process.env.DATA_DIR = dir\n})')).toBe(false)
    expect(needsOwnProcess("vi.useFakeTimers({ toFake: ['Date'] })")).toBe(false)
  })

  it('sorts the repository: the server suites share, the clock-controlled and mocked ones do not', () => {
    const { shared, isolated } = testFilesByIsolation(process.cwd())
    expect(shared).toContain('tests/server/contract-model-pg.test.ts')
    expect(isolated).toEqual(
      expect.arrayContaining(['tests/server/financial.test.ts', 'tests/server/spot-group-commit.test.ts']),
    )
    expect(shared.filter((f) => isolated.includes(f))).toEqual([])
  })
})
