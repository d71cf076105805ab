// Writing a recording's HAR file: the Node runtimes' (setupServer, interceptPage, the mock server).
export { withSave, type NodeRecording } from '../record/write-har.js'
