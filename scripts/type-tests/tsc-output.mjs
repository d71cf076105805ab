// What the type-test scripts share: the repository's root and tsc's
// `--pretty false` output read as a list of errors.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
export const fromRoot = (path) => join(root, path)

/**
 * The errors in tsc's `--pretty false` output: `{ file, line, code, text }`,
 * `text` holding the whole message (its indented lines too). An error without a
 * location (a bad option) has `file: ''`.
 *
 * @example
 * parseErrors("a.ts(3,5): error TS2339: Property 'x' does not exist.")
 * // [{ file: 'a.ts', line: 3, code: 'TS2339', text: "a.ts(3,5): error TS2339: Property 'x' does not exist." }]
 */
export function parseErrors(output) {
  const errors = []
  for (const line of output.split('\n')) {
    const located = /^(.+)\((\d+),\d+\): error (TS\d+): /.exec(line)
    const unlocated = located ? undefined : /^error (TS\d+): /.exec(line)
    if (located) errors.push({ file: located[1], line: Number(located[2]), code: located[3], text: line })
    else if (unlocated) errors.push({ file: '', line: 0, code: unlocated[1], text: line })
    else if (errors.length > 0 && line.startsWith(' ')) errors[errors.length - 1].text += `\n${line}`
  }
  return errors
}
