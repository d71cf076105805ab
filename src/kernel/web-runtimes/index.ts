export { interceptWebRuntime, type WebRuntimeOptions } from './intercept-web-runtime.js'
export { webRuntime, type WebRuntime } from './web-runtime.js'
