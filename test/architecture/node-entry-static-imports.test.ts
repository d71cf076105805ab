// Cold start (issue 9): what `import 'mocklib/node'` evaluates is its static
// import graph. Neither interceptor of @mswjs/interceptors that Node uses is in it:
// the socket interceptor is reached by a plain `import()` of the socket layer on the
// first connection made while listening (socket-layer-on-demand.ts), and the
// XMLHttpRequest interceptor by an `import()` started at import only in DOM
// environments (xhr-source.ts); bundlers follow both. The WebSocket interceptor (the
// browser's; Node's global WebSocket is mocklib's own MockWebSocket) is not used at all.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { src, staticGraph } from './static-graph.js'

describe('the Node entry’s static imports', () => {
  const { packages } = staticGraph('api/node.ts')

  it('exclude the socket interceptor, which the first connection loads with import()', () => {
    expect(packages).not.toContain('@mswjs/interceptors/http')
    const onDemand = readFileSync(join(src, 'kernel/node/socket/socket-layer-on-demand.ts'), 'utf8')
    expect(onDemand).toMatch(/\bimport\('\.\/socket-adapter\.js'\)/)
    const socketLayer = readFileSync(join(src, 'kernel/node/socket/socket-adapter.ts'), 'utf8')
    expect(socketLayer).toMatch(/^import \{ HttpRequestInterceptor \} from '@mswjs\/interceptors\/http'/m)
  })

  it('exclude the XMLHttpRequest interceptor, which DOM environments load with import()', () => {
    expect(packages).not.toContain('@mswjs/interceptors/XMLHttpRequest/web')
    const xhrSource = readFileSync(join(src, 'kernel/node/xhr/xhr-source.ts'), 'utf8')
    expect(xhrSource).toMatch(/\bimport\('@mswjs\/interceptors\/XMLHttpRequest\/web'\)/)
  })

  it('exclude the WebSocket interceptor', () => {
    expect([...packages].filter((name) => /WebSocket/i.test(name))).toEqual([])
  })
})
