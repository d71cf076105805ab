import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import type { Har } from './har-types.js'
import type { Recording } from './recorder.js'

/**
 * Writes a HAR as indented JSON, atomically (a temporary file renamed over
 * the target), creating the directory. Node only.
 *
 * @example
 * writeHarFile('fixtures/api.har', recording.stop())
 */
export function writeHarFile(path: string, har: Har): void {
  const file = resolve(path)
  mkdirSync(dirname(file), { recursive: true })
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, `${JSON.stringify(har, null, 2)}\n`)
  renameSync(temporary, file)
}

/** A recording in Node: it can also be saved to a file. */
export interface NodeRecording extends Recording {
  /**
   * Waits for the bodies still streaming, stops the recording and writes its
   * HAR to `path`. Resolves with the HAR written.
   */
  save(path: string): Promise<Har>
}

/**
 * Adds `save(path)` to a recording (what `server.record()` returns in Node).
 *
 * @example
 * const recording = withSave(recordEvents(server.events))
 * // … traffic …
 * await recording.save('fixtures/api.har')
 */
export function withSave(recording: Recording): NodeRecording {
  return {
    get size() {
      return recording.size
    },
    settled: () => recording.settled(),
    stop: () => recording.stop(),
    async save(path) {
      await recording.settled()
      const har = recording.stop()
      writeHarFile(path, har)
      return har
    },
  }
}
