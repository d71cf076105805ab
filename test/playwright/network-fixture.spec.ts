// createNetworkFixture in Playwright Test: each test's browser context is
// answered by the shared handlers plus its own overrides, in the test's Node
// process; the app itself is a real 127.0.0.1 server (support/app-server.ts).
import { http, HttpResponse, mock, passthrough, ws } from '../../src/api/index.js'
import { expect, test } from './support/fixtures.js'

test('shows the post from the shared handlers (relative path, baseURL page)', async ({ page, network, app }) => {
  await page.goto('/posts/1')
  await expect(page.locator('#title')).toHaveText('Post 1')
  expect(network.unhandledRequests()).toEqual([])
  expect(app.hits.slice(-2)).toEqual(['GET /posts/1', 'GET /app.js'])
})

test('network.use() overrides for this test only, with mock history', async ({ page, network }) => {
  network.use(mock.get('/api/posts/:id').reply(200, { title: 'Overridden' }))
  await page.goto('/posts/2')
  await expect(page.locator('#title')).toHaveText('Overridden')
  network.assertDone()
})

// Both use the shared `once` handler: each test starts with it re-armed, whichever runs first.
for (const name of ['first', 'second']) {
  test(`a shared once handler answers the ${name} test too`, async ({ page }) => {
    await page.goto('/blank')
    const read = () => page.evaluate(() => fetch('/api/once').then((response) => response.text(), (error: Error) => error.name))
    expect(await read()).toBe('first')
    // Used up within the test: the next request is unhandled ("error": a network error).
    expect(await read()).toBe('TypeError')
  })
}

test('an unhandled request fails in the page under "error" and is reported, without failing the test at teardown', async ({ page, network }) => {
  await page.goto('/blank')
  const outcome = await page.evaluate(() => fetch('/api/unknown').then(() => 'answered', (error: Error) => error.name))
  expect(outcome).toBe('TypeError')
  expect(network.unhandledRequests().map((record) => new URL(record.url).pathname)).toEqual(['/api/unknown'])
})

test('a ws.link handler answers the page socket', async ({ page, network }) => {
  const chat = ws.link('ws://chat.example.test/live')
  network.use(chat.addEventListener('connection', ({ client }) => client.addEventListener('message', (event) => client.send(`echo ${String(event.data)}`))))
  await page.goto('/blank')
  const reply = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const socket = new WebSocket('ws://chat.example.test/live')
        socket.onopen = () => socket.send('hi')
        socket.onmessage = (event) => resolve(String(event.data))
      }),
  )
  expect(reply).toBe('echo hi')
})

test('record() gives the HAR of what the network answered', async ({ page, network }) => {
  network.use(http.get('/real/*', () => passthrough()))
  await page.goto('/blank')
  const recording = network.record()
  await page.evaluate(() => fetch('/real/data').then((response) => response.json()))
  await recording.settled()
  const har = recording.stop()
  expect(har.log.entries.map((entry) => new URL(entry.request.url).pathname)).toEqual(['/real/data'])
})

// Each parallel worker has its own handlers: a value set here is never seen by the other worker's tests.
for (const worker of ['a', 'b', 'c', 'd']) {
  test(`parallel test ${worker} sees only its own override`, async ({ page, network }) => {
    network.use(http.get('/api/who', async () => {
      await new Promise((resolve) => setTimeout(resolve, 30))
      return HttpResponse.text(worker)
    }))
    await page.goto('/blank')
    const seen = await page.evaluate(() => Promise.all([1, 2, 3].map(() => fetch('/api/who').then((response) => response.text()))))
    expect(seen).toEqual([worker, worker, worker])
  })
}
