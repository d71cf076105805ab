import { expect, it } from 'vitest'
import { browserSuite, buildWorker, reload } from './harness.js'

// Handler changes, start/stop, reloads, tabs, and the worker version check.
const suite = browserSuite(async () => ({ '/old-worker.js': await buildWorker('0.0.1-old') }))

const startWithUser = () =>
  suite.page.evaluate(async () => {
    const { setupWorker, http, HttpResponse } = window.mocklib
    window.worker = setupWorker(http.get('/real/user', () => HttpResponse.json({ source: 'initial' })))
    await window.worker.start({ quiet: true, onUnhandledRequest: 'bypass' })
  })

const user = () => suite.page.evaluate(async () => ((await (await fetch('/real/user')).json()) as { source: string }).source)

it('use() overrides at run time; resetHandlers() drops overrides or replaces the initial handlers', async () => {
  await startWithUser()
  const sources = [await user()]
  await suite.page.evaluate(() => {
    const { http, HttpResponse } = window.mocklib
    window.worker.use(http.get('/real/user', () => HttpResponse.json({ source: 'override' })))
  })
  sources.push(await user())
  await suite.page.evaluate(() => window.worker.resetHandlers())
  sources.push(await user())
  await suite.page.evaluate(() => {
    const { http, HttpResponse } = window.mocklib
    window.worker.resetHandlers(http.get('/real/user', () => HttpResponse.json({ source: 'replaced' })))
  })
  sources.push(await user())
  const headers = await suite.page.evaluate(() => window.worker.listHandlers().map((handler) => handler.info.header))
  expect(sources).toEqual(['initial', 'override', 'initial', 'replaced'])
  expect(headers).toEqual(['GET /real/user'])
})

it('after stop() requests reach the network; start() works again; stop() twice is harmless', async () => {
  await startWithUser()
  expect(await user()).toBe('initial')
  await suite.page.evaluate(() => window.worker.stop())
  expect(await user()).toBe('network')
  await suite.page.evaluate(() => window.worker.stop())
  await suite.page.evaluate(() => window.worker.start({ quiet: true }))
  expect(await user()).toBe('initial')
  const second = await suite.page.evaluate(() => window.worker.start().then(() => 'started', (error: Error) => error.message))
  expect(second).toContain('worker.start() was called while mocking already runs')
})

it('a reload keeps mocking once start() runs again (and not before)', async () => {
  await startWithUser()
  expect(await user()).toBe('initial')
  await reload(suite.page)
  expect(await user()).toBe('network')
  await startWithUser()
  expect(await user()).toBe('initial')
})

it('answers each tab only from its own handlers; a tab without mocking reaches the network', async () => {
  const second = await suite.browser.newPage()
  const third = await suite.browser.newPage()
  const start = (page: typeof second, name: string) =>
    page.evaluate(async (source) => {
      const { setupWorker, http, HttpResponse } = window.mocklib
      window.worker = setupWorker(http.get('/real/user', () => HttpResponse.json({ source })))
      await window.worker.start({ quiet: true })
    }, name)
  await start(suite.page, 'tab one')
  await start(second, 'tab two')
  const read = (page: typeof second) => page.evaluate(async () => ((await (await fetch('/real/user')).json()) as { source: string }).source)
  expect(await Promise.all([read(suite.page), read(second), read(third), read(suite.page), read(second)])).toEqual([
    'tab one',
    'tab two',
    'network',
    'tab one',
    'tab two',
  ])
})

it('refuses a worker script from another mocklib version, saying to run init again', async () => {
  const error = await suite.page.evaluate(async () => {
    const { setupWorker } = window.mocklib
    window.worker = setupWorker()
    return window.worker.start({ serviceWorker: { url: '/old-worker.js' } }).then(() => 'started', (reason: Error) => reason.message)
  })
  expect(error).toContain('comes from mocklib 0.0.1-old, but this page runs mocklib 0.0.0-test')
  expect(error).toContain('npx mocklib init')
})

it('falls back to in-page interception when registration fails, and says so once', async () => {
  const result = await suite.page.evaluate(async () => {
    const { setupWorker, http, HttpResponse } = window.mocklib
    window.worker = setupWorker(http.get('/real/user', () => HttpResponse.json({ source: 'fallback' })))
    const { mode } = await window.worker.start({ quiet: false, serviceWorker: { url: '/missing-worker.js' } })
    const body = (await (await fetch('/real/user')).json()) as { source: string }
    await window.worker.stop()
    await window.worker.start({ serviceWorker: { url: '/missing-worker.js' } })
    return { mode, source: body.source }
  })
  expect(result).toEqual({ mode: 'in-page', source: 'fallback' })
  const notices = suite.browser.console.filter((line) => line.includes('Mocking fetch and XMLHttpRequest inside the page instead'))
  expect(notices).toHaveLength(1)
  expect(notices[0]).toContain('npx mocklib init')
})

it("interception: 'service-worker' rejects instead of falling back", async () => {
  const error = await suite.page.evaluate(async () => {
    const worker = window.mocklib.setupWorker()
    return worker.start({ interception: 'service-worker', serviceWorker: { url: '/missing-worker.js' } }).then(() => 'started', (reason: Error) => reason.name)
  })
  expect(error).toBe('TypeError')
})

it('one worker mocks a page at a time: a second runtime must wait for stop()', async () => {
  const result = await suite.page.evaluate(async () => {
    const { setupWorker, http, HttpResponse } = window.mocklib
    const first = setupWorker(http.get('/real/user', () => HttpResponse.json({ source: 'first' })))
    const second = setupWorker(http.get('/real/user', () => HttpResponse.json({ source: 'second' })))
    await first.start({ quiet: true })
    const refused = await second.start({ quiet: true }).then(() => 'started', (error: Error) => error.message)
    await first.stop()
    await second.start({ quiet: true })
    const source = ((await (await fetch('/real/user')).json()) as { source: string }).source
    return { refused, source }
  })
  expect(result.refused).toContain('Another mocklib worker already runs in this page')
  expect(result.source).toBe('second')
})
