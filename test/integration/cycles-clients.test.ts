// Listen/close cycles that mix every client: a server that passed real traffic
// through is closed, and the next server (onUnhandledRequest: 'error') must see
// every request of every client. A real 127.0.0.1 server counts its hits: any
// hit while the second server listens is a request that escaped.
import { http, HttpResponse, passthrough } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, expect, it } from 'vitest'
import { clients, type Client, type ClientName } from './support/clients.js'
import { captureConsole, failOnUnhandledRejection, useLocalServer } from './support/harness.js'

const real = useLocalServer()
failOnUnhandledRejection()

const byName = new Map(clients)
const names = clients.map(([name]) => name)

/** Every ordered pair of distinct clients, then every client alone, then all five forwards and backwards. */
function orders(): ClientName[][] {
  const pairs = names.flatMap((first) => names.filter((second) => second !== first).map((second) => [first, second]))
  return [...pairs, ...names.map((name) => [name]), [...names], [...names].reverse()]
}

const CYCLES = 3
const servers: Array<{ close(): void }> = []
afterAll(() => {
  for (const server of servers) server.close()
})

/** One cycle: real traffic passed through by a first server, then a second server that must answer or refuse everything. */
async function cycle(order: readonly ClientName[], label: string): Promise<void> {
  const recording = setupServer(http.all(`${real.origin}/*`, () => passthrough()))
  servers.push(recording)
  recording.listen({ onUnhandledRequest: 'bypass' })
  try {
    for (const name of order) expect((await client(name)(`${real.origin}/through/${name}`)).body).toBe(`real GET /through/${name}`)
  } finally {
    recording.close()
  }

  const hitsBefore = real.received.length
  const replaying = setupServer(http.get(`${real.origin}/mocked`, () => HttpResponse.text('mocked')))
  servers.push(replaying)
  replaying.listen({ onUnhandledRequest: 'error' })
  try {
    // Every client, the ones that passed traffic through first.
    for (const name of [...order, ...names.filter((other) => !order.includes(other))]) {
      const send = client(name)
      expect((await send(`${real.origin}/mocked`)).body, `${label}: ${name} mocked`).toBe('mocked')
      await expect(send(`${real.origin}/unhandled`), `${label}: ${name} unhandled`).rejects.toThrow()
    }
  } finally {
    replaying.close()
  }
  expect(real.received.slice(hitsBefore).map(({ url }) => url), `${label}: requests that reached the real server`).toEqual([])
}

function client(name: ClientName): Client {
  return byName.get(name)!
}

for (const order of orders()) {
  it(`after passthrough by ${order.join(' then ')}: ${CYCLES} cycles, nothing reaches the network under 'error'`, async () => {
    const console = captureConsole()
    try {
      for (let round = 1; round <= CYCLES; round++) await cycle(order, `cycle ${round}`)
    } finally {
      console.restore()
    }
  })
}
