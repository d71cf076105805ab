// Record and replay: HAR 1.2 recording, replay through handlers (platform-neutral part).
export type { CompletedExchange } from './completed-exchange.js'
export type * from './har-types.js'
export { toHarEntry, type HarEntryOptions } from './to-har-entry.js'
export { DEFAULT_REDACTED_HEADERS, REDACTED, type RedactOptions } from './redact.js'
export { createRecorder, type Recorder, type RecordOptions, type Recording } from './recorder.js'
export { recordEvents } from './record-events.js'
export { fromHar, type FromHarOptions } from './from-har.js'
export { defaultRequestKey, type HarRequestKey } from './har-replay.js'
