// snapshot(), for mocklib/node alone: a face shared with another entry would move it into their common chunk.
export { snapshot, SNAPSHOT_ENV, type SnapshotMode, type SnapshotOptions } from '../record/snapshot.js'
