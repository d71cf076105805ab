import { isUtf8 } from 'node:buffer'
import { knownBodyOf } from '../../kernel/index.js'
import type { ServedExchange } from '../../kernel/node/served/index.js'
import type { ServedBody, ServedRequest } from './served-request.js'

const JOURNAL_BODY_LIMIT = 64 * 1024

type JournalEvent = { readonly type: 'request' | 'update'; readonly entry: ServedRequest } | { readonly type: 'reset' }

const TEXT_TYPE = /^text\/|[+/](json|xml|javascript|x-www-form-urlencoded|graphql)\b|^application\/(json|xml|javascript|ecmascript)/i

/**
 * A bounded ring, so a long-running server does not grow without end. Entries are added when the head of the
 * answer is written; the bodies follow once read (a streamed answer keeps streaming meanwhile), as an `update`.
 */
export class Journal {
  readonly #entries: ServedRequest[] = []
  readonly #listeners = new Set<(event: JournalEvent) => void>()

  constructor(readonly limit: number) {}

  list(): readonly ServedRequest[] {
    return [...this.#entries]
  }

  find(id: string): ServedRequest | undefined {
    return this.#entries.find((entry) => entry.id === id)
  }

  clear(): void {
    this.#entries.length = 0
    this.#emit({ type: 'reset' })
  }

  subscribe(listener: (event: JournalEvent) => void): () => void {
    this.#listeners.add(listener)
    return () => void this.#listeners.delete(listener)
  }

  /** Before the body is read for the client. */
  add(exchange: ServedExchange, response: Response): void {
    if (this.limit <= 0) return
    const entry: ServedRequest = {
      id: exchange.id,
      method: exchange.method,
      url: exchange.url.href,
      startedAt: exchange.startedAt,
      durationMs: Date.now() - exchange.startedAt,
      status: response.type === 'error' ? 0 : response.status,
      outcome: exchange.outcome ?? 'mocked',
      ...(exchange.handler && { handler: { kind: exchange.handler.kind, header: exchange.handler.header, ...(exchange.handler.source !== undefined && { source: exchange.handler.source }) } }),
      ...(exchange.failure !== undefined && { failure: exchange.failure }),
      request: { headers: pairs(exchange.incoming.rawHeaders) },
      response: { headers: response.type === 'error' ? [] : [...response.headers] },
    }
    const requestType = exchange.incoming.headers['content-type']
    if (exchange.body !== undefined) entry.request.body = keep(exchange.body, exchange.body.length, requestType)
    // A body made from a string is known now (and read from no stream): the entry is complete at once.
    const known = response.type === 'error' ? undefined : knownBodyOf(response)
    if (known !== undefined) entry.response.body = keepText(known, response.headers.get('content-type') ?? undefined)
    this.#entries.push(entry)
    if (this.#entries.length > this.limit) this.#entries.shift()
    this.#emit({ type: 'request', entry })
    if (known !== undefined || response.type === 'error' || response.body === null) return
    void readKept(response.clone(), response.headers.get('content-type') ?? undefined).then((body) => {
      entry.response.body = body
      if (this.#entries.includes(entry)) this.#emit({ type: 'update', entry })
    })
  }

  #emit(event: JournalEvent): void {
    for (const listener of this.#listeners) listener(event)
  }
}

function pairs(raw: readonly string[]): [string, string][] {
  const result: [string, string][] = []
  for (let index = 0; index < raw.length; index += 2) result.push([raw[index]!.toLowerCase(), raw[index + 1]!])
  return result
}

/** At most `JOURNAL_BODY_LIMIT` bytes, then lets go of the copy (an endless stream included). */
async function readKept(copy: Response, contentType: string | undefined): Promise<ServedBody | undefined> {
  const reader = copy.body!.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    while (size <= JOURNAL_BODY_LIMIT) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(value)
      size += value.length
    }
  } catch {
    // The client's side failed too; what was read is what there is.
  }
  void reader.cancel().catch(() => {})
  return keep(Buffer.concat(chunks, size), size, contentType)
}

/** Kept as it is when it fits: no bytes to make and decode again on every request. */
function keepText(text: string, contentType: string | undefined): ServedBody {
  const size = Buffer.byteLength(text)
  return size <= JOURNAL_BODY_LIMIT ? { text, size } : keep(Buffer.from(text), size, contentType)
}

function keep(bytes: Uint8Array, size: number, contentType: string | undefined): ServedBody {
  const kept = bytes.subarray(0, JOURNAL_BODY_LIMIT)
  const truncated = size > JOURNAL_BODY_LIMIT
  const textual = contentType === undefined ? isUtf8(kept) : TEXT_TYPE.test(contentType)
  const text = textual ? new TextDecoder().decode(kept) : Buffer.from(kept).toString('base64')
  return { text, size, ...(!textual && { encoding: 'base64' as const }), ...(truncated && { truncated }) }
}
