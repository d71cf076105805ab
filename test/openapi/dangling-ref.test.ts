// A `$ref` that points to nothing is found when the document is read, by fromOpenApi() and contract()
// alike, with the reference as written and where. Before, contract() failed each checked request with
// the validator's own words ("can't resolve reference … from id https://openapi.mocklib.invalid/…"),
// and fromOpenApi() answered the text "value" as if it were the body the document describes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { contract, fromOpenApi } from '../../src/openapi/index.js'

const withSchema = (schema: object) => ({
  openapi: '3.1.0',
  info: { title: 'refs', version: '1' },
  servers: [{ url: 'https://refs.example.test' }],
  paths: { '/a': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } } } } },
  components: { schemas: { Here: { type: 'object' } } },
})

describe('a $ref that points to nothing', () => {
  it('fails fromOpenApi() and contract() when the document is read, naming the reference', async () => {
    const document = withSchema({ $ref: '#/components/schemas/Missing' })
    for (const read of [fromOpenApi, contract]) {
      await expect(read(document)).rejects.toThrow('[mocklib] The $ref "#/components/schemas/Missing" in the document points to nothing: no value is at that location. Fix the reference, or add what it names.')
    }
  })

  it('names the file a dangling reference is written in', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mocklib-dangling-'))
    try {
      writeFileSync(join(folder, 'schemas.json'), JSON.stringify({ Pet: { type: 'object', properties: { owner: { $ref: '#/Owner' } } } }))
      const file = join(folder, 'api.json')
      writeFileSync(file, JSON.stringify(withSchema({ $ref: './schemas.json#/Pet' })))
      await expect(fromOpenApi(file)).rejects.toThrow(`[mocklib] The $ref "#/Owner" in "${join(folder, 'schemas.json')}" points to nothing`)
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })

  it('reads references that resolve, and leaves a "$ref" inside example data alone', async () => {
    const document = withSchema({ $ref: '#/components/schemas/Here' })
    ;(document.paths['/a'].get.responses['200'].content['application/json'] as Record<string, unknown>).example = { $ref: '#/not/a/reference' }
    expect(await fromOpenApi(document)).toHaveLength(1)
    const api = await contract(document)
    expect(await api.violationsOf({ request: new Request('https://refs.example.test/a'), response: Response.json({}) })).toEqual([])
  })
})
