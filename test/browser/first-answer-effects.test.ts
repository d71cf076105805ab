import { expect, it } from 'vitest'
import { browserSuite } from './harness.js'

// What setupWorker does with answers (the console log of a mocked request, its Set-Cookie in
// document.cookie, the page's cookies given to resolvers, the unhandled-request warning) loads in a
// chunk of its own, which start() awaits. The first request right after start() must meet it as the
// next one does: the same log, the same cookies, the same warning. In both modes.
const suite = browserSuite()

interface Round {
  mocked: string
  cookie: string
  seenCookie: string
  unmatched: string
}

async function twoRounds(interception: 'service-worker' | 'in-page'): Promise<Round[]> {
  return suite.page.evaluate(async (mode) => {
    const { setupWorker, http, HttpResponse } = window.mocklib
    let round = 0
    window.worker = setupWorker(
      http.get('/api/login', () => HttpResponse.text('welcome', { headers: { 'set-cookie': `session=round${++round}; Path=/` } })),
      http.get('/api/whoami', ({ cookies }) => HttpResponse.text(cookies.session ?? 'nobody')),
    )
    await window.worker.start({ interception: mode, onUnhandledRequest: 'warn' })
    const rounds: Round[] = []
    for (let index = 0; index < 2; index++) {
      const mocked = await fetch('/api/login').then((response) => response.text())
      const cookie = document.cookie
      const seenCookie = await fetch('/api/whoami').then((response) => response.text())
      const unmatched = await fetch('/real/unmatched').then((response) => String(response.status))
      rounds.push({ mocked, cookie, seenCookie, unmatched })
    }
    await window.worker.stop()
    return rounds
  }, interception)
}

for (const interception of ['service-worker', 'in-page'] as const) {
  it(`${interception}: the first mocked answer is logged, its cookie stored and read, and the first unhandled request warned about, like the next`, async () => {
    const [first, next] = await twoRounds(interception)
    expect(first).toEqual({ mocked: 'welcome', cookie: 'session=round1', seenCookie: 'round1', unmatched: '200' })
    expect(next).toEqual({ mocked: 'welcome', cookie: 'session=round2', seenCookie: 'round2', unmatched: '200' })
    const logged = suite.browser.console.filter((line) => line.includes('[mocklib]') && line.includes('GET /api/login'))
    expect(logged).toHaveLength(2)
    expect(logged[0]!.replace(/\d\d:\d\d:\d\d/, 'hh:mm:ss')).toBe(logged[1]!.replace(/\d\d:\d\d:\d\d/, 'hh:mm:ss'))
    expect(logged[0]).toContain('(%c200 OK%c)')
    const warned = suite.browser.console.filter((line) => line.startsWith('warning:') && line.includes('without a matching request handler'))
    expect(warned).toEqual([0, 1].map(() => expect.stringContaining(`GET ${suite.server.origin}/real/unmatched`)))
  })
}
