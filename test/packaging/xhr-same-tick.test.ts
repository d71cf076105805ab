// Issue 23 item 6, the first call like the next: a DOM test setup that calls listen() in the very tick
// `import 'mocklib/node'` finished (a setup file's top level) gets its first XMLHttpRequest answered at
// the XHR level, as every later one, although the interceptor's import() has not settled by then (it
// reads files; the test continues in microtasks). Run on the ES module build in a fresh Node process,
// with jsdom's globals: answered below the XHR level instead, a cross-origin answer without
// CORS headers fails jsdom's CORS check (an `error` event, status 0).
import { execFileSync } from 'node:child_process'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))
const dist = (file: string) => pathToFileURL(`${root}dist/${file}`).href

const script = `
  const { JSDOM } = await import('jsdom')
  // What a DOM test environment does: the window's names Node lacks become globals, and its events replace Node's.
  const { window } = new JSDOM('', { url: 'http://app.test/' })
  for (const name of Object.getOwnPropertyNames(window)) if (!(name in globalThis) || /^(Event|EventTarget|ProgressEvent)$/.test(name)) globalThis[name] = window[name]
  const { http, HttpResponse } = await import(${JSON.stringify(dist('index.js'))})
  const { setupServer } = await import(${JSON.stringify(dist('node.js'))})
  const server = setupServer(http.get('https://other.example.test/elsewhere', () => HttpResponse.text('no CORS headers')))
  server.listen({ onUnhandledRequest: 'error' })
  const send = () => new Promise((resolve) => {
    const request = new XMLHttpRequest()
    const events = []
    request.open('GET', 'https://other.example.test/elsewhere')
    for (const type of ['load', 'error']) request.addEventListener(type, () => events.push(type + ' ' + request.status + ' ' + request.responseText))
    request.addEventListener('loadend', () => resolve(events))
    request.send()
  })
  const first = await send()
  const next = await send()
  server.close()
  console.log(JSON.stringify({ first, next }))
`

it('answers the first cross-origin XHR after a same-tick listen() at the XHR level, like the next', () => {
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' })
  const { first, next } = JSON.parse(output.trim().split('\n').pop()!) as { first: string[]; next: string[] }
  expect(next).toEqual(['load 200 no CORS headers'])
  expect(first).toEqual(next)
})
