import type { Channel } from './channel.js'
import type { RequestHandler } from './handler.js'
import type { RequestContext } from './request-context.js'

type KeyTable = Map<string, number[]>

/**
 * An immutable, ordered list of handlers with an index built on first use.
 *
 * The index files each handler's list position under its channel key. A request
 * collects the positions filed under the keys its channels produce and visits
 * them in ascending order, so the observable order is exactly the list order
 * while handlers that cannot match are never touched.
 */
export class HandlerList {
  #index: Map<Channel, KeyTable> | undefined

  constructor(readonly handlers: readonly RequestHandler[]) {}

  /** Positions of the handlers that may match `context`, in list order. */
  candidates(context: RequestContext): number[] | Promise<number[]> {
    const index = (this.#index ??= buildIndex(this.handlers))
    const found: number[][] = []
    let pending: Promise<void>[] | undefined
    for (const [channel, table] of index) {
      const keys = channel.requestKeys(context)
      if (keys instanceof Promise) {
        ;(pending ??= []).push(keys.then((resolved) => collect(table, resolved, found)))
      } else {
        collect(table, keys, found)
      }
    }
    if (pending) return Promise.all(pending).then(() => mergeAscending(found))
    return mergeAscending(found)
  }
}

function buildIndex(handlers: readonly RequestHandler[]): Map<Channel, KeyTable> {
  const index = new Map<Channel, KeyTable>()
  handlers.forEach((handler, position) => {
    const { channel, key } = handler.indexKey
    let table = index.get(channel)
    if (!table) index.set(channel, (table = new Map()))
    const bucket = table.get(key)
    if (bucket) bucket.push(position)
    else table.set(key, [position])
  })
  return index
}

function collect(table: KeyTable, keys: readonly string[] | null, found: number[][]): void {
  if (keys === null) return
  for (const key of keys) {
    const bucket = table.get(key)
    if (bucket) found.push(bucket)
  }
}

function mergeAscending(lists: number[][]): number[] {
  if (lists.length === 0) return []
  if (lists.length === 1) return lists[0]!
  // Few, already sorted buckets: concatenating and sorting is cheaper than a heap.
  return lists.flat().sort((a, b) => a - b)
}
