// For where fetch is patched but EventSource is not (in-page mode, Bun, Deno). A face of its own:
// one the browser's initial bundle reaches would move it (and the stream parser) into that bundle.
export { patchEventSource } from './page-event-source.js'
