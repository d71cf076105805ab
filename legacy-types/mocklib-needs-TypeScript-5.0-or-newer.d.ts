// mocklib's types need TypeScript 5.0 or newer.
//
// Your compiler is older, so package.json (`typesVersions`, and the
// `types@<5.0` export conditions) sends it to this file instead of mocklib's
// declarations, which use syntax it cannot read. This file is deliberately not
// a module: every `import ... from 'mocklib'` then fails with one error that
// names this file (TS2306 "... mocklib-needs-TypeScript-5.0-or-newer.d.ts is
// not a module"), where the real declarations would fail with dozens of
// unrelated syntax errors, or, under `skipLibCheck`, with silent `any` types.
//
// What to do: upgrade TypeScript to 5.0 or newer (`npm install -D typescript@5`),
// the version that compiles your project, such as your editor's, included.
