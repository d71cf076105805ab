/**
 * A JSON-serializable body for `HttpResponse.json()`.
 *
 * @example
 * http.get<never, never, JsonBodyType>('/status', () => HttpResponse.json({ ok: true }))
 */
export type JsonBodyType = Record<string, any> | readonly unknown[] | string | number | boolean | null | undefined

/**
 * Any body a handler may declare for its request or response.
 *
 * @example
 * http.post<never, DefaultBodyType>('/upload', ({ request }) => HttpResponse.text(request.method))
 */
export type DefaultBodyType = JsonBodyType | ArrayBuffer | Blob | FormData | ReadableStream | URLSearchParams

/**
 * A Request whose `json()` resolves to the declared body type.
 *
 * @example
 * http.post<never, { title: string }>('/posts', async ({ request }) => {
 *   const { title } = await request.json() // string
 * })
 */
export interface StrictRequest<BodyType> extends Request {
  json(): Promise<BodyType>
  clone(): StrictRequest<BodyType>
}

/**
 * What `HttpResponse.json()` takes where no body type is declared: JSON without what `JSON.stringify` loses
 * (a function, a Map, a Promise, binary data: they have `Symbol.hasInstance` or `Symbol.toStringTag`).
 * Plain members, not `JsonBodyType & …`: cheap to check.
 */
export type OpenJsonBody = JsonObjectBody | readonly unknown[] | string | number | boolean | null | undefined

interface JsonObjectBody {
  readonly [key: string]: any
  readonly [Symbol.hasInstance]?: never
  readonly [Symbol.toStringTag]?: never
}
