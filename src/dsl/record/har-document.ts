import { message } from '../../kernel/index.js'
import { VERSION } from '../../worker-protocol/version.js'
import type { Har, HarEntry } from './har-types.js'

export function createHar(entries: HarEntry[]): Har {
  return { log: { version: '1.2', creator: { name: 'mocklib', version: VERSION }, entries } }
}

/** Checked just enough to be used. */
export function parseHar(input: Har | string): Har {
  let har: unknown = input
  if (typeof input === 'string') {
    try {
      har = JSON.parse(input)
    } catch (error) {
      throw new TypeError(message(`The HAR text is not valid JSON (${(error as Error).message}).`, 'Pass the content of a .har file or the parsed object.'))
    }
  }
  const entries = (har as Har | null)?.log?.entries
  if (!Array.isArray(entries)) {
    throw new TypeError(message('The HAR has no log.entries array.', 'Pass a HAR 1.2 document: { log: { version, creator, entries } }.'))
  }
  return har as Har
}
