import { mkdir, rename, writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import type { Har, Recording } from '../dsl/index.js'

/**
 * A recording of a page's traffic (the recorder `server.record()` uses) that
 * can also be saved to a HAR file.
 *
 * @example
 * const recording = network.record()
 * await page.goto('/')
 * await recording.save('fixtures/home.har')
 */
export interface PageRecording extends Recording {
  /** Waits for the bodies still streaming, stops the recording and writes its HAR (indented JSON) to `path`. Resolves with the HAR. */
  save(path: string): Promise<Har>
}

/**
 * Adds `save(path)` to `recording`. Written here rather than shared with
 * `server.record()`'s: the Playwright entry must not share a build chunk with
 * the Node entry (test/packaging/esm-files.test.ts counts the Node entry's files).
 *
 * @example
 * return savable(recordRuntime(core, store.current(), options))
 */
export function savable(recording: Recording): PageRecording {
  return {
    get size() {
      return recording.size
    },
    settled: () => recording.settled(),
    stop: () => recording.stop(),
    async save(path) {
      await recording.settled()
      const har = recording.stop()
      const file = resolve(path)
      await mkdir(dirname(file), { recursive: true })
      // Written aside then renamed: a reader never sees half a file.
      const temporary = `${file}.${process.pid}.tmp`
      await writeFile(temporary, `${JSON.stringify(har, null, 2)}\n`)
      await rename(temporary, file)
      return har
    },
  }
}
