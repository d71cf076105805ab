export { fromOpenApi, type FromOpenApiOptions } from './from-openapi.js'
export type { ResponseChoice } from './response-plan.js'
export type { OpenApiSource } from './read-source.js'
export type { OpenApiDocument } from './document.js'
