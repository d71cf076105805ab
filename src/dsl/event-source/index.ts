// An EventSource that reads through fetch, for where fetch is patched but EventSource is not: the
// browser's in-page mode (loaded with import() when it starts: pages using the Service Worker, which
// sees EventSource requests itself, never download it) and Bun and Deno. A face of its own: one the
// browser's initial bundle reaches would move it (and the stream parser) into that bundle.
export { patchEventSource } from './page-event-source.js'
