// Issue 36 item 1: `stop()` holds every exchange whose response arrived, whether
// the client read its body, read half of it, or never touched it (a test that
// checks only `response.status`, axios with `responseType: 'stream'` left unread).
// The recorder reads its own copy of each body; a body still arriving at `stop()`
// is recorded as far as it came, with an entry comment saying it was cut. Every
// client, against a real 127.0.0.1 server, on both fetch layers (this file runs
// in the vitest projects `fast` and `socket`); `fromHar` of each stopped
// recording replays every exchange. Nothing is left running: a server that
// streams forever does not hold `stop()`, and a script whose bodies are never
// read ends by itself once it has stopped its recording and closed its server.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import nodeHttp, { type IncomingMessage } from 'node:http'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import axios from 'axios'
import { build } from 'esbuild'
import { fromHar, type Har, type HarEntry } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { fetch as undiciFetch, request as undiciRequest } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { failOnUnhandledRejection, useLocalServer } from './support/harness.js'

/** A body larger than one read, small enough for every layer's connection buffers. */
const WHOLE = 'w'.repeat(6_000)
const FIRST = 'first part;'
const REST = 'the rest'

/** Streams on `/stream?id=…` hold their rest until the test releases them. */
const held = new Map<string, () => void>()
const release = (id: string) => {
  held.get(id)?.()
  held.delete(id)
}
const forever = new Set<NodeJS.Timeout>()

const real = useLocalServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://x')
  response.setHeader('content-type', 'text/plain')
  if (url.pathname === '/whole') return void response.end(WHOLE)
  if (url.pathname === '/stream') {
    // No Content-Length: the body ends when the server ends it.
    response.write(FIRST)
    held.set(url.searchParams.get('id')!, () => response.end(REST))
    return
  }
  // '/forever': a chunk every 5 ms until the connection goes.
  response.write('tick;')
  const timer = setInterval(() => response.write('tick;'), 5)
  forever.add(timer)
  response.on('close', () => {
    clearInterval(timer)
    forever.delete(timer)
  })
})
failOnUnhandledRejection()

/** One response as a client holds it: its status, and its body read as the test says. */
interface Held {
  readonly status: number
  /** Reads until at least `text` has come (the first part of a stream). */
  readUntil(text: string): Promise<string>
  /** Reads the body to its end. */
  readAll(): Promise<string>
  /** Lets the body go without reading it (for the end of a test). */
  drop(): void
}

type HoldingClient = (url: string) => Promise<Held>

/** A Node stream body (node:http's IncomingMessage, undici.request's body, axios' stream), read as asked and no further. */
function heldNodeStream(status: number, stream: Readable): Held {
  let text = ''
  return {
    status,
    async readUntil(wanted) {
      while (!text.includes(wanted)) {
        const chunk = stream.read() as Buffer | null
        if (chunk === null) await once(stream, 'readable')
        else text += chunk.toString('utf8')
      }
      return text
    },
    async readAll() {
      stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
      await once(stream, 'end')
      return text
    },
    // undici.request's body fails with an AbortError when destroyed unread: expected here.
    drop: dropStream(stream),
  }
}

const viaFetchOf = (fetchOf: typeof fetch): HoldingClient => async (url) => {
  const response = await fetchOf(url)
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let text = ''
  return {
    status: response.status,
    async readUntil(wanted) {
      while (!text.includes(wanted)) text += decoder.decode((await reader.read()).value, { stream: true })
      return text
    },
    async readAll() {
      for (let part = await reader.read(); !part.done; part = await reader.read()) text += decoder.decode(part.value, { stream: true })
      return text
    },
    drop: () => void reader.cancel().catch(() => {}),
  }
}

const viaNodeHttp: HoldingClient = (url) =>
  new Promise((resolve, reject) => {
    const request = nodeHttp.get(url, (response: IncomingMessage) => resolve(heldNodeStream(response.statusCode ?? 0, response)))
    request.on('error', reject)
  })

const viaUndiciRequest: HoldingClient = async (url) => {
  const response = await undiciRequest(url)
  return heldNodeStream(response.statusCode, response.body)
}

const viaAxios: HoldingClient = async (url) => {
  const response = await axios.get<Readable>(url, { responseType: 'stream' })
  return heldNodeStream(response.status, response.data)
}

const clients: ReadonlyArray<readonly [string, HoldingClient]> = [
  ['fetch', viaFetchOf(fetch)],
  ['node:http', viaNodeHttp],
  ['undici.request', viaUndiciRequest],
  ['undici.fetch', viaFetchOf(undiciFetch as unknown as typeof fetch)],
  ['axios', viaAxios],
]

/**
 * Each client's own call, then `stop()` in the very continuation of its `await`: what a test that
 * checks only the status and then stops does. Returns the HAR and a way to let the unread body go.
 */
type StatusThenStop = (url: string, stop: () => Har) => Promise<{ status: number; har: Har; drop(): void }>

const dropStream = (stream: Readable) => () => {
  stream.on('error', () => {})
  stream.destroy()
}

const statusThenStop: Record<string, StatusThenStop> = {
  async fetch(url, stop) {
    const response = await fetch(url)
    return { status: response.status, har: stop(), drop: () => void response.body?.cancel().catch(() => {}) }
  },
  'node:http': (url, stop) =>
    new Promise((resolve, reject) => {
      nodeHttp.get(url, (response) => resolve({ status: response.statusCode ?? 0, har: stop(), drop: dropStream(response) })).on('error', reject)
    }),
  async 'undici.fetch'(url, stop) {
    const response = await undiciFetch(url)
    return { status: response.status, har: stop(), drop: () => void response.body?.cancel().catch(() => {}) }
  },
  async 'undici.request'(url, stop) {
    const { statusCode, body } = await undiciRequest(url)
    return { status: statusCode, har: stop(), drop: dropStream(body) }
  },
  async axios(url, stop) {
    const response = await axios.get<Readable>(url, { responseType: 'stream' })
    return { status: response.status, har: stop(), drop: dropStream(response.data) }
  },
}

const layer = process.env.MOCKLIB_FETCH_LAYER ?? 'fast'
let serial = 0
const uniqueId = (name: string) => `${layer}-${name}-${serial++}`

/** Polls until `ready()` (the recorder completes entries on its own, without the client). */
async function until(ready: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

/** The request URL's path and query, to name entries. */
const pathOf = (entry: HarEntry) => {
  const url = new URL(entry.request.url)
  return url.pathname + url.search
}

/** Each entry of `har`, asked again through `client` with only `fromHar(har)` to answer: it gets the recorded status and body. */
async function expectReplayed(har: Har, client: HoldingClient): Promise<void> {
  const replay = setupServer(...fromHar(har))
  replay.listen({ onUnhandledRequest: 'error' })
  try {
    const hits = real.received.length
    for (const entry of har.log.entries) {
      const answer = await client(entry.request.url)
      expect(answer.status, `replayed status of ${pathOf(entry)}`).toBe(entry.response.status)
      expect(await answer.readAll(), `replayed body of ${pathOf(entry)}`).toBe(entry.response.content.text)
    }
    expect(real.received.length, 'requests the replay let through to the real server').toBe(hits)
  } finally {
    replay.close()
  }
}

describe(`stop() holds every exchange whose response arrived (${layer} fetch layer)`, () => {
  for (const [name, client] of clients) {
    it(`${name}: body read, not read, half read; stopped while streaming; all replayed by fromHar`, async () => {
      const server = setupServer()
      server.listen({ onUnhandledRequest: 'bypass' })
      const dropped: Held[] = []
      let har: Har
      try {
        const recording = server.record()

        // Read to the end.
        const read = await client(`${real.origin}/whole?mode=read&client=${name}`)
        expect(await read.readAll()).toBe(WHOLE)

        // Never read: the entry completes as the body arrives, the client still not reading.
        const unread = await client(`${real.origin}/whole?mode=unread&client=${name}`)
        expect(unread.status).toBe(200)
        dropped.push(unread)
        await until(() => recording.size === 2, 'the unread body recorded whole')

        // Half read: the client stops after the first part; the rest arrives and is recorded all the same.
        const halfId = uniqueId(name)
        const half = await client(`${real.origin}/stream?id=${halfId}&mode=half`)
        expect(await half.readUntil(FIRST)).toBe(FIRST)
        dropped.push(half)
        release(halfId)
        await until(() => recording.size === 3, 'the half-read body recorded whole')

        // Still streaming at stop(): recorded as far as it came, and said to be cut.
        const cutId = uniqueId(name)
        const cut = await client(`${real.origin}/stream?id=${cutId}&mode=cut`)
        expect(await cut.readUntil(FIRST)).toBe(FIRST)
        dropped.push(cut)
        // The recorder's copy is in step with the client's within a turn of the event loop.
        await new Promise((resolve) => setTimeout(resolve, 20))

        har = recording.stop()
        release(cutId)
      } finally {
        for (const body of dropped) body.drop()
        server.close()
      }

      const byMode = new Map(har.log.entries.map((entry) => [new URL(entry.request.url).searchParams.get('mode'), entry]))
      expect([...byMode.keys()]).toEqual(['read', 'unread', 'half', 'cut'])
      for (const mode of ['read', 'unread', 'half']) expect(byMode.get(mode)!.comment, `${mode}: a whole body has no cut comment`).toBeUndefined()
      expect(byMode.get('read')!.response.content.text).toBe(WHOLE)
      expect(byMode.get('unread')!.response.content.text).toBe(WHOLE)
      expect(byMode.get('half')!.response.content.text).toBe(FIRST + REST)
      const cutEntry = byMode.get('cut')!
      expect(cutEntry.response.content.text).toBe(FIRST)
      expect(cutEntry.comment).toBe('[mocklib] body cut: the response body has only the 11 bytes that had arrived; the recording stopped while it was still arriving.')

      await expectReplayed(har, client)
    })

    it(`${name}: stop() right after the status holds the exchange, its body whole or marked cut`, async () => {
      const server = setupServer()
      server.listen({ onUnhandledRequest: 'bypass' })
      let answer: Awaited<ReturnType<StatusThenStop>> | undefined
      try {
        const recording = server.record()
        answer = await statusThenStop[name]!(`${real.origin}/whole?mode=status-only&client=${name}`, () => recording.stop())
      } finally {
        answer?.drop()
        server.close()
      }
      expect(answer.status).toBe(200)
      const { har } = answer
      expect(har.log.entries).toHaveLength(1)
      const [entry] = har.log.entries as [HarEntry]
      expect(entry.response.status).toBe(200)
      const text = entry.response.content.text ?? ''
      // Whatever had arrived when stop() ran: all of it, or a part said to be cut.
      if (entry.comment === undefined) expect(text).toBe(WHOLE)
      else {
        expect(WHOLE.startsWith(text)).toBe(true)
        expect(entry.comment).toMatch(/^\[mocklib\] body cut: the response body has only the \d+ bytes that had arrived/)
      }
      await expectReplayed(har, clients.find(([other]) => other === name)![1])
    })

    it(`${name}: a server that streams forever does not hold stop(), and the recorder stops reading it`, async () => {
      const server = setupServer()
      server.listen({ onUnhandledRequest: 'bypass' })
      let held: Held | undefined
      try {
        const recording = server.record()
        held = await client(`${real.origin}/forever?client=${name}`)
        await held.readUntil('tick;')
        await new Promise((resolve) => setTimeout(resolve, 30))
        const har = recording.stop()
        const text = har.log.entries[0]!.response.content.text!
        expect(text).toMatch(/^(tick;)+$/)
        expect(har.log.entries[0]!.comment).toMatch(/^\[mocklib\] body cut: /)
        // Nothing is left to wait for once stopped.
        await expect(Promise.race([recording.settled().then(() => 'settled'), new Promise((resolve) => setTimeout(resolve, 1_000, 'waiting'))])).resolves.toBe('settled')
      } finally {
        held?.drop()
        server.close()
      }
      await until(() => forever.size === 0, 'the forever stream closed once the client let it go')
    })
  }
})

describe('a script whose bodies are never read', () => {
  const repository = fileURLToPath(new URL('../..', import.meta.url))
  let directory = ''

  // Each client leaves its body unread; the script stops its recording, closes its server and must end by itself.
  const CHILD_SCRIPT = `
import nodeHttp from 'node:http'
import axios from 'axios'
import { fetch as undiciFetch, request as undiciRequest } from 'undici'
import { setupServer } from './mocklib.mjs'

const origin = process.argv[2]
const server = setupServer()
server.listen({ onUnhandledRequest: 'bypass' })
const recording = server.record()
const statuses = [
  (await fetch(origin + '/whole?client=fetch')).status,
  await new Promise((resolve) => nodeHttp.get(origin + '/whole?client=node-http', (response) => resolve(response.statusCode))),
  (await undiciRequest(origin + '/whole?client=undici')).statusCode,
  (await axios.get(origin + '/whole?client=axios', { responseType: 'stream' })).status,
]
await new Promise((resolve) => setTimeout(resolve, 100))
const har = recording.stop()
server.close()
process.stdout.write(JSON.stringify({ statuses, bodies: har.log.entries.map((entry) => entry.response.content.text.length) }))
`

  beforeAll(async () => {
    const cacheRoot = join(repository, 'node_modules', '.cache')
    mkdirSync(cacheRoot, { recursive: true })
    directory = mkdtempSync(join(cacheRoot, 'mocklib-record-unread-'))
    const entry = join(directory, 'entry.ts')
    writeFileSync(entry, `export * from '${join(repository, 'src/api/index.ts')}'\nexport * from '${join(repository, 'src/api/node.ts')}'\n`)
    await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile: join(directory, 'mocklib.mjs'), logLevel: 'silent' })
    writeFileSync(join(directory, 'child.mjs'), CHILD_SCRIPT)
  })
  afterAll(() => {
    if (directory !== '') rmSync(directory, { recursive: true, force: true })
  })

  it('ends by itself after stop() and close(), with every exchange recorded whole', async () => {
    // The vitest project's layer variables (MOCKLIB_*_LAYER) are in process.env: the child runs on the same layers.
    const child = spawn(process.execPath, [join(directory, 'child.mjs'), real.origin], { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    const [code, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null]
    clearTimeout(timer)
    expect(signal, `the child was killed: it did not end within 10 s (stderr: ${stderr})`).toBeNull()
    expect(code, stderr).toBe(0)
    expect(JSON.parse(stdout)).toEqual({ statuses: [200, 200, 200, 200], bodies: [WHOLE.length, WHOLE.length, WHOLE.length, WHOLE.length] })
  }, 20_000)
})
