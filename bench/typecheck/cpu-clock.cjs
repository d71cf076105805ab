// Preloaded into tsc by compare.mjs (`node -r cpu-clock.cjs tsc …`): makes the
// timestamps behind `--extendedDiagnostics` the process's CPU time, so that
// "Check time" counts the work done and not the time spent waiting for a core
// when several checks share the machine. Only the JavaScript compilers (5.9,
// 6.0) can be patched; TypeScript 7 (native) keeps wall time.
const Module = require('node:module')
const compile = Module.prototype._compile
const wallClock = 'var timestamp = nativePerformanceTime ? () => nativePerformanceTime.now() : Date.now;'
const cpuClock = 'var timestamp = () => { const used = process.cpuUsage(); return (used.user + used.system) / 1000 };'
Module.prototype._compile = function (content, filename) {
  if (/[\\/]_tsc\.js$/.test(filename)) {
    if (!content.includes(wallClock)) throw new Error(`cpu-clock.cjs: ${filename} has no timestamp to patch`)
    content = content.replace(wallClock, cpuClock)
  }
  return compile.call(this, content, filename)
}
