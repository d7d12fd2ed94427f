/**
 * zod schemas of the service's bodies. Records are loose objects: fields the
 * interface does not show pass through untouched (the `sandbox` output).
 */
import { z } from 'zod'

export const GPU_TYPES = ['A6000', 'A100', 'H100'] as const
export type GpuType = (typeof GPU_TYPES)[number]

export const INTERNET_ACCESS = ['closed', 'open', 'restricted'] as const

export const SANDBOX_ID_PATTERN = /^sbx-[a-f0-9]{16}$/
/** Instance identifiers are integers or strings; only this safe alphabet is put in a path. */
export const INSTANCE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

export const networkPolicySchema = z.looseObject({
  internet_access: z.enum(INTERNET_ACCESS),
  cidr_allowlist: z.array(z.string()).optional(),
  domain_allowlist: z.array(z.string()).optional(),
})
export type NetworkPolicy = {
  internet_access: (typeof INTERNET_ACCESS)[number]
  cidr_allowlist?: string[]
  domain_allowlist?: string[]
}

export interface SandboxStartRequest {
  name?: string
  spec: { cpu_count: number; memory_gib: number; storage_gib: number; gpu_count?: number; gpu_type?: GpuType }
  network_policy: NetworkPolicy
  lifetime: { enforce_ttl?: boolean; max_ttl_seconds?: number; max_grace_seconds?: number }
  env?: Record<string, string>
  /** The deployed service: an image prepared earlier through it. */
  image_id?: string
}

export const sandboxIdSchema = z.string().regex(SANDBOX_ID_PATTERN)

export const startResponseSchema = z.looseObject({ id: sandboxIdSchema, name: z.string() })
export type StartResponse = z.infer<typeof startResponseSchema>

export const sandboxRecordSchema = z.looseObject({ status: z.string().min(1) })
export type SandboxRecord = z.infer<typeof sandboxRecordSchema>

/** A list item: a record that may also carry id and name (not shown by the interface). */
export const listedSandboxSchema = z.looseObject({
  id: z.string().optional(),
  name: z.string().optional(),
  status: z.string().optional(),
})
export type ListedSandbox = z.infer<typeof listedSandboxSchema>

export const networkPolicyResultSchema = z.looseObject({ id: z.string(), network_policy: networkPolicySchema })
export type NetworkPolicyResult = z.infer<typeof networkPolicyResultSchema>

export const instanceCreateResponseSchema = z.looseObject({
  identifier: z.union([z.number().int(), z.string().min(1)]),
  uuid: z.string(),
  key: z.string().nullish(),
})
export type InstanceCreateResponse = z.infer<typeof instanceCreateResponseSchema>

/** GET /instances/list (the deployed service): current identifier → instance. */
export const instanceListSchema = z.record(z.string(), z.unknown())
export const listedInstanceSchema = z.looseObject({
  uuid: z.string().optional(),
  status: z.string().optional(),
  ip: z.string().optional(),
  port: z.union([z.number(), z.string()]).optional(),
})
export type ListedInstance = z.infer<typeof listedInstanceSchema> & { identifier: string }

/** POST /sandboxes/ssh-certificate (the deployed service). The certificate is a secret. */
export const sshCertificateSchema = z.looseObject({
  ssh_certificate: z.string().min(1),
  expires_at: z.string().optional(),
})
export type SshCertificate = z.infer<typeof sshCertificateSchema>

export const creditAlertSchema = z.looseObject({
  alert: z.looseObject({ amount_cents: z.number().int(), armed: z.boolean(), created_at: z.number().int() }).nullable(),
})
export type CreditAlert = z.infer<typeof creditAlertSchema>

export const pricingSchema = z.looseObject({ pricing: z.record(z.string(), z.unknown()) })

export const errorBodySchema = z.looseObject({
  code: z.number().optional(),
  error: z.string().optional(),
  message: z.string().optional(),
})
