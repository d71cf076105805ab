// contract(document, { checkPassthrough: true }): what a real 127.0.0.1 server answers to requests sent on to
// it (passthrough(), handlers that fell through, unhandled requests let through) is checked against the
// document too, through every real Node client. The real answer is never held back: it is delivered as the
// network sent it (a stream keeps streaming), and its violations are kept and reported once its body arrived.
import { fileURLToPath } from 'node:url'
import { http, HttpResponse, passthrough } from 'mocklib'
import { setupServer, type SetupServerApi } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { contract, type ContractOptions, type ContractViolation } from '../../src/openapi/index.js'
import { clients } from './support/clients.js'
import { captureConsole, failOnUnhandledRejection, useLocalServer } from './support/harness.js'

const PETSTORE_30 = fileURLToPath(new URL('../openapi/fixtures/petstore-3.0.yaml', import.meta.url))
const PETSTORE_31 = fileURLToPath(new URL('../openapi/fixtures/petstore-3.1.json', import.meta.url))

// The real API has drifted from its document: an id that is text, a name that is a number, a status out of its enum.
const DRIFTED_PET = { id: 'seven', name: 7 }
const DRIFTED_LIST = [{ id: 1, name: 'Rex', status: 'lost' }]

let endStream: (() => void) | undefined
const real = useLocalServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname
  if (path === '/release') {
    endStream?.()
    return response.end('released')
  }
  response.setHeader('content-type', 'application/json')
  if (path === '/v1/pets/7') return response.end(JSON.stringify(DRIFTED_PET))
  if (path === '/v1/pets/1') return response.end(JSON.stringify({ id: 1, name: 'Rex' }))
  if (path === '/v1/pets') return response.end(JSON.stringify(DRIFTED_LIST))
  if (path === '/v2/pets/7') return response.end(JSON.stringify({ id: 7, name: 'Rex', kind: 'dog' }))
  if (path === '/v1/pets/mine') {
    // Half a body now, the rest only once the client asks for it: a body read whole before delivery would hang the client.
    response.write('[')
    endStream = () => response.end('{"id":1,"name":"Rex"}]')
    return
  }
  response.statusCode = 404
  response.end('{}')
})

failOnUnhandledRejection()

/** A server whose handlers send the Petstore's pets on to the real server; `/v1/pets` is left unhandled (let through). */
function listening(options: () => Promise<ContractOptions & { document?: string }>): { server: () => SetupServerApi } {
  let server: SetupServerApi
  beforeAll(async () => {
    const { document = PETSTORE_30, ...rest } = await options()
    server = setupServer(
      // A handler that answers nothing: the request falls through to the network.
      http.get(`${real.origin}/v1/pets/mine`, () => undefined),
      http.get(`${real.origin}/v1/pets/3`, () => HttpResponse.json({ id: 3, name: ['not', 'a', 'name'] })),
      http.get(`${real.origin}/v1/pets/:petId`, () => passthrough()),
      http.get(`${real.origin}/v2/pets/:petId`, () => passthrough()),
    )
    server.listen({ onUnhandledRequest: 'bypass', contract: await contract(document, rest) })
  })
  afterAll(() => server.close())
  return { server: () => server }
}

const summary = (violations: readonly unknown[]) =>
  (violations as ContractViolation[]).map((violation) => [violation.side, violation.part, violation.pointer, violation.rule, violation.fromNetwork]).sort()

describe("checkPassthrough under onViolation: 'error'", () => {
  const { server } = listening(async () => ({ baseUrl: `${real.origin}/v1`, checkPassthrough: true, onViolation: 'error' }))
  let console_: ReturnType<typeof captureConsole>
  beforeEach(() => (console_ = captureConsole()))
  afterEach(() => console_.restore())

  describe.each(clients)('through %s', (_name, client) => {
    it("passthrough(): the drifted real answer is delivered as sent, kept as a network-response violation, and printed with console.error", async () => {
      await server().boundary(async () => {
        const reply = await client(`${real.origin}/v1/pets/7`)
        expect(reply.status).toBe(200)
        expect(JSON.parse(reply.body)).toEqual(DRIFTED_PET)
        await vi.waitFor(() => expect(server().contractViolations()).toHaveLength(2))
        expect(summary(server().contractViolations())).toEqual([
          ['response', 'body', '/id', 'type', true],
          ['response', 'body', '/name', 'type', true],
        ])
        const [first] = server().contractViolations<ContractViolation>()
        expect(first!.message).toMatch(new RegExp(`^GET ${real.origin}/v1/pets/7 \\(showPetById\\): network response body at /(id|name): `))
        expect(() => server().assertContract()).toThrow(/2 contract violations:/)
      })()
      expect(console_.errors()).toHaveLength(1)
      expect(console_.errors()[0]).toContain("The network's answer breaks the OpenAPI contract (checkPassthrough)")
      expect(console_.errors()[0]).toContain('The response was delivered')
    })

    it('an unhandled request let through is checked too; a real answer that keeps the contract adds nothing', async () => {
      await server().boundary(async () => {
        expect(JSON.parse((await client(`${real.origin}/v1/pets/1`)).body)).toEqual({ id: 1, name: 'Rex' })
        expect(JSON.parse((await client(`${real.origin}/v1/pets?limit=5`)).body)).toEqual(DRIFTED_LIST)
        await vi.waitFor(() => expect(server().contractViolations()).toHaveLength(1))
        const [violation] = server().contractViolations<ContractViolation>()
        expect(violation).toMatchObject({ operation: 'listPets', side: 'response', part: 'body', pointer: '/0/status', rule: 'enum', fromNetwork: true })
        expect(violation!.message).toContain(`GET ${real.origin}/v1/pets?limit=5 (listPets): network response body at /0/status`)
      })()
    })
  })

  it('a mocked answer under the same contract still fails the request before it is delivered', async () => {
    const failure = await fetch(`${real.origin}/v1/pets/3`).then(
      () => undefined,
      (error: unknown) => error as TypeError & { cause?: Error },
    )
    // fetch puts the reason in the message, or (answered by the socket layer) in `cause`
    expect(`${failure?.message} ${failure?.cause?.message ?? ''}`).toContain(`GET ${real.origin}/v1/pets/3 (showPetById): response body at /name`)
  })

  it('a streamed real body still streams to the client (it reads the first chunk before the server ends it), and is checked once whole', async () => {
    await server().boundary(async () => {
      const response = await fetch(`${real.origin}/v1/pets/mine`)
      const reader = response.body!.getReader()
      const first = await reader.read()
      expect(new TextDecoder().decode(first.value)).toBe('[')
      await fetch(`${real.origin}/release`).then((released) => released.text())
      let rest = ''
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value)
      expect(JSON.parse(`[${rest}`)).toEqual([{ id: 1, name: 'Rex' }])
      // The positive control after it: its violations arrive, and the valid stream added none.
      await fetch(`${real.origin}/v1/pets/7`).then((drifted) => drifted.text())
      await vi.waitFor(() => expect(server().contractViolations()).toHaveLength(2))
      expect(server().contractViolations<ContractViolation>().every((violation) => violation.request.url.endsWith('/v1/pets/7'))).toBe(true)
    })()
  })
})

describe('without checkPassthrough, real answers are neither checked nor read', () => {
  const seen: ContractViolation[] = []
  const { server } = listening(async () => ({ baseUrl: `${real.origin}/v1`, onViolation: (violation) => seen.push(violation) }))

  it('the drifted real answer passes unseen; the drifted mock after it is caught', async () => {
    expect(JSON.parse(await (await fetch(`${real.origin}/v1/pets/7`)).text())).toEqual(DRIFTED_PET)
    await fetch(`${real.origin}/v1/pets?limit=5`).then((response) => response.text())
    await fetch(`${real.origin}/v1/pets/3`).then((response) => response.text())
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(seen.map((violation) => [violation.request.url, violation.pointer, violation.fromNetwork])).toEqual([[`${real.origin}/v1/pets/3`, '/name', undefined]])
    expect(server().contractViolations()).toHaveLength(1)
  })

  it('a streamed real body streams', async () => {
    const response = await fetch(`${real.origin}/v1/pets/mine`)
    const reader = response.body!.getReader()
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('[')
    await fetch(`${real.origin}/release`).then((released) => released.text())
    while (!(await reader.read()).done);
  })
})

describe("checkPassthrough under 'warn' and with a callback (OpenAPI 3.1)", () => {
  describe("'warn'", () => {
    listening(async () => ({ baseUrl: `${real.origin}/v1`, checkPassthrough: true, onViolation: 'warn' }))
    it('prints the violations with console.warn and delivers the answer', async () => {
      const console_ = captureConsole()
      try {
        expect(JSON.parse(await (await fetch(`${real.origin}/v1/pets/7`)).text())).toEqual(DRIFTED_PET)
        await vi.waitFor(() => expect(console_.warnings()).toHaveLength(1))
        expect(console_.warnings()[0]).toContain(`GET ${real.origin}/v1/pets/7 (showPetById): network response body at /id`)
        expect(console_.warnings()[0]).toContain('The response was delivered.')
        expect(console_.errors()).toEqual([])
      } finally {
        console_.restore()
      }
    })
  })

  describe('a callback', () => {
    const seen: ContractViolation[] = []
    listening(async () => ({ document: PETSTORE_31, baseUrl: `${real.origin}/v2`, checkPassthrough: true, onViolation: (violation) => seen.push(violation) }))
    it('receives each violation of the real answer', async () => {
      expect(JSON.parse(await (await fetch(`${real.origin}/v2/pets/7`)).text())).toEqual({ id: 7, name: 'Rex', kind: 'dog' })
      await vi.waitFor(() => expect(seen).toHaveLength(1))
      expect(seen[0]).toMatchObject({ operation: 'showPetById', side: 'response', part: 'body', pointer: '/kind', rule: 'const', fromNetwork: true })
    })
  })
})
