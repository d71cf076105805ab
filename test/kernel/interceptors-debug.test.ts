// The `debug` stand-in bundled with @mswjs/interceptors in the ES module build:
// DEBUG selects namespaces as the `debug` package does.
import { afterEach, describe, expect, it } from 'vitest'
import debug from '../../src/kernel/node/interceptors-debug.js'

const saved = process.env.DEBUG
afterEach(() => {
  if (saved === undefined) delete process.env.DEBUG
  else process.env.DEBUG = saved
})

function enabled(value: string | undefined, namespace: string): boolean {
  if (value === undefined) delete process.env.DEBUG
  else process.env.DEBUG = value
  return debug(namespace).enabled
}

describe('interceptors debug logger', () => {
  it('is off without DEBUG', () => {
    expect(enabled(undefined, 'interceptors:http')).toBe(false)
    expect(enabled('', 'interceptors:http')).toBe(false)
  })

  it('matches wildcards, lists and exclusions', () => {
    expect(enabled('interceptors:*', 'interceptors:http')).toBe(true)
    expect(enabled('*', 'interceptors:xhr')).toBe(true)
    expect(enabled('other,interceptors:http', 'interceptors:http')).toBe(true)
    expect(enabled('other interceptors:xhr', 'interceptors:http')).toBe(false)
    expect(enabled('interceptors:*,-interceptors:xhr', 'interceptors:xhr')).toBe(false)
    expect(enabled('interceptors.http', 'interceptors:http')).toBe(false)
  })

  it('writes enabled messages with the namespace through its log function', () => {
    process.env.DEBUG = 'interceptors:*'
    const lines: unknown[][] = []
    const logger = debug('interceptors:http')
    logger.log = (...args: unknown[]) => lines.push(args)
    logger('request %s', 'GET')
    process.env.DEBUG = 'nothing'
    const silent = debug('interceptors:http')
    silent.log = (...args: unknown[]) => lines.push(args)
    silent('never')
    expect(lines).toEqual([['interceptors:http request %s', 'GET']])
  })
})
