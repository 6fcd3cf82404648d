/**
 * A small in-process cache of values that may be a little stale: each entry lives `ttlMs`, at most
 * `maxEntries` are kept (the oldest go first), and callers asking for a key that is being loaded share
 * that one load. A failed load is not kept.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; expires: number }>()

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key)
    if (entry && entry.expires > this.now()) return entry.value
    this.entries.delete(key)
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!)
    const value = load()
    this.entries.set(key, { value, expires: this.now() + this.ttlMs })
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key)
    })
    return value
  }

  /** Drops `key`: the next `get` loads it again. */
  delete(key: string): void {
    this.entries.delete(key)
  }
}
