import type { NodeRecording } from '../dsl/record/write-har.js'

/**
 * A recording of a page's traffic: the recorder `server.record()` uses, with
 * `save(path)` to write its HAR.
 *
 * @example
 * const recording = network.record()
 * await page.goto('/')
 * await recording.save('fixtures/home.har')
 */
export type PageRecording = NodeRecording
