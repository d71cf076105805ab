// fromOpenApi(): handlers generated from Petstore documents (3.0 YAML with a relative-file $ref, 3.1 JSON), answered to real fetch.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { setupServer } from 'mocklib/node'
import { afterEach, describe, expect, it } from 'vitest'
import { fromOpenApi } from '../../src/openapi/index.js'
import { DocumentValidator } from '../../src/openapi/schema-validator.js'
import { prepareDocument } from '../../src/openapi/prepare-document.js'

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url))
const PETSTORE_30 = fixture('petstore-3.0.yaml')
const PETSTORE_31 = fixture('petstore-3.1.json')

let close: (() => void) | undefined
afterEach(() => {
  close?.()
  close = undefined
})

async function serve(...args: Parameters<typeof fromOpenApi>) {
  const server = setupServer(...(await fromOpenApi(...args)))
  server.listen({ onUnhandledRequest: 'error' })
  close = () => server.close()
  return server
}

/** Validates `value` against the schema at `pointer` of the prepared fixture (the reference the answers must meet). */
async function validatorFor(path: string) {
  const { document } = await prepareDocument(path)
  return new DocumentValidator(document)
}

describe('fromOpenApi() on Petstore 3.0 (YAML file, relative-file $ref)', () => {
  it('answers each operation with its first 2xx response, the base URL from servers with its variables', async () => {
    await serve(PETSTORE_30)
    const response = await fetch('https://petstore.example.test/v1/pets')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(response.headers.get('x-next')).toMatch(/^https:\/\//)
    const pets = (await response.json()) as { id: number; name: string }[]
    const validator = await validatorFor(PETSTORE_30)
    expect(validator.errors('#/paths/~1pets/get/responses/200/content/application~1json/schema', pets)).toEqual([])
    expect(pets.length).toBeGreaterThan(0)
    // writeOnly properties never appear in a generated response
    expect(pets.some((pet) => 'secret' in pet)).toBe(false)
  })

  it('answers the examples of the media type, the named one when a request asks (Prefer: example=)', async () => {
    await serve(PETSTORE_30)
    expect(await (await fetch('https://petstore.example.test/v1/pets/1')).json()).toEqual({ id: 1, name: 'Rex', tag: 'dog', status: 'available' })
    const tom = await fetch('https://petstore.example.test/v1/pets/2', { headers: { prefer: 'example=tom' } })
    expect(await tom.json()).toEqual({ id: 2, name: 'Tom', tag: null, status: 'sold' })
  })

  it('answers another declared response per request (Prefer: code=404) and per operation (options.responses)', async () => {
    await serve(PETSTORE_30)
    const missing = await fetch('https://petstore.example.test/v1/pets/9', { headers: { prefer: 'code=404' } })
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ code: 404, message: 'No such pet' })
    close?.()
    await serve(PETSTORE_30, { responses: { showPetById: 404, 'DELETE /pets/{petId}': 204 } })
    expect((await fetch('https://petstore.example.test/v1/pets/9')).status).toBe(404)
    const deleted = await fetch('https://petstore.example.test/v1/pets/9', { method: 'DELETE' })
    expect(deleted.status).toBe(204)
    expect(await deleted.text()).toBe('')
  })

  it('answers a status only a `default` response covers, with the body of `default` (from the other file)', async () => {
    await serve(PETSTORE_30)
    const response = await fetch('https://petstore.example.test/v1/pets', { headers: { prefer: 'code=503' } })
    expect(response.status).toBe(503)
    const body = await response.json()
    const validator = await validatorFor(PETSTORE_30)
    expect(validator.errors('#/paths/~1pets/get/responses/default/content/application~1json/schema', body)).toEqual([])
  })

  it('tells what was wrong when a request asks for an undeclared status', async () => {
    await serve(PETSTORE_30)
    const response = await fetch('https://petstore.example.test/v1/pets/mine', { headers: { prefer: 'code=418' } })
    expect(response.status).toBe(500)
    expect(((await response.json()) as { message: string }).message).toContain('listMyPets declares no 418 response (declared: 200)')
  })

  it('prefers a literal path to a template (/pets/mine before /pets/{petId})', async () => {
    const server = await serve(PETSTORE_30)
    await fetch('https://petstore.example.test/v1/pets/mine')
    const headers = server.listHandlers().map((handler) => handler.info.header)
    expect(headers.indexOf('GET https://petstore.example.test/v1/pets/mine')).toBeLessThan(headers.indexOf('GET https://petstore.example.test/v1/pets/:petId'))
    expect(Array.isArray(await (await fetch('https://petstore.example.test/v1/pets/mine')).json())).toBe(true)
  })

  it('generates a oneOf branch with its discriminator, valid against exactly one branch', async () => {
    await serve(PETSTORE_30)
    const animal = (await (await fetch('https://petstore.example.test/v1/animals/a')).json()) as { kind: string }
    expect(['cat', 'dog']).toContain(animal.kind)
    const validator = await validatorFor(PETSTORE_30)
    expect(validator.errors('#/components/schemas/Animal', animal)).toEqual([])
  })

  it('is deterministic for a seed, and another seed gives other values', async () => {
    const bodies = async (seed: number) => {
      await serve(PETSTORE_30, { seed })
      const text = await (await fetch('https://petstore.example.test/v1/pets')).text()
      close?.()
      return text
    }
    const first = await bodies(1)
    expect(await bodies(1)).toBe(first)
    expect(await bodies(2)).not.toBe(first)
  })

  it('reads the document as an object, as JSON text and as YAML text (files refs then resolve from the working directory)', async () => {
    const yamlText = readFileSync(PETSTORE_31, 'utf8')
    for (const source of [JSON.parse(yamlText) as object, yamlText]) {
      await serve(source, { baseUrl: 'https://elsewhere.example.test' })
      expect((await fetch('https://elsewhere.example.test/pets/3')).status).toBe(200)
      close?.()
    }
    const yaml = 'openapi: 3.0.3\ninfo: { title: t, version: "1" }\npaths:\n  /ping:\n    get:\n      responses:\n        "200":\n          description: ok\n          content:\n            text/plain:\n              example: pong\n'
    await serve(yaml, { baseUrl: 'https://yaml.example.test' })
    const pong = await fetch('https://yaml.example.test/ping')
    expect(pong.headers.get('content-type')).toBe('text/plain')
    expect(await pong.text()).toBe('pong')
  })

  it('refuses what it cannot read, saying what to do', async () => {
    await expect(fromOpenApi({ swagger: '2.0' })).rejects.toThrow('not an OpenAPI 3 document')
    await expect(fromOpenApi('./no/such/file.yaml')).rejects.toThrow('Cannot read the OpenAPI document')
    await expect(fromOpenApi(PETSTORE_30, { responses: { nope: 404 } })).rejects.toThrow('options.responses names "nope"')
  })
})

describe('fromOpenApi() on Petstore 3.1 (JSON file)', () => {
  it('answers the media type example, and generates 3.1 schemas (type arrays, const, numeric exclusive bounds, uniqueItems) validly', async () => {
    await serve(PETSTORE_31, { seed: 3 })
    expect(await (await fetch('https://petstore31.example.test/v2/pets/7')).json()).toEqual({ id: 7, name: 'Rex', tag: null, kind: 'pet' })
    const validator = await validatorFor(PETSTORE_31)
    for (const seed of [1, 2, 3, 4, 5]) {
      close?.()
      await serve(PETSTORE_31, { seed })
      const pets = await (await fetch('https://petstore31.example.test/v2/pets')).json()
      expect(validator.errors('#/paths/~1pets/get/responses/200/content/application~1json/schema', pets)).toEqual([])
      const created = await fetch('https://petstore31.example.test/v2/pets', { method: 'POST', body: JSON.stringify({ name: 'a' }) })
      expect(created.status).toBe(201)
      expect(created.headers.get('location')).toMatch(/^\/v2\/pets\/[0-9]+$/)
    }
  })

  it('answers a problem+json error response with that content type', async () => {
    await serve(PETSTORE_31)
    const response = await fetch('https://petstore31.example.test/v2/pets', { method: 'POST', headers: { prefer: 'code=422' } })
    expect(response.status).toBe(422)
    expect(response.headers.get('content-type')).toBe('application/problem+json')
  })
})
