/**
 * What the live check says of the answers it saw: each checked against the
 * client's own schemas (src/client/schemas.ts, the page reader, the SSH
 * endpoint reader), the fields docs/service.md does not name, and then the
 * differences from docs/service.md: routes, and fields, it never mentions.
 * What the service said reaches the output only through serviceText.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { z } from 'zod'
import {
  creditAlertSchema,
  errorBodySchema,
  pricingSchema,
  sandboxRecordSchema,
  sshCertificateSchema,
  startResponseSchema,
} from '../../src/client/schemas.ts'
import { readSandboxPage } from '../../src/client/page.ts'
import { serviceText } from '../../src/runtime/untrusted.ts'
import { endpointFromRecord } from '../../src/ssh/endpoint.ts'
import type { Recorded } from './proxy.ts'

type Check = (body: unknown) => string | undefined

const bySchema =
  (schema: z.ZodType): Check =>
  (body) => {
    const parsed = schema.safeParse(body)
    return parsed.success ? undefined : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
  }

const record: Check = (body) => {
  const problem = bySchema(sandboxRecordSchema)(body)
  if (problem) return problem
  try {
    endpointFromRecord(body as Record<string, unknown>)
    return undefined
  } catch (error) {
    return `ssh: ${(error as Error).message}`
  }
}

/** The client's reading of each route's answer (2xx); every error answer is read as the error body. */
const CHECKS: Record<string, Check> = {
  'POST /sandboxes/start': bySchema(startResponseSchema),
  'GET /sandboxes/{id}': record,
  'GET /sandboxes/{id}/wait': record,
  'POST /sandboxes/{id}/stop': () => undefined,
  'GET /sandboxes': (body) => {
    const page = readSandboxPage(body)
    return page.ok ? undefined : page.why
  },
  'POST /sandboxes/ssh-certificate': bySchema(sshCertificateSchema),
  'GET /credit-alert': bySchema(creditAlertSchema),
  'GET /pricing': bySchema(pricingSchema),
}
/** Objects whose fields the docs name one by one. */
const NESTED = ['ssh', 'spec', 'network_policy', 'lifetime']

export const route = (exchange: Recorded) =>
  `${exchange.method} ${exchange.path.replace(/\/sbx-[a-f0-9]{16}(?=\/|$)/, '/{id}')}`

export interface Row {
  route: string
  status: number
  ms: number
  /** 'yes', 'no: why', or '-' (no schema for this route). */
  schemaOk: string
  undocumented: string[]
}

function fieldsOf(body: unknown): string[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return []
  return Object.entries(body).flatMap(([key, value]) =>
    NESTED.includes(key) && typeof value === 'object' && value !== null && !Array.isArray(value)
      ? [key, ...Object.keys(value).map((inner) => `${key}.${inner}`)]
      : [key],
  )
}

/** Whether the docs name the field as a word inside code (`status`, `{"ssh_certificate": …}`). */
function namedInDocs(docs: string, field: string): boolean {
  const escaped = field.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const word = new RegExp(`(^|[^A-Za-z0-9_])${escaped}([^A-Za-z0-9_]|$)`)
  return [...docs.matchAll(/`([^`]+)`/g)].some((span) => word.test(span[1] ?? ''))
}

export function rows(exchanges: readonly Recorded[], docs: string): Row[] {
  return exchanges.map((exchange) => {
    let body: unknown
    try {
      body = exchange.text === '' ? undefined : JSON.parse(exchange.text)
    } catch {
      body = undefined
    }
    const check = exchange.status >= 400 ? bySchema(errorBodySchema) : CHECKS[route(exchange)]
    const problem = check?.(body)
    const named = (field: string) => namedInDocs(docs, field.split('.').at(-1) ?? field)
    return {
      route: route(exchange),
      status: exchange.status,
      ms: exchange.ms,
      // Field names and schema problems quote the service: through the one sanitiser, as every service text.
      schemaOk: check ? (problem === undefined ? 'yes' : `no: ${serviceText(problem, 200)}`) : '-',
      undocumented: fieldsOf(body)
        .filter((field) => !named(field))
        .map((field) => serviceText(field, 80)),
    }
  })
}

export function serviceDocs(root: string): string {
  return readFileSync(join(root, 'docs', 'service.md'), 'utf8')
}

/** The table, then the differences from docs/service.md. */
export function report(table: readonly Row[], docs: string): string {
  const lines = ['| route | status | time | schema ok | fields the docs do not name |', '|---|---|---|---|---|']
  for (const row of table)
    lines.push(
      `| ${row.route} | ${row.status} | ${row.ms} ms | ${row.schemaOk} | ${row.undocumented.join(', ') || '-'} |`,
    )
  const routes = [...new Set(table.map((row) => row.route))]
  const unnamedRoutes = routes.filter((r) => !docs.includes(`\`${r}`) && !docs.includes(`${r.split(' ')[1]}\``))
  const fields = [...new Set(table.flatMap((row) => row.undocumented.map((field) => `${row.route}: ${field}`)))]
  lines.push('', 'Differences from docs/service.md:')
  for (const r of unnamedRoutes) lines.push(`- route ${r} is not in docs/service.md`)
  for (const field of fields) lines.push(`- ${field} is not named in docs/service.md`)
  if (unnamedRoutes.length + fields.length === 0) lines.push('- none')
  return lines.join('\n')
}
