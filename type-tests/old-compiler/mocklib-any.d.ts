// A mocklib whose resolvers receive `any` (as TypeScript 5.0-5.3 saw the
// declarations that used `NoInfer`): the consumer matrix's any-detector check
// compiles type-tests/consumer/typed-values.ts against it and expects every
// line marked `// any-detector` to fail.
type AnyResolver = (info: { params: any; request: any; variables: any }) => unknown
interface AnyFactory {
  (path: string, resolver: AnyResolver): unknown
  <A, B = any, C = any>(path: string, resolver: AnyResolver): unknown
}
interface AnyBuilder {
  body<T = any>(): AnyBuilder
  reply<T = any>(...args: any[]): unknown
}
export declare const http: { get: AnyFactory; post: AnyFactory }
export declare const graphql: { query: AnyFactory }
export declare const mock: { get(path: string): AnyBuilder; post(path: string): AnyBuilder }
export declare const HttpResponse: { json(body: any, init?: any): any }
export declare function setupServer(...handlers: unknown[]): unknown
