// Issue 23 item 6: what splits a batched GraphQL request (a JSON array of operations) into parts loads
// with the first batch, not with `import 'mocklib'`. Every test imports mocklib afresh (vi.resetModules),
// so the batch it sends right after listen(), in the same tick, is the one that loads that code; the
// same batch follows with the code loaded, and both must end alike, including a batch a part of which
// no handler answers, one whose resolver throws, and one the client aborts.
import nodeHttp from 'node:http'
import { expect, it, vi } from 'vitest'
import { closeServerAfterEach, failOnUnhandledRejection } from './support/harness.js'

failOnUnhandledRejection()

const closeAfterTest = closeServerAfterEach()

const endpoint = 'http://api.example.test/graphql'

/** A fresh mocklib, listening, with two query handlers (one of which throws). */
async function listenFresh() {
  vi.resetModules()
  const { graphql, HttpResponse } = await import('mocklib')
  const { setupServer } = await import('mocklib/node')
  const server = setupServer(
    graphql.query('Greeting', ({ variables }) => HttpResponse.json({ data: { greeting: `hello ${String(variables.name)}` } })),
    graphql.query('Broken', () => {
      throw new Error('resolver failed')
    }),
  )
  server.listen({ onUnhandledRequest: 'error' })
  closeAfterTest(server)
}

const batchOf = (...names: string[]) => JSON.stringify(names.map((name) => ({ query: `query ${name} { greeting }`, variables: { name: 'ada' }, operationName: name })))

/** What global fetch got for a batch: status, content type and body (or the error). */
async function fetchBatch(body: string, signal?: AbortSignal): Promise<unknown> {
  try {
    const response = await fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal })
    return { status: response.status, type: response.headers.get('content-type'), body: await response.json() }
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` }
  }
}

/** What node:http got for a batch. */
function postBatch(body: string): Promise<unknown> {
  return new Promise((resolve) => {
    const request = nodeHttp.request(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' } }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.on('end', () => resolve({ status: response.statusCode, type: response.headers['content-type'], body: JSON.parse(text) }))
    })
    request.on('error', (error) => resolve({ error: error.message }))
    request.end(body)
  })
}

it('the first batch (global fetch), sent in the tick of listen(), is answered like the next', async () => {
  await listenFresh()
  const first = await fetchBatch(batchOf('Greeting', 'Greeting'))
  expect(first).toEqual({ status: 200, type: 'application/json', body: [{ data: { greeting: 'hello ada' } }, { data: { greeting: 'hello ada' } }] })
  expect(await fetchBatch(batchOf('Greeting', 'Greeting'))).toEqual(first)
})

it('the first batch (node:http), sent in the tick of listen(), is answered like the next', async () => {
  await listenFresh()
  const first = await postBatch(batchOf('Greeting'))
  expect(first).toEqual({ status: 200, type: 'application/json', body: [{ data: { greeting: 'hello ada' } }] })
  expect(await postBatch(batchOf('Greeting'))).toEqual(first)
})

it('a first batch with a part no handler answers and a part whose resolver throws ends like the next', async () => {
  await listenFresh()
  const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
  const body = batchOf('Greeting', 'Unknown', 'Broken')
  const first = (await fetchBatch(body)) as { status: number; body: { errors?: { message: string }[] }[] }
  expect(first.status).toBe(200)
  expect(first.body[0]).toEqual({ data: { greeting: 'hello ada' } })
  expect(first.body[1]!.errors![0]!.message).toMatch(/No request handler answered query Unknown of this batch/)
  expect(first.body[2]!.errors![0]!.message).toMatch(/Broken/)
  expect(await fetchBatch(body)).toEqual(first)
  // Each throw prints the error itself, then mocklib's hint (as msw 2.15 prints it): the same for both batches.
  expect(printed).toHaveBeenCalledTimes(4)
  expect(printed.mock.calls[0]).toEqual(printed.mock.calls[2])
  printed.mockRestore()
})

it('a first batch the client aborts while it loads fails like the next', async () => {
  await listenFresh()
  const aborted = () => {
    const controller = new AbortController()
    const outcome = fetchBatch(batchOf('Greeting'), controller.signal)
    controller.abort()
    return outcome
  }
  const first = await aborted()
  expect(first).toEqual({ error: 'AbortError: This operation was aborted' })
  expect(await aborted()).toEqual(first)
})
