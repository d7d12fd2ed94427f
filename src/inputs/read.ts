/**
 * Per-mode assembly: which inputs each mode reads, composed from the field
 * parsers. Every input is read here, once; nothing else calls core.getInput.
 */
import { DURATION_BOUNDS, duration } from './durations.ts'
import { Collector, type InputError, type InputReader } from './collector.ts'
import type {
  ActionConfig,
  ConnectConfig,
  Connection,
  PoolConfig,
  InstanceConfig,
  NetworkPolicyConfig,
  StartConfig,
  StopConfig,
  SweepConfig,
} from './config.ts'
import { parseRunner } from './runner.ts'
import { parseUnserved, type UnservedRequest } from './unserved.ts'
import { parseCaps, parseLiveLimit } from './caps.ts'
import { parseGpuCheck, parseGpuReport } from './gpu-check.ts'
import { parseApproval } from './approval.ts'
import { parseComment } from './comment.ts'
import { parseDebug } from './debug.ts'
import { INPUT_DEFAULTS } from './defaults.ts'
import * as field from './fields.ts'
import { imageId } from './image.ts'
import { jsonObject } from './json-object.ts'
import { looksLikePrivateKey, maskPrivateKeyInputs } from './private-key.ts'
import { repositoryFromEnv, type JobEnvironment, jobEnvironmentFromEnv } from './job-environment.ts'
import { parsePaths, type RunRequest } from './run.ts'
import { byteSize } from './sizes.ts'
import { checkAlias, type SshRequest } from './ssh.ts'
import { unusedInputWarnings } from './unused.ts'
import { parseNetworkPolicy } from './network-policy.ts'
import { generateSandboxName } from './default-name.ts'
import { parsePool } from './pool.ts'

/** ssh-alias, checked (its form, and not written by an earlier step of the job). */
function parseAlias(inputs: Collector, job: JobEnvironment): SshRequest | undefined {
  const alias = inputs.raw('ssh-alias').trim()
  const problem = checkAlias(alias, job.aliasInUse ?? (() => false))
  if (problem) {
    inputs.fail('ssh-alias', problem)
    return undefined
  }
  return { alias }
}

/** ssh and ssh-alias, for start and instance modes; `implied`: run needs SSH whatever `ssh` says. */
function parseSsh(inputs: Collector, job: JobEnvironment, implied = false, kept = true): SshRequest | undefined {
  const asked = inputs.parse('ssh', field.boolean)
  if (!asked && !implied) {
    if (inputs.changed('ssh-alias'))
      inputs.fail('ssh-alias', "is set but 'ssh' is not true (and 'run' is empty); set ssh: true to use it")
    return undefined
  }
  const alias = parseAlias(inputs, job)
  return alias && (asked || kept ? alias : { ...alias, laterSteps: false })
}

/** `run` with nothing that uses SSH after the main step (a runner, a debug hold); gpu-report ends with run. */
function runAlone(inputs: Collector, runner: unknown, debug: { refused?: unknown } | undefined): boolean {
  return inputs.isSet('run') && !runner && !(debug && !debug.refused)
}

/** gpu-count: 1 with a GPU type unless given; an error without one. */
function parseGpuCount(inputs: Collector, gpus: readonly string[]): number | undefined {
  if (!inputs.isSet('gpu-count')) return gpus.length > 0 ? 1 : undefined
  const count = inputs.parse('gpu-count', field.wholeNumber(1))
  if (gpus.length === 0)
    inputs.fail('gpu-count', "is set but 'gpu-type' is empty; set gpu-type (A6000, A100 or H100) or remove gpu-count")
  return count
}

/** run, the runner and a prepared pool's own preparation (a job that claims none) work over SSH. */
function usesSsh(inputs: Collector, poolMode: boolean, runner: unknown): boolean {
  const prepares = !poolMode && inputs.isSet('pool') && inputs.isSet('pool-prepare')
  return inputs.isSet('run') || runner !== undefined || prepares
}

function parseStart(inputs: Collector, connection: Connection, job: JobEnvironment, poolMode = false): StartConfig {
  const pool = parsePool(inputs, job, poolMode)
  const gpus = inputs.parse('gpu-type', field.gpuTypes) ?? []
  const gpuCount = parseGpuCount(inputs, gpus)
  if (inputs.isSet('sandbox-id')) {
    inputs.fail(
      'sandbox-id',
      "is used only by modes 'stop', 'network-policy' and 'connect'; mode " +
        "'start' creates a new sandbox (did you mean mode: stop or mode: connect?)",
    )
  }
  const nameWasGenerated = !inputs.isSet('name')
  const maxGrace = inputs.isSet('max-grace')
    ? inputs.parse('max-grace', duration(DURATION_BOUNDS['max-grace']))
    : undefined
  const networkPolicy = parseNetworkPolicy(inputs, 'start')
  const runner = parseRunner(inputs, job, networkPolicy, gpuCount)
  const enforceTtl = inputs.parse('enforce-ttl', field.boolean)
  const sshAnyway = usesSsh(inputs, poolMode, runner) || inputs.raw('ssh').trim().toLowerCase() === 'true'
  const gpuCheck = parseGpuCheck(inputs, gpus, sshAnyway)
  const debug = parseDebug(inputs, job)
  const gpuReport = parseGpuReport(inputs, gpus)
  const implied = usesSsh(inputs, poolMode, runner) || !!gpuCheck || gpuReport === true || (!!debug && !debug.refused)
  const ssh = parseSsh(inputs, job, implied, !runAlone(inputs, runner, debug))
  return {
    mode: 'start',
    ...connection,
    name: nameWasGenerated ? generateSandboxName(job) : inputs.parse('name', field.sandboxName),
    nameWasGenerated,
    cpu: inputs.parse('cpu', field.wholeNumber(1)),
    memoryGib: inputs.parse('memory', field.wholeNumber(1)),
    storageGib: inputs.parse('storage', field.wholeNumber(1)),
    gpuTypes: gpus,
    gpuCount,
    capacityTimeoutMs: inputs.parse('capacity-timeout', duration(DURATION_BOUNDS['capacity-timeout'])) * 1000,
    networkPolicy,
    env: inputs.parse('env', field.envLines),
    image: inputs.isSet('image') ? inputs.parse('image', imageId) : undefined,
    maxTtlSeconds: inputs.parse('max-ttl', duration(DURATION_BOUNDS['max-ttl'])),
    enforceTtl,
    caps: parseCaps(inputs, gpus, enforceTtl),
    liveLimit: parseLiveLimit(inputs, job),
    maxGraceSeconds: maxGrace,
    wait: inputs.parse('wait', field.boolean),
    timeoutMs: inputs.parse('timeout', duration(DURATION_BOUNDS.timeout)) * 1000,
    pollIntervalMs: inputs.parse('poll-interval', duration(DURATION_BOUNDS['poll-interval'])) * 1000,
    replaceExisting: inputs.parse('replace-existing', field.boolean),
    keepAlive: inputs.parse('keep-alive', field.boolean),
    dryRun: inputs.parse('dry-run', field.boolean),
    ssh,
    gpuCheck,
    gpuReport: gpuReport ?? (gpus.length > 0 && ssh !== undefined),
    approval: parseApproval(inputs, job),
    comment: parseComment(inputs, job),
    debug,
    run: parseRun(inputs, job),
    runner,
    ...(pool ? { pool } : {}),
  }
}

/** Mode pool: what its sandboxes are comes from the start's inputs, parsed as a start's (the same request digests). */
function parsePoolMode(inputs: Collector, connection: Connection, job: JobEnvironment): PoolConfig | undefined {
  const start = parseStart(inputs, connection, job, true)
  return start.pool && { ...start, mode: 'pool', pool: start.pool }
}

/** run, upload and download; upload and download mean something only with run. */
function parseRun(inputs: Collector, job: JobEnvironment): RunRequest | undefined {
  const script = inputs.read('run')
  if (script.trim() === '') {
    // pool-prepare sees the upload too (its checkout), with or without run.
    const prepares = inputs.read('pool-prepare').trim() !== ''
    for (const name of ['upload', 'download', 'download-limit', 'retry-on-gpu-fault'] as const) {
      if (inputs.changed(name) && !(name === 'upload' && prepares))
        inputs.fail(name, "is set but 'run' is empty; it copies files for run, so set run (a script) or remove it")
    }
    return undefined
  }
  if (inputs.isSet('wait') && inputs.parse('wait', field.boolean) === false)
    inputs.fail('wait', "is 'false', but 'run' needs the sandbox ready; remove wait: false")
  const workspace = job.workspace ?? process.cwd()
  const upload = parsePaths(inputs.raw('upload'), 'upload', workspace, (message) => inputs.fail('upload', message))
  const download = parsePaths(inputs.raw('download'), 'download', workspace, (message) =>
    inputs.fail('download', message),
  )
  const downloadLimit = inputs.parse('download-limit', byteSize)
  const retryOnGpuFault = inputs.parse('retry-on-gpu-fault', field.wholeNumber(0))
  if (retryOnGpuFault > 2) inputs.fail('retry-on-gpu-fault', `must be 0, 1 or 2, got '${retryOnGpuFault}'`)
  return { script, upload, download, downloadLimit, workspace, retryOnGpuFault }
}

function parseNetworkPolicyMode(inputs: Collector, connection: Connection): NetworkPolicyConfig {
  return {
    mode: 'network-policy',
    ...connection,
    sandboxId: inputs.parse('sandbox-id', field.sandboxId, inputs.read('sandbox-id')),
    networkPolicy: parseNetworkPolicy(inputs, 'network-policy'),
  }
}

function parseInstance(inputs: Collector, connection: Connection, job: JobEnvironment): InstanceConfig {
  const publicKey = inputs.read('public-key').trim()
  if (looksLikePrivateKey(publicKey)) {
    inputs.fail('public-key', 'is a private key (it is masked); give the public key instead, the one-line .pub file')
  } else if (publicKey !== '' && !/^(ssh-|ecdsa-|sk-)[A-Za-z0-9@.-]+ [A-Za-z0-9+/=]+( .*)?$/.test(publicKey)) {
    inputs.fail('public-key', "must be one OpenSSH public key line such as 'ssh-ed25519 AAAA... comment'")
  }
  return {
    mode: 'instance',
    ...connection,
    publicKey: publicKey === '' ? undefined : publicKey,
    instanceConfig: inputs.parse('instance-config', jsonObject),
    keepAlive: inputs.parse('keep-alive', field.boolean),
    dryRun: inputs.parse('dry-run', field.boolean),
    ssh: parseSsh(inputs, job),
  }
}

/** connect: always SSH (the `ssh` input changes nothing there); the alias as in start. */
function parseConnect(inputs: Collector, connection: Connection, job: JobEnvironment): ConnectConfig | undefined {
  const sandboxId = inputs.parse('sandbox-id', field.sandboxId, inputs.read('sandbox-id'))
  const ssh = parseAlias(inputs, job)
  // The comment's key is this job's and the sandbox's: another job connecting to it writes its own.
  const comment = parseComment(inputs, job)
  return ssh && { mode: 'connect', ...connection, sandboxId, ssh, comment }
}

function parseSweep(inputs: Collector, connection: Connection, job: JobEnvironment): SweepConfig | undefined {
  const githubToken = inputs.parse('github-token', field.githubToken)
  const dryRun = inputs.parse('dry-run', field.boolean)
  const repository = repositoryFromEnv(job.env ?? {}, (why) => inputs.fail('mode', `'sweep' ${why}`))
  if (!repository) return undefined
  const poolIdleSeconds = inputs.parse('pool-idle', duration(DURATION_BOUNDS['pool-idle']))
  return { mode: 'sweep', ...connection, githubToken, dryRun, repository, poolIdleSeconds }
}

/**
 * What a stop may use to delete the sandbox's runner registration: a usable token and the repository, else nothing
 * (never an error).
 */
function runnerCleanup(read: InputReader, job: JobEnvironment): StopConfig['runnerCleanup'] {
  const githubToken = field.usableGitHubToken(read('github-token'))
  const repository = repositoryFromEnv(job.env ?? {})
  if (githubToken === undefined || !repository) return undefined
  return { githubToken, repository }
}

export function parseConnection(inputs: Collector): Connection {
  return {
    apiToken: inputs.parse('api-token', field.apiToken, inputs.read('api-token')),
    baseUrl: inputs.parse('base-url', field.baseUrl),
  }
}

/**
 * Parses every input the mode uses. Throws InputErrors listing each bad input;
 * until this returns, nothing has been sent anywhere.
 */
export function parseInputs(read: InputReader, job: JobEnvironment = jobEnvironmentFromEnv()): ActionConfig {
  const inputs = new Collector(read)
  const connection = parseConnection(inputs)
  const mode = inputs.parse('mode', field.mode)
  if (mode === 'start') return inputs.done(parseStart(inputs, connection, job))
  if (mode === 'stop')
    return inputs.done({
      mode: 'stop',
      ...connection,
      sandboxId: inputs.parse('sandbox-id', field.sandboxId, read('sandbox-id')),
      runnerCleanup: runnerCleanup(read, job),
    })
  if (mode === 'network-policy') return inputs.done(parseNetworkPolicyMode(inputs, connection))
  if (mode === 'instance') return inputs.done(parseInstance(inputs, connection, job))
  if (mode === 'sweep') return inputs.done(parseSweep(inputs, connection, job))
  if (mode === 'connect') return inputs.done(parseConnect(inputs, connection, job))
  if (mode === 'pool') return inputs.done(parsePoolMode(inputs, connection, job))
  return inputs.done<ActionConfig>(undefined)
}

/** The tokens and any private key given as an input are masked before anything can print them. */
export function maskSecretInputs(read: InputReader, setSecret: (secret: string) => void): void {
  for (const name of ['api-token', 'github-token'] as const) {
    const value = read(name).trim()
    if (value && value !== INPUT_DEFAULTS['github-token']) setSecret(value)
  }
  // A private key given where a public one belongs is masked before any error can quote it.
  maskPrivateKeyInputs(read, setSecret, ['public-key', 'instance-config'])
}

/** The main step's inputs: secrets masked first, inputs of another mode warned about, then everything parsed once. */
export function readMainInputs(
  core: { getInput: InputReader; setSecret: (secret: string) => void; warning: (message: string) => void },
  job: JobEnvironment,
): ActionConfig {
  const read: InputReader = (name) => core.getInput(name)
  maskSecretInputs(read, (secret) => core.setSecret(secret))
  const mode = field.mode.safeParse(read('mode').trim() || INPUT_DEFAULTS.mode)
  if (mode.success) for (const warning of unusedInputWarnings(read, mode.data)) core.warning(warning)
  return parseInputs(read, job)
}

/** Runner mode's fallback after a failed main step (inputs/unserved.ts): read leniently, never an error. */
export function readUnservedInputs(
  core: { getInput: InputReader },
  job: JobEnvironment,
  errors: readonly InputError[],
): UnservedRequest | undefined {
  return parseUnserved((name) => core.getInput(name), job, errors)
}
