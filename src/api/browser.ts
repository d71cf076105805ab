/**
 * The browser runtime of mocklib: `setupWorker`.
 *
 * @packageDocumentation
 */
export { setupWorker, type SetupWorkerApi } from './browser/setup-worker.js'
export type { InterceptionMode, StartOptions, StartResult } from './browser/start-options.js'
