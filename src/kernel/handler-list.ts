import type { Channel, ExchangeContext, ExchangeKind, Handler, IndexKey } from './contracts.js'

type KeyTable = Map<string, number[]>
type KindIndex = Map<Channel<any>, KeyTable>

const NONE: readonly number[] = Object.freeze([])

/**
 * An immutable, ordered list of handlers with an index built on first use.
 *
 * Handlers are grouped by the kind of exchange they take (HTTP, WebSocket),
 * and within a kind filed under their channel's keys. An exchange collects the
 * positions filed under the keys its kind's channels produce and visits them
 * in ascending order, so the observable order is exactly the list order while
 * handlers that cannot match are never touched.
 */
export class HandlerList {
  #index: Map<ExchangeKind, KindIndex> | undefined

  constructor(readonly handlers: readonly Handler[]) {}

  /** Positions of the handlers of `kind` that may match `context`, in list order. */
  candidates(kind: ExchangeKind, context: ExchangeContext): readonly number[] | Promise<readonly number[]> {
    const byChannel = this.#kindIndex(kind)
    if (byChannel === undefined) return NONE
    const found: number[][] = []
    let pending: Promise<void>[] | undefined
    for (const [channel, table] of byChannel) {
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

  /** The channels of `kind` that hold at least one handler of this list. */
  channels(kind: ExchangeKind): Iterable<Channel<any>> {
    return this.#kindIndex(kind)?.keys() ?? NONE_CHANNELS
  }

  #kindIndex(kind: ExchangeKind): KindIndex | undefined {
    return (this.#index ??= buildIndex(this.handlers)).get(kind)
  }
}

const NONE_CHANNELS: readonly Channel[] = Object.freeze([])

function buildIndex(handlers: readonly Handler[]): Map<ExchangeKind, KindIndex> {
  const index = new Map<ExchangeKind, KindIndex>()
  const file = (kind: ExchangeKind, { channel, key }: IndexKey, position: number): void => {
    let byChannel = index.get(kind)
    if (!byChannel) index.set(kind, (byChannel = new Map()))
    let table = byChannel.get(channel)
    if (!table) byChannel.set(channel, (table = new Map()))
    const bucket = table.get(key)
    if (bucket) bucket.push(position)
    else table.set(key, [position])
  }
  handlers.forEach((handler, position) => {
    file(handler.kind, handler.indexKey, position)
    if (handler.alsoTakes !== undefined) for (const extra of handler.alsoTakes) file(extra.kind, extra.indexKey, position)
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

function mergeAscending(lists: number[][]): readonly number[] {
  if (lists.length === 0) return NONE
  if (lists.length === 1) return lists[0]!
  // Few, already sorted buckets: concatenating and sorting is cheaper than a heap.
  return lists.flat().sort((a, b) => a - b)
}
