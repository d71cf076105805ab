/**
 * The Node runtime of mocklib: `setupServer`.
 *
 * @packageDocumentation
 */
export { setupServer, type ListenOptions, type SetupServerApi } from './setup-server.js'
