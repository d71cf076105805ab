// Record and replay: HAR 1.2 recording, replay through handlers (platform-neutral part).
export type * from './har-types.js'
export type { RedactOptions } from './redact.js'
export type { RecordOptions, Recording } from './recorder.js'
export { recordRuntime } from './record-runtime.js'
export type { HarRequestKey } from './har-replay.js'
