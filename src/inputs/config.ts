/** The typed config each mode's main step receives, parsed once from the inputs (read.ts). */
import type { GpuType, NetworkPolicy } from '../client/schemas.ts'
import type { Mode } from './defaults.ts'
import type { RunRequest } from './run.ts'
import type { GitHubRepository } from './job-environment.ts'
import type { RunnerCleanup, RunnerRequest } from './runner.ts'
import type { SshRequest } from './ssh.ts'
import type { LiveLimit, SpendingCaps } from './caps.ts'
import type { GpuCheckRequest } from './gpu-check.ts'
import type { ApprovalRequest } from './approval.ts'
import type { CommentTarget } from './comment.ts'
import type { DebugRequest } from './debug.ts'
import type { PoolInput } from './pool.ts'

export interface Connection {
  apiToken: string
  baseUrl: string
}

export interface StartConfig extends Connection {
  mode: 'start'
  name: string
  /**
   * true: the action generated a unique name, so nobody holds it; false: the user chose it, and the start first looks
   * for sandboxes holding it.
   */
  nameWasGenerated: boolean
  cpu: number
  memoryGib: number
  storageGib: number
  /** Ordered preference; empty for a CPU-only sandbox. */
  gpuTypes: GpuType[]
  gpuCount: number | undefined
  capacityTimeoutMs: number
  networkPolicy: NetworkPolicy
  env: Record<string, string>
  /** image_id to start from; undefined: not sent. */
  image: string | undefined
  maxTtlSeconds: number
  enforceTtl: boolean
  /** max-cost, max-hourly-price, min-gpu-memory; applied by sandbox/caps.ts before any start. */
  caps: SpendingCaps
  /** Set by the caps: the TTL max-cost buys at each GPU type's price ('cpu' without a GPU), when below max-ttl. */
  ttlByType?: Partial<Record<GpuType | 'cpu', number>>
  /** max-live: the limit of this repository's live sandboxes; undefined: none. */
  liveLimit: LiveLimit | undefined
  /** Set by the caps: what they did, one line each (the summary's Caps row). */
  capsApplied?: string[]
  maxGraceSeconds: number | undefined
  wait: boolean
  timeoutMs: number
  pollIntervalMs: number
  replaceExisting: boolean
  keepAlive: boolean
  dryRun: boolean
  /** ssh: true (or run): the alias later steps use; undefined: no SSH access. */
  ssh: SshRequest | undefined
  /** run: the script, and what is copied there and back; undefined: no run. */
  run: RunRequest | undefined
  /** approve-label, min-permission: the gate checked before any request to the service; undefined: none. */
  approval: ApprovalRequest | undefined
  /** debug-on-failure: how long the post step holds a failed run's sandbox, for whose key; undefined: never. */
  debug: DebugRequest | undefined
  /** comment: true in a pull-request run: where the comment goes; undefined: no comment. */
  comment: CommentTarget | undefined
  /** gpu-check: what nvidia-smi must show after ready; undefined: no check. */
  gpuCheck: GpuCheckRequest | undefined
  /** gpu-report: sample the GPUs over SSH from ready to the stop, and report what they did. */
  gpuReport: boolean
  /** runner: true: the JIT runner to register; undefined: none. */
  runner: RunnerRequest | undefined
  /** pool: claim from this warm pool first, then refill it; undefined: no pool. */
  pool?: PoolInput
}

/** Mode `pool`: the start's own inputs say what the pool's sandboxes are; nothing of this job runs on them. */
export interface PoolConfig extends Omit<StartConfig, 'mode' | 'pool'> {
  mode: 'pool'
  pool: PoolInput
}

export interface StopConfig extends Connection {
  mode: 'stop'
  sandboxId: string
  /** The token that may delete the sandbox's runner registration, and the repository; undefined: none to use. */
  runnerCleanup: { githubToken: string; repository: GitHubRepository } | undefined
}

export interface NetworkPolicyConfig extends Connection {
  mode: 'network-policy'
  sandboxId: string
  networkPolicy: NetworkPolicy
}

export interface InstanceConfig extends Connection {
  mode: 'instance'
  publicKey: string | undefined
  instanceConfig: Record<string, unknown>
  keepAlive: boolean
  dryRun: boolean
  ssh: SshRequest | undefined
}

/** Make an existing sandbox reachable over SSH from this job; never stop it. */
export interface ConnectConfig extends Connection {
  mode: 'connect'
  sandboxId: string
  ssh: SshRequest
  /** comment: true in a pull-request run: where the comment goes; undefined: no comment. */
  comment?: CommentTarget
}

export interface SweepConfig extends Connection {
  mode: 'sweep'
  githubToken: string
  dryRun: boolean
  repository: GitHubRepository
  /** pool-idle: this repository's pool sandboxes unclaimed for longer are stopped too. */
  poolIdleSeconds: number
}

export type ActionConfig =
  StartConfig | StopConfig | NetworkPolicyConfig | InstanceConfig | SweepConfig | ConnectConfig | PoolConfig

/** Post step: only what cleanup needs, so an unrelated bad input never blocks a stop. */
export interface CleanupConfig extends Connection {
  mode: Mode
  keepAlive: boolean
  /**
   * For a runner registered by the main step: the token, how long to wait for a job, and whose jobs may take it (read
   * only when state has a runner).
   */
  runner: () => RunnerCleanup
  /** debug-on-failure, read again by the post step. */
  debug: () => DebugRequest | undefined
  /** comment: true in a pull-request run: where the final comment goes. */
  comment: () => CommentTarget | undefined
}
