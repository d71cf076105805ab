/**
 * The same handlers as a real HTTP mock server, for clients mocklib cannot intercept (a mobile app, another service).
 * @packageDocumentation
 */
export { createMockServer, type MockServer, type MockServerOptions } from './server/create-mock-server.js'
export type { ServedBody, ServedOutcome, ServedRequest } from './server/served-request.js'
