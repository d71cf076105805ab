export { interceptWebRuntime, webRuntime, type WebRuntime, type WebRuntimeOptions } from './intercept-web-runtime.js'
