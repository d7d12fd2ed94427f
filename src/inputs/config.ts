/** The typed config each mode's main step receives, parsed once from the inputs (modes.ts). */
import type { GpuType, NetworkPolicy } from '../client/schemas.ts'
import type { Mode } from './defaults.ts'
import type { RunRequest } from './run.ts'
import type { RunnerRequest, WorkflowRun } from './runner.ts'
import type { SshRequest } from './ssh.ts'

export interface Connection {
  apiToken: string
  baseUrl: string
}

export interface StartConfig extends Connection {
  mode: 'start'
  name: string
  /** true: the action generated a unique name, so nobody holds it; false: the user chose it, and the start first looks for sandboxes holding it. */
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
  /** runner: true: the JIT runner to register; undefined: none. */
  runner: RunnerRequest | undefined
}

export interface StopConfig extends Connection {
  mode: 'stop'
  sandboxId: string
  /** The token that may delete the sandbox's runner registration, and the repository; undefined: none to use. */
  runnerCleanup: { githubToken: string; repository: SweepRepository } | undefined
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

/** The repository a sweep works for, from the runner's environment. */
export interface SweepRepository {
  owner: string
  repo: string
  /** GITHUB_REPOSITORY_ID: what default sandbox names carry. */
  id: string
  /** GITHUB_API_URL (GitHub Enterprise Server), else https://api.github.com. */
  apiUrl: string
  /** GITHUB_SERVER_URL, for links to runs in the summary. */
  serverUrl: string
}

/** Make an existing sandbox reachable over SSH from this job; never stop it. */
export interface ConnectConfig extends Connection {
  mode: 'connect'
  sandboxId: string
  ssh: SshRequest
}

export interface SweepConfig extends Connection {
  mode: 'sweep'
  githubToken: string
  dryRun: boolean
  repository: SweepRepository
}

export type ActionConfig = StartConfig | StopConfig | NetworkPolicyConfig | InstanceConfig | SweepConfig | ConnectConfig

/** Post step: only what cleanup needs, so an unrelated bad input never blocks a stop. */
export interface CleanupConfig extends Connection {
  mode: Mode
  keepAlive: boolean
  /** For a runner registered by the main step: the token, how long to wait for a job, and whose jobs may take it (read only when state has a runner). */
  runner: () => {
    githubToken: string
    repository: SweepRepository | undefined
    pickupTimeoutMs: number
    workflowRun: WorkflowRun | undefined
  }
}
