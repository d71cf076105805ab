/**
 * Every Node client mocklib intercepts, driven to tear its request down at a
 * given moment. Each driver returns what the client reported, in order (one
 * line per event, rejection or chunk), so that a mocked run can be compared
 * with a run against a real server.
 */
import nodeHttp from 'node:http'
import nodeHttps from 'node:https'
import type { Readable } from 'node:stream'
import axios from 'axios'
import nodeFetch from 'node-fetch'
import { fetch as undiciFetch, request as undiciRequest } from 'undici'
import { describeError, type Hold } from './abort-grid-support.js'

export type Driver = (url: string, hold: Hold) => Promise<string[]>

/** The teardown of a node:http request: `destroy()`, or its `signal` aborting. */
type Teardown = 'destroy' | 'signal'

/**
 * node:http or node:https (chosen by the URL), torn down by `destroy()` or by
 * its AbortSignal. Resolves once the request (and its response, if any) closed.
 */
function nodeHttpDriver(teardown: Teardown): Driver {
  return (url, hold) =>
    new Promise((resolve) => {
      const log: string[] = []
      const module = url.startsWith('https:') ? nodeHttps : nodeHttp
      const controller = new AbortController()
      const options = teardown === 'signal' ? { signal: controller.signal } : {}
      let responseClosed: Promise<void> = Promise.resolve()
      const request = module.request(url, options)
      const tearDown = () => (teardown === 'signal' ? controller.abort() : request.destroy())
      request.on('error', (error) => log.push(`error ${describeError(error)}`))
      request.on('response', (response) => {
        log.push(`response ${response.statusCode}`)
        responseClosed = new Promise((closed) => response.on('close', closed))
        response.on('error', (error) => log.push(`response error ${describeError(error)}`))
        response.on('aborted', () => log.push('response aborted'))
        response.on('end', () => log.push('response end'))
        response.on('close', () => log.push('response close'))
        response.once('data', (chunk: Buffer) => {
          log.push(`chunk ${chunk.toString()}`)
          if (hold.moment === 'while-streaming') tearDown()
        })
      })
      request.on('close', () => {
        log.push('close')
        void responseClosed.then(() => resolve(log))
      })
      if (hold.moment === 'before-end') {
        tearDown()
        request.end()
        return
      }
      request.end()
      if (hold.moment === 'after-end') tearDown()
      if (hold.moment === 'while-resolving') void hold.arrived.then(tearDown)
    })
}

/** A Fetch-shaped client (global fetch, undici's fetch): the reader rejects once the signal aborts. */
function fetchDriver(fetchFunction: (url: string, init: { signal: AbortSignal }) => Promise<Response>): Driver {
  return async (url, hold) => {
    const log: string[] = []
    const controller = new AbortController()
    if (hold.moment === 'before-end') controller.abort()
    const pending = fetchFunction(url, { signal: controller.signal })
    if (hold.moment === 'after-end') controller.abort()
    if (hold.moment === 'while-resolving') void hold.arrived.then(() => controller.abort())
    try {
      const response = await pending
      log.push(`response ${response.status}`)
      const reader = response.body!.getReader()
      const first = await reader.read()
      log.push(`chunk ${new TextDecoder().decode(first.value)}`)
      controller.abort()
      const next = await reader.read()
      log.push(next.done ? 'body end' : 'more body')
    } catch (error) {
      log.push(`rejected ${describeError(error)}`)
    }
    return log
  }
}

/** A client whose body is a Node stream (undici.request, axios, node-fetch): iterated until it fails or ends. */
async function readNodeBody(body: Readable, controller: AbortController, log: string[]): Promise<void> {
  try {
    for await (const chunk of body) {
      log.push(`chunk ${String(chunk)}`)
      controller.abort()
    }
    log.push('body end')
  } catch (error) {
    log.push(`body rejected ${describeError(error)}`)
  }
}

/** A promise client with a Node-stream body, given how to start it with a signal. */
function streamDriver(start: (url: string, signal: AbortSignal) => Promise<{ status: number; body: Readable }>): Driver {
  return async (url, hold) => {
    const log: string[] = []
    const controller = new AbortController()
    if (hold.moment === 'before-end') controller.abort()
    const pending = start(url, controller.signal)
    if (hold.moment === 'after-end') controller.abort()
    if (hold.moment === 'while-resolving') void hold.arrived.then(() => controller.abort())
    let answer: { status: number; body: Readable }
    try {
      answer = await pending
    } catch (error) {
      log.push(`rejected ${describeError(error)}`)
      return log
    }
    log.push(`response ${answer.status}`)
    await readNodeBody(answer.body, controller, log)
    return log
  }
}

export const DRIVERS: ReadonlyArray<readonly [name: string, driver: Driver, secure: boolean]> = [
  ['fetch', fetchDriver((url, init) => fetch(url, init)), false],
  ['node:http destroy()', nodeHttpDriver('destroy'), false],
  ['node:http signal', nodeHttpDriver('signal'), false],
  ['node:https destroy()', nodeHttpDriver('destroy'), true],
  ['node:https signal', nodeHttpDriver('signal'), true],
  [
    'undici.request',
    streamDriver(async (url, signal) => {
      const { statusCode, body } = await undiciRequest(url, { signal })
      return { status: statusCode, body: body as unknown as Readable }
    }),
    false,
  ],
  ['undici.fetch', fetchDriver((url, init) => undiciFetch(url, init) as unknown as Promise<Response>), false],
  [
    'axios',
    streamDriver(async (url, signal) => {
      const response = await axios.get<Readable>(url, { signal, adapter: 'http', responseType: 'stream', validateStatus: () => true })
      return { status: response.status, body: response.data }
    }),
    false,
  ],
  [
    'node-fetch',
    streamDriver(async (url, signal) => {
      const response = await nodeFetch(url, { signal: signal as never })
      return { status: response.status, body: response.body as unknown as Readable }
    }),
    false,
  ],
]
