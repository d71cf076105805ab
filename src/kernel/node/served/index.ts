export { createServedSource } from './served-source.js'
export { ServedExchange, type Forwarded, type ServedOutcome } from './served-exchange.js'
export { isPrefixedOrigin } from './served-url.js'
export { proxyRequest } from './proxy-request.js'
