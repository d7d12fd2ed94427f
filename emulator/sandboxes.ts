/** The sandboxes of every organization: start, stop, status changes on timers, TTL, capacity and the name rule. */
import { randomBytes } from 'node:crypto'
import { nameInUseCode } from './generation.ts'
import { HttpError, type Answer } from './http.ts'
import type { EmulatorHost, GpuType, Organization, SandboxState } from './options.ts'
import { writeGpus } from './gpu.ts'
import { writeFaultPlan } from './gpu-faults.ts'
import { LIVE_STATUSES, validateStart } from './validate.ts'

export class Sandboxes {
  /** Every sandbox ever started, oldest first. */
  readonly all: SandboxState[] = []
  /** When each sandbox entered each status (Date.now()), by id: what the benchmark measures lag from. */
  readonly statusTimes = new Map<string, Record<string, number>>()
  private readonly host: EmulatorHost
  /** readyAfterRecount: each held sandbox, whether a list has shown it, and what lets it turn ready. */
  private readonly held = new Map<string, { listed: boolean; release: () => void }>()
  /** How many GPU sandboxes got ready: the index into options.gpuFaults. */
  private gpuSandboxesReady = 0
  constructor(host: EmulatorHost) {
    this.host = host
  }

  /** readyAfterRecount: a list page showed these sandboxes. */
  shownInList(ids: readonly string[]): void {
    for (const id of ids) {
      const held = this.held.get(id)
      if (held) held.listed = true
    }
  }

  /** readyAfterRecount: a request to `path` named a sandbox; one a list has shown may now turn ready. */
  named(path: string): void {
    const id = /^\/sandboxes\/([^/]+)/.exec(path)?.[1] ?? ''
    const held = this.held.get(id)
    if (!held?.listed) return
    this.held.delete(id)
    held.release()
  }

  /** Sandboxes that are live now (hold their name, cost money). */
  live(): SandboxState[] {
    return this.all.filter((s) => LIVE_STATUSES.has(s.status))
  }

  clear(): void {
    this.all.length = 0
    this.statusTimes.clear()
  }

  /**
   * A sandbox some other job started (not through this emulator's clients):
   * the one a step must never adopt or stop by mistake.
   */
  seed(name: string, requested = 'running', org: string): SandboxState {
    // As deployed there is no "stopping": such a sandbox has already finished.
    const status = requested === 'stopping' && this.host.options.generation === 'current' ? 'stopped' : requested
    const now = this.timestamp()
    const sandbox: SandboxState = {
      id: `sbx-${randomBytes(8).toString('hex')}`,
      name,
      org,
      status,
      created_at: now,
      updated_at: now,
      spec: { cpu_count: 2, memory_gib: 8, storage_gib: 50 },
      network_policy: { internet_access: 'open' },
      lifetime: {},
      env_keys: [],
    }
    this.all.push(sandbox)
    this.statusTimes.set(sandbox.id, { [status]: Date.now(), seeded: Date.now() })
    if (status === 'stopping')
      this.host.later(this.host.options.seededStopMs, () => this.transition(sandbox, 'stopping', 'stopped'))
    return sandbox
  }

  /** A record's time: the options' clock (a benchmark's compressed time), else now. */
  private timestamp(): string {
    return new Date(this.host.options.now?.() ?? Date.now()).toISOString()
  }

  /** Ends every stop under way at once (tests that read 'stopping' first). */
  finishStops(): void {
    for (const sandbox of this.all) this.transition(sandbox, 'stopping', 'stopped')
  }

  find(org: Organization, id: string): SandboxState {
    const sandbox = this.all.find((s) => s.id === id && s.org === org.name && !s.forgotten)
    if (!sandbox) throw new HttpError(404, 'sandbox_not_found', `no sandbox ${id}`)
    return sandbox
  }

  /** Stops each sandbox was sent (invisibleForStops). */
  private readonly stopsSeen = new Map<string, number>()

  /** findVisible for a stop: the first invisibleForStops stops of a sandbox find nothing (404). */
  findVisibleToStop(org: Organization, id: string): SandboxState {
    const sandbox = this.findVisible(org, id)
    const seen = (this.stopsSeen.get(id) ?? 0) + 1
    this.stopsSeen.set(id, seen)
    if (seen <= this.host.options.invisibleForStops) throw new HttpError(404, 'sandbox_not_found', `no sandbox ${id}`)
    return sandbox
  }

  /** find, but a sandbox started less than invisibleForMs ago is not visible yet (404). */
  findVisible(org: Organization, id: string): SandboxState {
    const sandbox = this.find(org, id)
    const startedAt = this.statusTimes.get(id)?.pending
    if (startedAt !== undefined && Date.now() - startedAt < this.host.options.invisibleForMs) {
      throw new HttpError(404, 'sandbox_not_found', `no sandbox ${id}`)
    }
    return sandbox
  }

  gpusInUse(type: GpuType): number {
    return this.all
      .filter((s) => s.spec.gpu_type === type && LIVE_STATUSES.has(s.status))
      .reduce((sum, s) => sum + (s.spec.gpu_count ?? 1), 0)
  }

  start(org: Organization, body: unknown, raw: string): Answer {
    const request = validateStart(body, raw)
    const least = this.host.options.minSpec
    for (const field of ['cpu_count', 'memory_gib', 'storage_gib'] as const)
      if (least && request.spec[field] < least[field])
        throw new HttpError(400, 'invalid_request', `spec.${field} must be at least ${least[field]}`)
    const id = `sbx-${randomBytes(8).toString('hex')}`
    const name = request.name ?? id
    if (this.all.some((s) => s.org === org.name && s.name === name && LIVE_STATUSES.has(s.status))) {
      throw new HttpError(
        409,
        nameInUseCode(this.host.options.generation),
        `the name '${name}' is held by another live sandbox; choose another name or stop that sandbox`,
      )
    }
    const gpu = request.spec.gpu_type
    if (gpu) {
      const wanted = request.spec.gpu_count ?? 1
      const free = (this.host.options.capacity[gpu] ?? 0) - this.gpusInUse(gpu)
      if (free < wanted)
        throw new HttpError(
          503,
          'sandbox_capacity_unavailable',
          `no ${gpu} capacity free (${Math.max(0, free)} free, ${wanted} asked)`,
        )
    }
    const now = this.timestamp()
    const sandbox: SandboxState = {
      id,
      name,
      org: org.name,
      status: 'pending',
      created_at: now,
      updated_at: now,
      spec: { ...request.spec, ...(gpu ? { gpu_count: request.spec.gpu_count ?? 1 } : {}) },
      network_policy: request.network_policy,
      lifetime: request.lifetime,
      env_keys: Object.keys(request.env ?? {}),
    }
    if (typeof request.image_id === 'string') sandbox.image_id = request.image_id
    this.all.push(sandbox)
    this.statusTimes.set(id, { pending: Date.now() })
    this.provision(sandbox, request)
    if (request.lifetime.enforce_ttl && request.lifetime.max_ttl_seconds !== undefined) {
      this.host.later(request.lifetime.max_ttl_seconds * this.host.options.ttlSecondMs, () => {
        if (LIVE_STATUSES.has(sandbox.status) && sandbox.status !== 'stopping') this.stop(sandbox, 'ttl expired')
      })
    }
    return { status: 202, body: { id, name: this.host.options.answerName ?? name } }
  }

  /** pending, then provisioning, then (after provisioning, a container and readyAfterRecount's event) its outcome. */
  private provision(sandbox: SandboxState, request: ReturnType<typeof validateStart>): void {
    const id = sandbox.id
    const outcome =
      typeof this.host.options.outcome === 'function'
        ? this.host.options.outcome(request)
        : (this.host.options.outcome ?? 'running')
    const provisioning = this.host.options.provisioningMs + Math.random() * this.host.options.provisioningJitterMs
    this.host.later(Math.min(20, provisioning / 4), () => this.transition(sandbox, 'pending', 'provisioning'))
    // An image-backed sandbox is ready once its container runs (a real one where the host has Docker).
    const container = sandbox.image_id !== undefined ? this.host.sshService?.startContainer() : undefined
    container?.catch(() => undefined)
    const held = this.host.options.readyAfterRecount
      ? new Promise<void>((release) => this.held.set(id, { listed: false, release }))
      : undefined
    this.host.later(
      provisioning,
      () => void Promise.resolve(held).then(() => this.provisioned(sandbox, outcome, container)),
    )
  }

  private async provisioned(sandbox: SandboxState, outcome: string, container?: Promise<void>): Promise<void> {
    let result = outcome
    try {
      await container
      // A sandbox of its own sshd (perSandbox) is reachable once ready, as a machine is.
      if (outcome === 'running') await this.host.sshService?.startFor(sandbox.id)
    } catch (error) {
      result = 'failed'
      sandbox.failure = { code: 'container_start_failed', message: (error as Error).message }
    }
    if (this.host.closed) return
    if (!this.transition(sandbox, 'provisioning', result)) this.transition(sandbox, 'pending', result)
    const host = this.host.sshService?.hostFor(sandbox.id)
    if (!host || sandbox.status !== 'running') return
    const index = sandbox.spec.gpu_type ? this.gpuSandboxesReady++ : undefined
    const fault = index === undefined ? undefined : this.host.options.gpuFaults[index]
    writeGpus(host.gpuFile, sandbox.spec, fault)
    writeFaultPlan(host.gpuFile, index === undefined ? undefined : this.host.options.gpuFaultPlans[index])
  }

  transition(sandbox: SandboxState, from: string, to: string): boolean {
    if (sandbox.status !== from) return false
    this.setStatus(sandbox, to)
    return true
  }

  setStatus(sandbox: SandboxState, status: string): void {
    sandbox.status = status
    sandbox.updated_at = this.timestamp()
    const times = this.statusTimes.get(sandbox.id)
    if (times) times[status] ??= Date.now()
    const forgetAfter = this.host.options.forgetEndedMs
    if (status === 'stopped' && forgetAfter !== undefined)
      this.host.later(forgetAfter, () => (sandbox.forgotten = true))
  }

  /** Ends a sandbox the way its TTL or a stop from another job would (tests of a sandbox gone under the action). */
  endElsewhere(id: string): void {
    const sandbox = this.all.find((s) => s.id === id)
    if (sandbox) this.stop(sandbox, 'stopped elsewhere')
  }

  stop(sandbox: SandboxState, reason: string): Answer {
    if (LIVE_STATUSES.has(sandbox.status) && sandbox.status !== 'stopping') {
      sandbox.stopped_reason = reason
      if (this.host.options.generation === 'current') {
        // As deployed there is no "stopping": the sandbox is finished, and its name free, at once.
        this.setStatus(sandbox, 'stopped')
      } else {
        this.setStatus(sandbox, 'stopping')
        this.host.later(this.host.options.stopMs, () => this.transition(sandbox, 'stopping', 'stopped'))
      }
    } else if (sandbox.status === 'failed') {
      this.setStatus(sandbox, 'stopped')
      sandbox.stopped_reason = reason
    }
    return { status: 202, body: { id: sandbox.id, status: sandbox.status } }
  }
}
