/**
 * GitHub's REST API as GitHub publishes it (`@octokit/openapi`, generated
 * from GitHub's own OpenAPI description): is a request a documented
 * operation with documented parameters and body fields, and does an answer
 * match the response schema of its operation and status? The fake GitHub's
 * exchanges are checked after every test (test/harness/setup.ts).
 *
 * An error status an operation does not list (GitHub answers 401, 403 and
 * 5xx on every route without listing them) must have GitHub's general error
 * shape, `basic-error`.
 */
import { createRequire } from 'node:module'
import { Ajv, type ValidateFunction } from 'ajv'
import addFormatsModule from 'ajv-formats'

/** What the fake GitHub answers to one request. */
export interface GitHubAnswer {
  status: number
  body: unknown
  headers?: Record<string, string>
}

/** One request to the fake GitHub and its answer. */
export interface Exchange {
  method: string
  /** The path under GITHUB_API_URL, e.g. /repos/octo/repo/actions/runners/7. */
  path: string
  query: Record<string, string>
  requestBody?: unknown
  status: number
  responseBody?: unknown
  /** The request was conditional (If-None-Match): GitHub answers 304 to any such read whose answer did not change. */
  conditional?: boolean
}

interface Parameter {
  name: string
  in: string
  required?: boolean
  schema?: object
}
interface Operation {
  operationId: string
  parameters?: ({ $ref: string } | Parameter)[]
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }
  responses: Record<string, { $ref?: string; content?: Record<string, { schema?: object }> }>
}
interface Description {
  paths: Record<string, Record<string, Operation | unknown>>
  components: { parameters: Record<string, Parameter>; responses: Record<string, Operation['responses'][string]> }
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options'])
let loaded: { description: Description; ajv: Ajv; templates: { template: string; pattern: RegExp }[] } | undefined

/**
 * OpenAPI 3.0.3: `nullable: true` adds null to the allowed values, enum included (a running job's
 * `conclusion` is null); Ajv's `nullable` leaves an enum without null as it is, and refuses a `nullable`
 * without `type` (an `anyOf` of two shapes, say: the timeline's events): that one becomes "this, or null".
 * In place, and the same again on a schema already changed.
 */
function nullableEnums(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(nullableEnums)
  if (typeof node !== 'object' || node === null) return
  for (const value of Object.values(node)) nullableEnums(value)
  const schema = node as { nullable?: boolean; enum?: unknown[]; type?: unknown; anyOf?: unknown[] }
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum.push(null)
  if (schema.nullable === true && !('type' in schema)) {
    const { nullable: _nullable, ...rest } = schema
    for (const key of Object.keys(schema)) delete (schema as Record<string, unknown>)[key]
    schema.anyOf = [rest, { type: 'null' }]
  }
}

function load() {
  if (loaded) return loaded
  const require = createRequire(import.meta.url)
  const description = require('@octokit/openapi/generated/api.github.com.json') as Description
  const ajv = new Ajv({ strict: false, allErrors: true })
  const addFormats = addFormatsModule as unknown as (ajv: Ajv) => void
  addFormats(ajv)
  const templates = Object.keys(description.paths)
    // The most literal template first: /runners/generate-jitconfig before /runners/{runner_id}.
    .sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0))
    .map((template) => ({ template, pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '([^/]+)')}$`) }))
  return (loaded = { description, ajv, templates })
}

/** The example GitHub documents for a schema (components.examples), to build fake answers from. */
export function documentedExample<T = Record<string, unknown>>(name: string): T {
  const examples = (load().description.components as unknown as { examples: Record<string, { value: T }> }).examples
  const example = examples[name]
  if (!example) throw new Error(`GitHub documents no example '${name}'`)
  return structuredClone(example.value)
}

const pointer = (...parts: string[]) =>
  `#/${parts.map((part) => encodeURIComponent(part.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/')}`

/** The part of the description at `at` (a pointer as pointer() writes it). */
function resolve(at: string): unknown {
  let node: unknown = load().description
  for (const part of at.replace(/^#\//, '').split('/'))
    node = (node as Record<string, unknown> | undefined)?.[
      decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')
    ]
  return node
}

/** The components `schema` reaches through its $refs, transitively, as a `components` object of their own. */
function reachable(schema: unknown): Record<string, Record<string, unknown>> {
  const components: Record<string, Record<string, unknown>> = {}
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk)
    if (typeof node !== 'object' || node === null) return
    const ref = (node as { $ref?: unknown }).$ref
    const found = typeof ref === 'string' ? /^#\/components\/([^/]+)\/(.+)$/.exec(ref) : null
    if (found) {
      const [, section = '', name = ''] = found
      if (components[section]?.[name] === undefined) {
        const component = resolve(ref as string)
        ;(components[section] ??= {})[name] = component
        walk(component)
      }
    }
    for (const value of Object.values(node)) walk(value)
  }
  walk(schema)
  return components
}

const validators = new Map<unknown, ValidateFunction>()

/**
 * A validator of one schema of the description, compiled with only the components it reaches: Ajv never walks
 * the whole 13 MB description, which cost each test worker half a second before its first check.
 */
function validatorOf(schema: object): ValidateFunction {
  let validate = validators.get(schema)
  if (validate) return validate
  const components = reachable(schema)
  nullableEnums(schema)
  nullableEnums(components)
  validate = load().ajv.compile({ ...schema, components })
  validators.set(schema, validate)
  return validate
}

function validator(ref: string): ValidateFunction {
  const schema = resolve(ref)
  if (typeof schema !== 'object' || schema === null) throw new Error(`no schema at ${ref}`)
  return validatorOf(schema)
}

function schemaErrors(ref: string, value: unknown): string[] {
  const validate = validator(ref)
  if (validate(value)) return []
  return (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}`)
}

function find(method: string, path: string): { template: string; operation: Operation; values: string[] } | undefined {
  const { description, templates } = load()
  for (const { template, pattern } of templates) {
    const match = pattern.exec(path)
    const operation = description.paths[template]?.[method.toLowerCase()] as Operation | undefined
    if (match && operation && METHODS.has(method.toLowerCase()))
      return { template, operation, values: match.slice(1).map(decodeURIComponent) }
  }
  return undefined
}

function parameters(operation: Operation): Parameter[] {
  const { components } = load().description
  return (operation.parameters ?? []).map((parameter) =>
    '$ref' in parameter ? (components.parameters[parameter.$ref.split('/').at(-1) ?? ''] as Parameter) : parameter,
  )
}

/** What is wrong with the request: not a documented operation, or undocumented parameters and body fields. */
export function requestProblems(exchange: Exchange): string[] {
  const found = find(exchange.method, exchange.path)
  if (!found) return [`${exchange.method} ${exchange.path}: not a documented operation of GitHub's REST API`]
  const { template, operation, values } = found
  const where = `${exchange.method} ${template} (${operation.operationId})`
  const documented = parameters(operation)
  const problems: string[] = []
  const names = [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '')
  names.forEach((name, index) => {
    const parameter = documented.find((p) => p.in === 'path' && p.name === name)
    const value = values[index] ?? ''
    const typed = (parameter?.schema as { type?: string })?.type === 'integer' ? Number(value) : value
    if (parameter?.schema && !validatorOf(parameter.schema)(typed))
      problems.push(`${where}: path parameter ${name}='${value}' does not match its schema`)
  })
  for (const key of Object.keys(exchange.query))
    if (!documented.some((p) => p.in === 'query' && p.name === key))
      problems.push(`${where}: query parameter '${key}' is not documented`)
  problems.push(...bodyProblems(where, template, operation, exchange.requestBody))
  return problems
}

function bodyProblems(where: string, template: string, operation: Operation, body: unknown): string[] {
  if (body === undefined) return []
  const schema = operation.requestBody?.content?.['application/json']?.schema
  if (!schema) return [`${where}: sends a body, but the operation documents none`]
  const fields = schema.properties ? Object.keys(schema.properties) : undefined
  const extra = fields && typeof body === 'object' && body ? Object.keys(body).filter((k) => !fields.includes(k)) : []
  const ref = pointer('paths', template, where.split(' ')[0]?.toLowerCase() ?? '', 'requestBody', 'content')
  return [
    ...extra.map((field) => `${where}: body field '${field}' is not documented`),
    ...schemaErrors(`${ref}/application~1json/schema`, body).map((error) => `${where}: body ${error}`),
  ]
}

/** What is wrong with the answer: a status the operation does not document, or a body off its schema. */
export function responseProblems(exchange: Exchange): string[] {
  const found = find(exchange.method, exchange.path)
  if (!found) return []
  const { template, operation } = found
  const where = `${exchange.method} ${template} → ${exchange.status}`
  // GitHub's conditional requests ("Best practices for using the REST API"): any read may answer 304, undocumented
  // per operation, with no body.
  if (exchange.status === 304 && exchange.conditional)
    return exchange.responseBody === undefined ? [] : [`${where}: a 304 with a body`]
  const method = exchange.method.toLowerCase()
  let response = operation.responses[String(exchange.status)]
  let ref = pointer('paths', template, method, 'responses', String(exchange.status))
  if (response?.$ref) {
    const name = response.$ref.split('/').at(-1) ?? ''
    response = load().description.components.responses[name]
    ref = pointer('components', 'responses', name)
  }
  if (!response) {
    if (exchange.status < 400) return [`${where}: a status the operation does not document`]
    return schemaErrors(pointer('components', 'schemas', 'basic-error'), exchange.responseBody).map(
      (error) => `${where}: not GitHub's error shape: ${error}`,
    )
  }
  if (!response.content?.['application/json']?.schema)
    return exchange.responseBody === undefined ? [] : [`${where}: answers a body where GitHub documents none`]
  return schemaErrors(`${ref}/content/application~1json/schema`, exchange.responseBody).map((e) => `${where}: ${e}`)
}

/** Both, for every exchange: an empty list when all are as GitHub documents them. */
export function contractProblems(exchanges: readonly Exchange[]): string[] {
  return [...new Set(exchanges.flatMap((exchange) => [...requestProblems(exchange), ...responseProblems(exchange)]))]
}
