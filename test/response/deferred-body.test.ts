// An HttpResponse with a string body makes its stream only when asked for one;
// whatever a program does with it, it sees what Fetch's own Response built from
// the same string and init shows: each scenario runs on both and compares.
import { HttpResponse } from 'mocklib'
import { describe, expect, it } from 'vitest'

type Make = () => Response

const size = (body: string) => String(new TextEncoder().encode(body).byteLength)

/** What a scenario observed: values, or the error's type and message. */
async function observe(scenario: (response: Response) => unknown, make: Make): Promise<unknown> {
  try {
    return { value: await scenario(make()) }
  } catch (error) {
    return { error: `${(error as Error).constructor.name}: ${(error as Error).message}` }
  }
}

const text = async (body: Blob | ArrayBuffer | Uint8Array) => new TextDecoder().decode(body instanceof Blob ? await body.arrayBuffer() : body)

const scenarios: Record<string, (response: Response) => unknown> = {
  'text()': (r) => r.text(),
  'json()': (r) => r.json(),
  'arrayBuffer()': async (r) => text(await r.arrayBuffer()),
  'bytes()': async (r) => Array.from(await r.bytes()),
  'blob(): type and content': async (r) => {
    const blob = await r.blob()
    return [blob.type, blob.size, await text(blob)]
  },
  'text() twice': async (r) => [await r.text(), await r.text()],
  'json() then blob()': async (r) => [await r.json(), await r.blob()],
  'blob() then text()': async (r) => [await text(await r.blob()), await r.text()],
  'bodyUsed before, during and after a read': async (r) => {
    const before = r.bodyUsed
    const reading = r.text()
    const during = r.bodyUsed
    await reading
    return [before, during, r.bodyUsed]
  },
  'the body stream: one object, read through it': async (r) => {
    const stream = r.body!
    return [stream === r.body, stream.locked, r.bodyUsed, await new Response(stream).text(), r.bodyUsed, stream.locked]
  },
  'text() after taking the stream': async (r) => {
    void r.body
    return r.text()
  },
  'body after text()': async (r) => {
    await r.text()
    return [r.body === null, r.body?.locked, r.bodyUsed]
  },
  'clone(): both readable': async (r) => {
    const copy = r.clone()
    return [await copy.text(), await r.text(), copy.status, copy.statusText, [...copy.headers]]
  },
  'clone() after text()': async (r) => {
    await r.text()
    return r.clone()
  },
  'clone() after taking the stream': async (r) => {
    void r.body
    const copy = r.clone()
    return [await r.text(), await copy.text()]
  },
  'clone() of a clone': async (r) => [await r.clone().clone().text(), await r.text()],
  'clone() after the content type was removed': async (r) => {
    r.headers.delete('content-type')
    const copy = r.clone()
    return [copy.headers.get('content-type'), await copy.text()]
  },
  'blob() type after the content type changed': async (r) => {
    r.headers.set('content-type', 'Text/X-Custom; A=b')
    return (await r.blob()).type
  },
  'formData() of a urlencoded body': async (r) => {
    r.headers.set('content-type', 'application/x-www-form-urlencoded')
    return [...(await r.formData())]
  },
  'new Response(response.body, response)': async (r) => new Response(r.body, r).text(),
  'headers, status, keys': (r) => [[...r.headers], r.status, r.statusText, r.ok, r.type, r.url, r.redirected, Object.keys(r)],
}

describe.each([
  ['HttpResponse.json', () => HttpResponse.json({ name: 'Zoë', n: 1 }), () => new Response(JSON.stringify({ name: 'Zoë', n: 1 }), { status: 200, statusText: 'OK', headers: { 'content-type': 'application/json', 'content-length': size(JSON.stringify({ name: 'Zoë', n: 1 })) } })],
  ['HttpResponse.text', () => HttpResponse.text('a=1&b=é'), () => new Response('a=1&b=é', { status: 200, statusText: 'OK', headers: { 'content-type': 'text/plain', 'content-length': size('a=1&b=é') } })],
  ['new HttpResponse(string, { status })', () => new HttpResponse('{"x":true}', { status: 201 }), () => new Response('{"x":true}', { status: 201, statusText: 'Created' })],
  ['new HttpResponse(malformed JSON)', () => new HttpResponse('{x'), () => new Response('{x', { status: 200, statusText: 'OK' })],
  ['HttpResponse.text(empty)', () => HttpResponse.text(''), () => new Response('', { status: 200, statusText: 'OK', headers: { 'content-type': 'text/plain', 'content-length': '0' } })],
] as const)('%s behaves as the same Fetch Response', (_name, mocked: Make, fetchOwn: Make) => {
  it.each(Object.entries(scenarios))('%s', async (_scenario, scenario) => {
    const expected = await observe(scenario, fetchOwn)
    expect(await observe(scenario, mocked)).toEqual(expected)
  })
})

it('refuses a body with a null-body status, as Fetch does', () => {
  expect(() => new HttpResponse('x', { status: 204 })).toThrow(TypeError)
})

it('is still a Response and an HttpResponse', () => {
  const response = HttpResponse.json({ a: 1 })
  expect(response).toBeInstanceOf(Response)
  expect(response).toBeInstanceOf(HttpResponse)
  expect(response.constructor.name).toBe('HttpResponse')
})
