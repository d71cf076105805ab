// A relative-file $ref that cannot be followed: the error names the $ref and where it was written. A
// document given as text (or an object) has no folder, so its relative $refs start from the working
// directory; the error says so and how to fix it, instead of only naming a path the user never wrote.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { contract, fromOpenApi } from '../../src/openapi/index.js'

const PETSTORE_30 = fileURLToPath(new URL('./fixtures/petstore-3.0.yaml', import.meta.url))

describe('a relative-file $ref that cannot be followed', () => {
  it('in YAML text: names the $ref, the file it looked for, and says to pass the file path', async () => {
    const text = readFileSync(PETSTORE_30, 'utf8')
    const ref = /\$ref: '?(\.\/[^'#\s]+)/.exec(text)?.[1]
    expect(ref).toBeDefined() // the fixture refers to a file next to it
    for (const read of [fromOpenApi, contract]) {
      const failure = await read(text).then(() => undefined, (error: Error) => error)
      expect(failure?.message).toContain(`The $ref "${ref}`)
      expect(failure?.message).toContain('(in a document given as an object or as text) could not be followed')
      expect(failure?.message).toContain('pass the document as a file path instead')
    }
    // Given as its path, the same document reads.
    expect((await fromOpenApi(PETSTORE_30)).length).toBeGreaterThan(0)
  })

  it('in a file: names the $ref and the file it is written in', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'mocklib-ref-'))
    const file = join(folder, 'api.yaml')
    writeFileSync(file, ["openapi: 3.1.0", "info: { title: x, version: '1' }", 'paths:', '  /a:', '    get:', '      responses:', "        '200':", '          description: ok', '          content:', "            application/json: { schema: { $ref: './schemas/missing.yaml#/A' } }", ''].join('\n'))
    try {
      const failure = await fromOpenApi(file).then(() => undefined, (error: Error) => error)
      expect(failure?.message).toContain(`[mocklib] The $ref "./schemas/missing.yaml#/A" in "${file}" could not be followed: Cannot read the OpenAPI document "${join(folder, 'schemas', 'missing.yaml')}"`)
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })
})
