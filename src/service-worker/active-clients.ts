import type { WorkerClients } from './sw-types.js'

const STORE_KEY = '/__mocklib__/active-clients'

/**
 * The ids of the pages that activated mocking, also kept in Cache Storage: the browser restarts an idle worker
 * on the next event, losing memory, so the set is read back before the first request after a restart is decided.
 */
export class ActiveClients {
  readonly #ids = new Set<string>()
  readonly #cacheName: string
  #writes: Promise<void> = Promise.resolve()
  readonly ready: Promise<void>
  /** `has()` is meaningful only once true. */
  restored = false

  constructor(
    private readonly clients: WorkerClients,
    scope: string,
  ) {
    this.#cacheName = `mocklib:active-clients:${scope}`
    this.ready = this.#restore()
      .catch((error: unknown) => console.error('[mocklib] Could not read the active clients back:', error))
      .finally(() => {
        this.restored = true
      })
  }

  has(id: string): boolean {
    return this.#ids.has(id)
  }

  add(id: string): Promise<void> {
    this.#ids.add(id)
    return this.#store()
  }

  delete(id: string): Promise<void> {
    if (!this.#ids.delete(id)) return this.#writes
    return this.#store()
  }

  async #restore(): Promise<void> {
    const cache = await caches.open(this.#cacheName)
    const stored = await cache.match(STORE_KEY)
    if (!stored) return
    const ids = (await stored.json()) as string[]
    const alive = new Set((await this.clients.matchAll({ includeUncontrolled: true, type: 'all' })).map((client) => client.id))
    for (const id of ids) if (alive.has(id)) this.#ids.add(id)
  }

  // Chained, so the last write stores the latest set; a failed one only costs persistence across a restart.
  #store(): Promise<void> {
    this.#writes = this.#writes.then(async () => {
      try {
        const cache = await caches.open(this.#cacheName)
        await cache.put(STORE_KEY, new Response(JSON.stringify([...this.#ids])))
      } catch (error) {
        console.error('[mocklib] Could not store the active clients:', error)
      }
    })
    return this.#writes
  }
}
