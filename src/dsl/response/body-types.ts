/** A JSON-serializable body for `HttpResponse.json()`. */
export type JsonBodyType =
  | Record<string, any>
  | readonly unknown[]
  | string
  | number
  | boolean
  | null
  | undefined

/** Any body a handler may declare for its request or response. */
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
