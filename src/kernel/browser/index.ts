export { interceptInPage } from './in-page-source.js'
export { connectWorker, type WorkerConnection } from './worker-connection.js'
