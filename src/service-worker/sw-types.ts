// The DOM library the project compiles with cannot be mixed with the WebWorker one.

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void
}

interface FetchEvent extends ExtendableEvent {
  readonly request: Request
  readonly clientId: string
  respondWith(response: Response | Promise<Response>): void
}

interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown
  readonly source: { readonly id: string } | null
  readonly ports: readonly MessagePort[]
}

interface WorkerClient {
  readonly id: string
  postMessage(message: unknown, transfer: Transferable[]): void
}

export interface WorkerClients {
  get(id: string): Promise<WorkerClient | undefined>
  matchAll(options?: { includeUncontrolled?: boolean; type?: 'window' | 'worker' | 'sharedworker' | 'all' }): Promise<WorkerClient[]>
  claim(): Promise<void>
}

export interface WorkerGlobal {
  readonly clients: WorkerClients
  readonly registration: { readonly scope: string }
  skipWaiting(): Promise<void>
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void
}
