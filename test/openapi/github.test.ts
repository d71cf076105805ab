// fromOpenApi() on GitHub's REST description (@octokit/openapi, ~1000 operations): build time, and every answered body valid against the document.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { setupServer } from 'mocklib/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fromOpenApi } from '../../src/openapi/index.js'
import { listOperations } from '../../src/openapi/operations.js'
import { prepareDocument } from '../../src/openapi/prepare-document.js'
import { declaredResponse, isJsonMediaType, responseKey } from '../../src/openapi/response-plan.js'
import { DocumentValidator } from '../../src/openapi/schema-validator.js'
import { encodePointerToken } from '../../src/openapi/json-pointer.js'

const GITHUB = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json')
const github = JSON.parse(readFileSync(GITHUB, 'utf8')) as object

describe("fromOpenApi() on GitHub's REST description", () => {
  it('builds handlers for every operation in under a second (from the parsed object)', async () => {
    await fromOpenApi(github) // warm-up: module loading and JIT are not the build
    const started = performance.now()
    const handlers = await fromOpenApi(github)
    const elapsed = performance.now() - started
    expect(handlers.length).toBeGreaterThan(1000)
    console.log(`GitHub: ${handlers.length} handlers in ${elapsed.toFixed(0)} ms`)
    expect(elapsed).toBeLessThan(1000)
  })

  describe('answers', () => {
    const server = setupServer()
    let validator: DocumentValidator
    let operations: ReturnType<typeof listOperations>
    let document: Awaited<ReturnType<typeof prepareDocument>>['document']
    beforeAll(async () => {
      server.use(...(await fromOpenApi(GITHUB, { seed: 7 })))
      server.listen({ onUnhandledRequest: 'error' })
      ;({ document } = await prepareDocument(github))
      validator = new DocumentValidator(document)
      operations = listOperations(document)
    })
    afterAll(() => server.close())

    it('bodies valid against the document, for every operation', async () => {
      const checked: string[] = []
      const invalid: string[] = []
      for (const entry of operations) {
        if (entry.method === 'head') continue
        const url = `https://api.github.com${entry.template.replace(/\{[^}]+\}/g, (name) => `v${name.length}`)}`
        const response = await fetch(url, { method: entry.method.toUpperCase(), redirect: 'manual' })
        const key = responseKey(entry, undefined)!
        const media = response.headers.get('content-type')
        const text = await response.text()
        if (media === null || !isJsonMediaType(media)) continue
        const pointer = `${declaredResponse(document, entry, key).pointer}/content/${encodePointerToken(media)}/schema`
        const errors = validator.errors(pointer, JSON.parse(text))
        checked.push(entry.label)
        if (errors.length > 0) invalid.push(`${entry.label} (${response.status}): ${JSON.stringify(errors.slice(0, 2))}`)
      }
      expect(invalid).toEqual([])
      expect(checked.length).toBeGreaterThan(800)
    })
  })
})
