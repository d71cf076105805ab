// Sequential node:http GET, body read to the end.
import nodeHttp from 'node:http'
import { BODY, perCallMicros, urlOf } from '../lib/measure.mjs'

export const title = 'sequential node:http GET'
export const unit = 'µs/req'
export const impls = ['mocklib', 'msw3', 'msw2', 'nock', 'interceptors']

function get(url) {
  return new Promise((resolve, reject) => {
    nodeHttp
      .get(url, (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk) => (text += chunk))
        response.on('end', () => (JSON.parse(text).id === BODY.id ? resolve() : reject(new Error(text))))
        response.on('error', reject)
      })
      .on('error', reject)
  })
}

export async function run(adapter, { quick }) {
  const { stop } = adapter.mockHttp()
  const url = urlOf(0)
  const micros = await perCallMicros(() => get(url), quick ? { warmup: 200, iterations: 300 } : { warmup: 500, iterations: 1500 })
  stop()
  return micros
}
