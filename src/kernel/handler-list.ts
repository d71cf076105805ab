import type { Channel, ExchangeContext, ExchangeKind, Handler, IndexKey } from './contracts.js'

type KeyTable = Map<string, number[]>
type KindIndex = Map<Channel<any>, KeyTable>

const NONE: readonly number[] = Object.freeze([])

/**
 * An immutable, ordered list of handlers, indexed on first use by kind, then channel key. A list may
 * extend another (`use()` prepends a few handlers to thousands) and indexes only its own leading handlers.
 */
export class HandlerList {
  readonly handlers: readonly Handler[]
  #index: Map<ExchangeKind, KindIndex> | undefined
  #channels: Map<ExchangeKind, readonly Channel<any>[]> | undefined
  readonly #base: HandlerList | undefined
  /** How many leading handlers are this list's own (the offset of the base's positions). */
  readonly #own: number

  /** `handlers` ends with `base.handlers`. */
  constructor(handlers: readonly Handler[], base?: HandlerList) {
    this.handlers = handlers
    this.#base = base
    this.#own = base === undefined ? handlers.length : handlers.length - base.handlers.length
  }

  get base(): HandlerList | undefined {
    return this.#base
  }

  /** Positions of the handlers of `kind` that may match `context`, in list order. */
  candidates(kind: ExchangeKind, context: ExchangeContext): readonly number[] | Promise<readonly number[]> {
    if (this.#base === undefined) return this.#ownCandidates(kind, context)
    const layers: KindIndex[] = []
    const offsets: number[] = []
    let offset = 0
    for (let list: HandlerList | undefined = this; list !== undefined; list = list.#base) {
      const index = list.#kindIndex(kind)
      if (index !== undefined) {
        layers.push(index)
        offsets.push(offset)
      }
      offset += list.#own
    }
    if (layers.length === 0) return NONE
    const found = layers.map((): number[][] => [])
    const file = (channel: Channel<any>, keys: readonly string[] | null): void => {
      for (let layer = 0; layer < layers.length; layer++) collect(layers[layer]!.get(channel), keys, found[layer]!)
    }
    let pending: Promise<void>[] | undefined
    for (const channel of this.channels(kind)) {
      // Asked once per channel, whichever layers hold its handlers.
      const keys = channel.requestKeys(context)
      if (keys instanceof Promise) (pending ??= []).push(keys.then((resolved) => file(channel, resolved)))
      else file(channel, keys)
    }
    // Layers cover consecutive ranges of positions: shifted and concatenated, they stay ascending.
    const join = (): readonly number[] => {
      const positions: number[] = []
      for (let layer = 0; layer < layers.length; layer++) for (const position of mergeAscending(found[layer]!)) positions.push(position + offsets[layer]!)
      return positions
    }
    if (pending === undefined) return join()
    return (pending.length === 1 ? pending[0]! : Promise.all(pending)).then(join)
  }

  #ownCandidates(kind: ExchangeKind, context: ExchangeContext): readonly number[] | Promise<readonly number[]> {
    const byChannel = this.#kindIndex(kind)
    if (byChannel === undefined) return NONE
    const found: number[][] = []
    let pending: Promise<void>[] | undefined
    for (const [channel, table] of byChannel) {
      const keys = channel.requestKeys(context)
      if (keys instanceof Promise) (pending ??= []).push(keys.then((resolved) => collect(table, resolved, found)))
      else collect(table, keys, found)
    }
    if (pending === undefined) return mergeAscending(found)
    // Usually one asynchronous channel (GraphQL reading the body): no Promise.all for it.
    return (pending.length === 1 ? pending[0]! : Promise.all(pending)).then(() => mergeAscending(found))
  }

  channels(kind: ExchangeKind): Iterable<Channel<any>> {
    const known = this.#channels?.get(kind)
    if (known !== undefined) return known
    const channels = new Set<Channel<any>>(this.#kindIndex(kind)?.keys())
    if (this.#base !== undefined) for (const channel of this.#base.channels(kind)) channels.add(channel)
    const list = [...channels]
    ;(this.#channels ??= new Map()).set(kind, list)
    return list
  }

  #kindIndex(kind: ExchangeKind): KindIndex | undefined {
    return (this.#index ??= buildIndex(this.handlers, this.#own)).get(kind)
  }
}

function buildIndex(handlers: readonly Handler[], count: number): Map<ExchangeKind, KindIndex> {
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
  for (let position = 0; position < count; position++) {
    const handler = handlers[position]!
    file(handler.kind, handler.indexKey, position)
    if (handler.alsoTakes !== undefined) for (const extra of handler.alsoTakes) file(extra.kind, extra.indexKey, position)
  }
  return index
}

function collect(table: KeyTable | undefined, keys: readonly string[] | null, found: number[][]): void {
  if (keys === null || table === undefined) return
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
