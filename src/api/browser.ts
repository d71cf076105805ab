/**
 * The browser runtime of mocklib: `setupWorker`.
 * @packageDocumentation
 */
export { setupWorker, type InterceptionMode, type SetupWorkerApi, type StartOptions, type StartResult } from './browser/setup-worker.js'
