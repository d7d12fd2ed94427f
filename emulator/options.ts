/** The emulator's options, their defaults, and the shared shapes of its state. */
import type { Generation } from './generation.ts'
import type { GpuFault } from './gpu.ts'
import type { GpuFaultPlan } from './gpu-faults.ts'
import type { SshHostOptions, SshService } from './ssh-service.ts'

export type GpuType = 'A6000' | 'A100' | 'H100'
export const GPU_TYPES: GpuType[] = ['A6000', 'A100', 'H100']

type StatusFault = 500 | 502 | 503 | 504 | 400 | 401 | 403
export type FaultKind = StatusFault | 'hang' | 'reset' | 'lost-answer' | 'malformed-json' | 'slow-body' | 'key-not-json'

export interface FaultRule {
  /** e.g. 'POST /sandboxes/start', 'GET /sandboxes/:id', 'GET /sandboxes', 'POST /sandboxes/:id/stop'. */
  route: string
  /** 1-based attempts (per route, counted since the rule was added) that get the fault; default every attempt. */
  attempts?: number[]
  fault: FaultKind
  /** For status faults: the error object's `error` and `message` (hostile text, say). `{{authorization}}` echoes the header. */
  error?: string
  message?: string
}

export interface Organization {
  token: string
  name: string
  sandboxAccess: boolean
}

export interface EmulatorOptions {
  host?: string
  port?: number
  https?: boolean
  organizations?: Organization[]
  /** Time from accepted start to running/failed. */
  provisioningMs?: number
  /** A random extra of up to this much per sandbox (benchmarks sample detection lag at every phase). */
  provisioningJitterMs?: number
  /** Outcome of provisioning: 'running', 'failed', or a function of the request. */
  outcome?: 'running' | 'failed' | ((body: StartBody) => 'running' | 'failed')
  /** Time from stop to stopped. */
  stopMs?: number
  /** Time a seeded 'stopping' sandbox (another job's) takes to stop (default stopMs); `finishStops` ends it sooner. */
  seededStopMs?: number
  /** Free GPUs per type (each sandbox takes gpu_count). */
  capacity?: Partial<Record<GpuType, number>>
  /** Rate limit window; the service's is one minute. */
  rateWindowMs?: number
  /** The clock of the rate-limit windows (Date.now by default): a test shares its fake clock with the emulator. */
  rateClock?: () => number
  /** The records' clock (created_at, updated_at, so expires_at): a benchmark's compressed time; default Date.now. */
  now?: () => number
  startStopLimit?: number
  getListLimit?: number
  /** Milliseconds per TTL second (1000 in real time; smaller in tests). */
  ttlSecondMs?: number
  pageSize?: number
  creditAlert?: { amount_cents: number; armed: boolean; created_at: number } | null
  pricing?: Record<string, number>
  faults?: FaultRule[]
  /** Enables /_emulator/* admin routes (reset, faults, requests, sandboxes). */
  admin?: boolean
  /** Eventual consistency: for this long after an accepted start, GET /sandboxes/{id} and its stop answer 404. */
  invisibleForMs?: number
  /** Counted, not timed: the first this many stops of each sandbox answer 404, however late they come. */
  invisibleForStops?: number
  /** A list that lags its starts: a sandbox started less than this long ago is left out of GET /sandboxes. */
  listLagMs?: number
  /** Ready no sooner than a list showed it and then a request named it: a job's recount lands before ready. */
  readyAfterRecount?: boolean
  /**
   * An ended sandbox is forgotten this long after it ended: its GET, wait and stop answer 404 and the list
   * leaves it out (a service that keeps no record of ended sandboxes). Default: kept for good.
   */
  forgetEndedMs?: number
  /** A stop of a failed sandbox answers 409 sandbox_not_running instead of 202. */
  refuseStopWhenFailed?: boolean
  /** List pages carry other arrays beside the results (`warnings: []`, `regions: [...]`). */
  listExtraArrays?: boolean
  /** Extra fields in every record (get and list): odd but valid answers, e.g. a huge one. */
  recordExtra?: Record<string, unknown>
  /**
   * Which service: 'v1' (the v1.0 description: running/stopping/stopped, no
   * blocking wait, no instance list, fixed instance identifiers) or 'current'
   * (as deployed: created/ready/finished, GET /sandboxes/{id}/wait, record
   * extras, list limit and status=active, GET /instances/list with shifting
   * identifiers). Default 'v1'.
   */
  generation?: Generation
  /**
   * SSH access (current generation): POST /sandboxes/ssh-certificate signs with
   * the organization's authority, and a real sshd on loopback (where installed)
   * is the address every record's `ssh` field and every instance gives.
   */
  ssh?: boolean
  /** With ssh: start the sshd (default true where installed); false: the authority only, so records carry no ssh. */
  sshd?: boolean
  /** A host_key in the records other than sshd's own (a host-key mismatch). */
  sshHostKeyOverride?: string
  /** What is wrong with the GPUs of each GPU sandbox that gets ready, in order (undefined: healthy); gpu.ts. */
  gpuFaults?: (GpuFault | undefined)[]
  /** GPU faults during use, for each GPU sandbox that gets ready, in order (undefined: none); gpu-faults.ts. */
  gpuFaultPlans?: (GpuFaultPlan[] | undefined)[]
  /** With ssh: the login user and Docker of the emulated host (ssh-service.ts; default: as deployed where possible). */
  sshHost?: SshHostOptions
  /** With ssh: how long each certificate is valid, in seconds (default 3600; the service's is about an hour). sshd refuses it after that. */
  sshCertificateSeconds?: number
  /** Milliseconds per second of a blocking-wait window (1000 in real time; smaller in tests). */
  waitSecondMs?: number
  /** Why a failed sandbox failed (the current generation shows it as failure_code and failure). */
  failure?: { code: string; message: string }
  /** Hostile or odd text: the start answer's name, and the word shown for each status. */
  answerName?: string
  statusWords?: Record<string, string>
  /** The smallest spec a start may ask for (v1.0 shows no bounds): below it, 400 invalid_request. */
  minSpec?: { cpu_count: number; memory_gib: number; storage_gib: number }
  /** Rewrites the policy the network-policy route answers it accepted. */
  acceptedPolicyFilter?: (policy: StartBody['network_policy']) => StartBody['network_policy']
}

export interface StartBody {
  name?: string
  env?: Record<string, string>
  spec: { cpu_count: number; memory_gib: number; storage_gib: number; gpu_count?: number; gpu_type?: GpuType }
  network_policy: {
    internet_access: 'closed' | 'open' | 'restricted'
    cidr_allowlist?: string[]
    domain_allowlist?: string[]
  }
  lifetime: { enforce_ttl?: boolean; max_ttl_seconds?: number; max_grace_seconds?: number }
  /** The deployed service: an image prepared earlier (v1.0 ignores it). */
  image_id?: string
}

export interface SandboxState {
  id: string
  name: string
  org: string
  status: string
  created_at: string
  updated_at: string
  spec: StartBody['spec']
  network_policy: StartBody['network_policy']
  lifetime: StartBody['lifetime']
  env_keys: string[]
  stopped_reason?: string
  image_id?: string
  /** forgetEndedMs passed: the service answers 404 for it. */
  forgotten?: boolean
  /** Why this one failed, when not options.failure (its container did not start). */
  failure?: { code: string; message: string }
}

export interface RecordedRequest {
  method: string
  path: string
  query: Record<string, string>
  body: unknown
  /** Whether an Authorization header came; the token itself is never recorded. */
  authPresent: boolean
  org: string | undefined
  status: number | 'fault'
  at: number
}

export const DEFAULT_TOKEN = 'emulator-token-0123456789abcdef'
export const NO_SANDBOX_ACCESS_TOKEN = 'emulator-token-no-sandbox-access'

/** The v1.0 catalog (its structure is "not shown" there): per-unit CPU, memory and disk beside the GPU keys. */
export const DEFAULT_PRICING: Record<string, number> = {
  h100_x1_prototyping: 1.89,
  h100_x1_production: 2.49,
  a100_x1_prototyping: 0.78,
  a100_x1_production: 1.05,
  a6000_x1_prototyping: 0.27,
  a6000_x1_production: 0.41,
  additional_vcpus: 0.0095,
  additional_memory_gib: 0.0035,
  disk_gb: 0.00015,
  // Historical key kept by the legacy catalog.
  t4_x1_prototyping: 0.13,
}

/**
 * The deployed catalog (shared/service-as-deployed.md): `<gpu>_x<count>_<mode>`, `additional_vcpus`, `disk_gb` and
 * `ephemeral_disk_gb`; no memory price.
 */
export const DEPLOYED_PRICING: Record<string, number> = {
  h100_x1_prototyping: 1.89,
  h100_x1_production: 2.49,
  h100_x2_prototyping: 3.78,
  h100_x4_production: 9.96,
  a100_x1_prototyping: 0.78,
  a100_x1_production: 1.05,
  a100_x2_prototyping: 1.56,
  a6000_x1_prototyping: 0.27,
  a6000_x1_production: 0.41,
  additional_vcpus: 0.0095,
  disk_gb: 0.00015,
  ephemeral_disk_gb: 0.0001,
}

/** The options with every default filled in (host, port, https, faults and rateClock are the server's own). */
export type ResolvedOptions = Required<
  Omit<
    EmulatorOptions,
    | 'host'
    | 'port'
    | 'https'
    | 'outcome'
    | 'creditAlert'
    | 'faults'
    | 'admin'
    | 'recordExtra'
    | 'acceptedPolicyFilter'
    | 'answerName'
    | 'statusWords'
    | 'sshHostKeyOverride'
    | 'rateClock'
    | 'forgetEndedMs'
    | 'now'
    | 'minSpec'
  >
> &
  Pick<
    EmulatorOptions,
    | 'outcome'
    | 'creditAlert'
    | 'admin'
    | 'recordExtra'
    | 'acceptedPolicyFilter'
    | 'answerName'
    | 'statusWords'
    | 'sshHostKeyOverride'
    | 'forgetEndedMs'
    | 'now'
    | 'minSpec'
  >

export function resolveOptions(options: EmulatorOptions): ResolvedOptions {
  return {
    organizations: options.organizations ?? [
      { token: DEFAULT_TOKEN, name: 'org-default', sandboxAccess: true },
      { token: NO_SANDBOX_ACCESS_TOKEN, name: 'org-no-sandbox', sandboxAccess: false },
    ],
    provisioningMs: options.provisioningMs ?? 300,
    provisioningJitterMs: options.provisioningJitterMs ?? 0,
    outcome: options.outcome ?? 'running',
    stopMs: options.stopMs ?? 100,
    seededStopMs: options.seededStopMs ?? options.stopMs ?? 100,
    capacity: { A6000: 4, A100: 4, H100: 2, ...options.capacity },
    rateWindowMs: options.rateWindowMs ?? 60_000,
    startStopLimit: options.startStopLimit ?? 30,
    getListLimit: options.getListLimit ?? 600,
    ttlSecondMs: options.ttlSecondMs ?? 1000,
    pageSize: options.pageSize ?? 50,
    creditAlert:
      options.creditAlert === undefined
        ? { amount_cents: 5000, armed: true, created_at: 1767225600 }
        : options.creditAlert,
    pricing: options.pricing ?? (options.generation === 'current' ? DEPLOYED_PRICING : DEFAULT_PRICING),
    admin: options.admin ?? false,
    invisibleForMs: options.invisibleForMs ?? 0,
    invisibleForStops: options.invisibleForStops ?? 0,
    listLagMs: options.listLagMs ?? 0,
    readyAfterRecount: options.readyAfterRecount ?? false,
    refuseStopWhenFailed: options.refuseStopWhenFailed ?? false,
    listExtraArrays: options.listExtraArrays ?? false,
    recordExtra: options.recordExtra,
    acceptedPolicyFilter: options.acceptedPolicyFilter,
    answerName: options.answerName,
    statusWords: options.statusWords,
    generation: options.generation ?? 'v1',
    waitSecondMs: options.waitSecondMs ?? 1000,
    ssh: options.ssh ?? false,
    sshd: options.sshd ?? true,
    sshCertificateSeconds: options.sshCertificateSeconds ?? 3600,
    sshHostKeyOverride: options.sshHostKeyOverride,
    sshHost: options.sshHost ?? {},
    gpuFaults: options.gpuFaults ?? [],
    gpuFaultPlans: options.gpuFaultPlans ?? [],
    forgetEndedMs: options.forgetEndedMs,
    now: options.now,
    minSpec: options.minSpec,
    failure: options.failure ?? { code: 'host_unreachable', message: 'the sandbox host did not come up' },
  }
}

/** What the parts of the emulator share: the options, the SSH service, and timers that close() clears. */
export interface EmulatorHost {
  readonly options: ResolvedOptions
  readonly sshService: SshService | undefined
  readonly closed: boolean
  later(ms: number, fn: () => void): void
}
