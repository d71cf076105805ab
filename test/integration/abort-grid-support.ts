/**
 * Scaffolding for the abort grid: a request that is held (by a real server or
 * a resolver) until the test lets it go, the moments at which a client tears
 * it down, and the checks that nothing is left running afterwards.
 */
import { createServer, type Server, type ServerResponse } from 'node:http'
import { afterAll, beforeAll } from 'vitest'

/** When the client tears its request down. */
export type Moment = 'before-end' | 'after-end' | 'while-resolving' | 'while-streaming'

export const MOMENTS: readonly Moment[] = ['before-end', 'after-end', 'while-resolving', 'while-streaming']

/** The first body chunk both the real server and the resolver send in the `while-streaming` moment. */
export const FIRST_CHUNK = 'first chunk'

/**
 * One held request: `arrived` resolves once the server (or the resolver) has
 * it; nothing is answered, or the body stops after its first chunk, until
 * `release()`.
 */
export class Hold {
  readonly arrived: Promise<void>
  readonly released: Promise<void>
  /** Resolves when the real server saw the client's connection close before it answered in full. */
  readonly abandoned: Promise<void>
  #markArrived!: () => void
  #release!: () => void
  #markAbandoned!: () => void

  constructor(readonly moment: Moment) {
    this.arrived = new Promise((resolve) => (this.#markArrived = resolve))
    this.released = new Promise((resolve) => (this.#release = resolve))
    this.abandoned = new Promise((resolve) => (this.#markAbandoned = resolve))
  }

  markArrived(): void {
    this.#markArrived()
  }

  markAbandoned(): void {
    this.#markAbandoned()
  }

  release(): void {
    this.#release()
  }
}

/**
 * A real 127.0.0.1 server (the reference) that holds every request of the
 * current `Hold`: it answers nothing, or only a head and `FIRST_CHUNK` in the
 * `while-streaming` moment, until the hold is released.
 */
export function useHoldingServer(): { readonly origin: string; hold: Hold | undefined } {
  let server: Server | undefined
  const state = { origin: '', hold: undefined as Hold | undefined }
  beforeAll(async () => {
    server = createServer((request, response) => {
      const hold = state.hold
      if (hold === undefined) return void response.end('no hold')
      request.resume()
      hold.markArrived()
      response.on('close', () => {
        if (!response.writableEnded) hold.markAbandoned()
      })
      if (hold.moment === 'while-streaming') {
        response.writeHead(200, { 'content-type': 'text/plain' })
        response.write(FIRST_CHUNK)
      }
      void hold.released.then(() => endUnlessGone(response))
    })
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    const address = server.address()
    if (address === null || typeof address === 'string') throw new Error('the holding server has no port')
    state.origin = `http://127.0.0.1:${address.port}`
  })
  afterAll(async () => {
    server?.closeAllConnections()
    await new Promise<void>((resolve) => server?.close(() => resolve()))
  })
  return state
}

function endUnlessGone(response: ServerResponse): void {
  if (!response.destroyed && !response.writableEnded) response.end()
}

/**
 * Watches `process.nextTick` while it is on, and breaks a loop of it: a
 * callback queued more than `limit` times is dropped from then on and the run
 * is marked as spinning. A request that re-queues itself with nextTick
 * forever starves timers (and so vitest's own timeout); with the guard, the
 * test gets to fail instead of freezing the runner. Only the looping callback
 * is dropped: Node's streams queue their own ticks through `process.nextTick`.
 */
export class TickGuard {
  #spinning: Set<unknown> = new Set()
  #real: typeof process.nextTick | undefined

  constructor(private readonly limit = 50_000) {}

  /** The names of the callbacks that were queued without end. */
  get spun(): string[] {
    return [...this.#spinning].map((callback) => (typeof callback === 'function' ? callback.name || 'anonymous' : String(callback)))
  }

  start(): void {
    const real = (this.#real = process.nextTick)
    const calls = new Map<unknown, number>()
    const guarded = (callback: (...args: unknown[]) => void, ...args: unknown[]) => {
      const count = (calls.get(callback) ?? 0) + 1
      calls.set(callback, count)
      if (count > this.limit) return void this.#spinning.add(callback)
      real(callback, ...args)
    }
    process.nextTick = guarded as typeof process.nextTick
  }

  stop(): void {
    if (this.#real !== undefined) process.nextTick = this.#real
    this.#real = undefined
  }
}

/** How many of each kind of active resource (sockets, timers, servers…) the process has. */
export function activeResources(): Map<string, number> {
  const counts = new Map<string, number>()
  for (const kind of process.getActiveResourcesInfo()) counts.set(kind, (counts.get(kind) ?? 0) + 1)
  return counts
}

/** The kinds of resource `after` has more of than `before`, as `kind: before -> after`. */
export function extraResources(before: Map<string, number>, after: Map<string, number>): string[] {
  const extra: string[] = []
  for (const [kind, count] of after) {
    const was = before.get(kind) ?? 0
    if (count > was) extra.push(`${kind}: ${was} -> ${count}`)
  }
  return extra
}

/**
 * Resolves with `promise`'s value, or rejects when it has not settled within
 * `ms` (a client that never reports its outcome hangs the test otherwise).
 */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not settle within ${ms} ms`)), ms)
  })
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** An error as the grid compares it: class, name, code and message. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return `non-error ${String(error)}`
  const code = (error as NodeJS.ErrnoException).code
  return `${error.constructor.name} name=${error.name} code=${code ?? '-'} message=${error.message}`
}
