import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import type { Har } from './har-types.js'
import type { Recording } from './recorder.js'

/** Atomic: a temporary file renamed over the target. */
export function writeHarFile(path: string, har: Har): void {
  const file = resolve(path)
  mkdirSync(dirname(file), { recursive: true })
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, `${JSON.stringify(har, null, 2)}\n`)
  renameSync(temporary, file)
}

/** A recording that can also be saved to a file. */
export interface NodeRecording extends Recording {
  /** Waits for the bodies still streaming, stops, and writes the HAR to `path`. */
  save(path: string): Promise<Har>
}

/** What `server.record()` returns in Node. */
export function withSave(recording: Recording): NodeRecording {
  return Object.assign(recording, {
    async save(path: string) {
      await recording.settled()
      const har = recording.stop()
      writeHarFile(path, har)
      return har
    },
  })
}
