/**
 * In-memory Web Storage for UI-state tests under the node environment (no DOM): install as globalThis.localStorage
 * before importing a store module, so the store reads and writes it exactly as it would in the browser.
 */

/** A minimal Storage backed by a Map. */
export class MemoryStorage implements Storage {
  private readonly map = new Map<string, string>()
  get length(): number {
    return this.map.size
  }
  clear(): void {
    this.map.clear()
  }
  getItem(key: string): string | null {
    return this.map.get(key) ?? null
  }
  key(index: number): string | null {
    return [...this.map.keys()][index] ?? null
  }
  removeItem(key: string): void {
    this.map.delete(key)
  }
  setItem(key: string, value: string): void {
    this.map.set(key, String(value))
  }
  /** Parsed JSON of `key`, or undefined when absent. */
  json(key: string): unknown {
    const raw = this.map.get(key)
    return raw === undefined ? undefined : JSON.parse(raw)
  }
}

/** Installs a fresh MemoryStorage as globalThis.localStorage and returns it. */
export function installMemoryStorage(): MemoryStorage {
  const storage = new MemoryStorage()
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true, writable: true })
  return storage
}
