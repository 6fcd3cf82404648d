import { TtlCache } from '../../server/lib/ttlCache'

describe('TtlCache', () => {
  let now = 0
  const clock = () => now
  beforeEach(() => {
    now = 1_000
  })

  test('reuses a value within its TTL and loads it again after', async () => {
    const cache = new TtlCache<number>(100, 10, clock)
    let loads = 0
    const load = async () => ++loads
    expect(await cache.get('a', load)).toBe(1)
    now += 99
    expect(await cache.get('a', load)).toBe(1)
    now += 1
    expect(await cache.get('a', load)).toBe(2)
    expect(await cache.get('b', load)).toBe(3)
  })

  test('callers asking while a load is under way share it', async () => {
    const cache = new TtlCache<string>(100, 10, clock)
    let release!: (value: string) => void
    const load = jest.fn(() => new Promise<string>((resolve) => (release = resolve)))
    const first = cache.get('k', load)
    const second = cache.get('k', load)
    release('v')
    expect(await Promise.all([first, second])).toEqual(['v', 'v'])
    expect(load).toHaveBeenCalledTimes(1)
  })

  test('a failed load is not kept', async () => {
    const cache = new TtlCache<number>(100, 10, clock)
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await cache.get('k', async () => 7)).toBe(7)
  })

  test('keeps at most maxEntries, dropping the oldest', async () => {
    const cache = new TtlCache<string>(100, 2, clock)
    await cache.get('a', async () => 'a1')
    await cache.get('b', async () => 'b1')
    await cache.get('c', async () => 'c1')
    expect(await cache.get('b', async () => 'b2')).toBe('b1')
    expect(await cache.get('a', async () => 'a2')).toBe('a2')
  })
})
