// Record and replay: HAR 1.2 recording, replay through handlers (platform-neutral part).
export type { CompletedExchange } from './to-har-entry.js'
export type * from './har-types.js'
export { toHarEntry, type HarEntryOptions } from './to-har-entry.js'
export type { RedactOptions } from './redact.js'
export { createRecorder, type Recorder, type RecordOptions, type Recording } from './recorder.js'
export { recordEvents, recordRuntime } from './record-runtime.js'
export { createHar, parseHar } from './har-document.js'
export { fromHar, type FromHarOptions, type HarRequestKey } from './har-replay.js'
