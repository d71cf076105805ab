// Migration check: msw 2's REST documentation examples, written as msw users write
// them; only the imports changed ('msw' → 'mocklib', 'msw/node' → 'mocklib/node').
import axios from 'axios'
import { bypass, delay, http, HttpResponse, passthrough } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { useLocalServer } from '../integration/support/harness.js'

interface Post {
  id: string
  title: string
}

const allPosts = new Map<string, Post>([['1', { id: '1', title: 'Hello world' }]])

// "Mocking REST API" (mswjs.io/docs/network-behavior/rest)
export const handlers = [
  http.get('https://api.example.com/user', () => {
    return HttpResponse.json({ id: 'c7b3d8e0-5e0b-4b0f-8b3a-3b9f4b3d3b3d', firstName: 'John', lastName: 'Maverick' })
  }),
  http.get('/posts', () => {
    return HttpResponse.json(Array.from(allPosts.values()))
  }),
  http.post('/posts', async ({ request }) => {
    const newPost = (await request.json()) as Post
    allPosts.set(newPost.id, newPost)
    return HttpResponse.json(newPost, { status: 201 })
  }),
  http.delete('/posts/:id', ({ params }) => {
    const { id } = params
    const deletedPost = allPosts.get(id as string)
    if (!deletedPost) {
      return new HttpResponse(null, { status: 404 })
    }
    allPosts.delete(id as string)
    return HttpResponse.json(deletedPost)
  }),
  http.get('/product', ({ request }) => {
    const url = new URL(request.url)
    const productId = url.searchParams.get('id')
    if (!productId) {
      return new HttpResponse(null, { status: 404 })
    }
    return HttpResponse.json({ productId })
  }),
  http.get('/user', ({ cookies }) => {
    if (!cookies.session) {
      return new HttpResponse(null, { status: 401 })
    }
    return HttpResponse.json({ name: 'John' })
  }),
  http.get('/greeting', () => {
    return new HttpResponse('Hello world', { headers: { 'Content-Type': 'text/plain' } })
  }),
  http.get('/slow', async () => {
    await delay(10)
    return HttpResponse.text('eventually')
  }),
  http.get('/resource', () => {
    return HttpResponse.error()
  }),
]

const real = useLocalServer((request, response) => {
  response.setHeader('content-type', 'application/json')
  response.end(JSON.stringify({ login: 'octocat', name: 'The Octocat', via: request.url }))
})

// "Integrate with Node.js" (mswjs.io/docs/integrations/node)
const server = setupServer(...handlers)
beforeAll(() => server.listen())
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const BASE = 'http://localhost'

describe('msw REST docs, unchanged', () => {
  it('answers the quick-start user', async () => {
    const response = await fetch('https://api.example.com/user')
    expect(await response.json()).toEqual({ id: 'c7b3d8e0-5e0b-4b0f-8b3a-3b9f4b3d3b3d', firstName: 'John', lastName: 'Maverick' })
  })

  it('lists, creates and deletes posts', async () => {
    const created = await fetch(`${BASE}/posts`, { method: 'POST', body: JSON.stringify({ id: '2', title: 'Second' }) })
    expect(created.status).toBe(201)
    expect((await axios.get(`${BASE}/posts`)).data).toEqual([
      { id: '1', title: 'Hello world' },
      { id: '2', title: 'Second' },
    ])
    const deleted = await fetch(`${BASE}/posts/2`, { method: 'DELETE' })
    expect(await deleted.json()).toEqual({ id: '2', title: 'Second' })
    expect((await fetch(`${BASE}/posts/2`, { method: 'DELETE' })).status).toBe(404)
  })

  it('reads query parameters from request.url', async () => {
    expect(await (await fetch(`${BASE}/product?id=abc-123`)).json()).toEqual({ productId: 'abc-123' })
    expect((await fetch(`${BASE}/product`)).status).toBe(404)
  })

  it('reads cookies', async () => {
    expect((await fetch(`${BASE}/user`)).status).toBe(401)
    expect(await (await fetch(`${BASE}/user`, { headers: { Cookie: 'session=abc' } })).json()).toEqual({ name: 'John' })
  })

  it('answers a text response, a delayed one and a network error', async () => {
    const greeting = await fetch(`${BASE}/greeting`)
    expect([greeting.status, greeting.statusText, await greeting.text()]).toEqual([200, 'OK', 'Hello world'])
    expect(await (await fetch(`${BASE}/slow`)).text()).toBe('eventually')
    await expect(fetch(`${BASE}/resource`)).rejects.toThrow(TypeError)
    await expect(axios.get(`${BASE}/resource`)).rejects.toThrow()
  })

  it('overrides a handler at runtime (server.use) and once', async () => {
    server.use(
      http.get('/posts', () => {
        return new HttpResponse(null, { status: 500 })
      }, { once: true }),
    )
    expect((await fetch(`${BASE}/posts`)).status).toBe(500)
    expect((await fetch(`${BASE}/posts`)).status).toBe(200)
  })

  it('patches a real response with bypass() and passes through with passthrough()', async () => {
    server.use(
      http.get(`${real.origin}/users/:login`, async ({ request }) => {
        const user = await fetch(bypass(request)).then((response) => response.json())
        return HttpResponse.json({ ...user, name: 'Mocked name' })
      }),
      http.get(`${real.origin}/health`, () => {
        return passthrough()
      }),
    )
    expect(await (await fetch(`${real.origin}/users/octocat`)).json()).toEqual({ login: 'octocat', name: 'Mocked name', via: '/users/octocat' })
    expect(await (await fetch(`${real.origin}/health`)).json()).toEqual({ login: 'octocat', name: 'The Octocat', via: '/health' })
  })

  it('logs requests through life-cycle events', async () => {
    const seen: string[] = []
    const listener = ({ request }: { request: Request }) => {
      seen.push(`${request.method} ${request.url}`)
    }
    server.events.on('request:start', listener)
    await fetch('https://api.example.com/user')
    server.events.removeListener('request:start', listener)
    expect(seen).toEqual(['GET https://api.example.com/user'])
  })
})
