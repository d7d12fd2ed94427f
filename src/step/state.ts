/** Every state key the main step hands to the post step lives here; saved at once, it survives a crash just after. */
import type { ActionCore } from '../runtime/core.ts'
import type { SavedBudget } from '../runtime/github-budget.ts'
import type * as Saved from './saved.ts'

export type * from './saved.ts'
import * as parse from './saved-read.ts'

const KEYS = {
  sandboxName: 'sandbox-name',
  sandboxId: 'sandbox-id',
  startedAt: 'started-at',
  instanceId: 'instance-id',
  instanceUuid: 'instance-uuid',
  sshKeyPath: 'ssh-key-path',
  hourlyCost: 'hourly-cost',
  nameHolders: 'name-holders',
  secretDirectory: 'secret-dir',
  sshInclude: 'ssh-include',
  startRefused: 'start-refused',
  sandboxSeen: 'sandbox-seen',
  renewerPid: 'renewer-pid',
  runner: 'runner',
  stoppedByMainStep: 'stopped-by-main-step',
  approval: 'approval',
  spentBefore: 'spent-before',
  commentFacts: 'comment-facts',
  githubBudget: 'github-budget',
  debugAccess: 'debug-access',
  mainFailure: 'main-failure',
  unserved: 'unserved-runner',
  gpuReport: 'gpu-report',
  poolClaims: 'pool-claims',
  poolPreparing: 'pool-preparing',
} as const

export class ActionState {
  private readonly core: Pick<ActionCore, 'saveState' | 'getState'>
  constructor(core: Pick<ActionCore, 'saveState' | 'getState'>) {
    this.core = core
  }

  /** Saved before each start (the post step finds by name a sandbox whose id never arrived); forgets a replaced id. */
  saveSandboxName(name: string): void {
    if (this.read(KEYS.sandboxId))
      for (const key of [KEYS.sandboxId, KEYS.startedAt, KEYS.sandboxSeen]) this.core.saveState(key, '')
    this.core.saveState(KEYS.sandboxName, name)
  }

  /**
   * Sandboxes that held the name before the first start attempt (or that replace-existing stopped): never adopted,
   * never stopped by the search by name. Saved before the name, so a post step that knows the name knows them too.
   */
  saveNameHolders(ids: readonly string[]): void {
    this.core.saveState(KEYS.nameHolders, ids.join(','))
  }

  get nameHolders(): string[] {
    return (this.read(KEYS.nameHolders) ?? '').split(',').filter((id) => id !== '')
  }

  /** Every start attempt was refused (`why`, e.g. '401 unauthorized'): there is nothing to find by name. */
  clearSandboxName(why: string): void {
    this.core.saveState(KEYS.sandboxName, '')
    this.core.saveState(KEYS.startRefused, why)
  }

  /** Why every start attempt was refused, when they were. */
  get startRefused(): string | undefined {
    return this.read(KEYS.startRefused)
  }

  /** Saved the moment the start answer arrives, before any polling. */
  saveSandboxId(id: string, startedAt: number): void {
    this.core.saveState(KEYS.sandboxId, id)
    this.core.saveState(KEYS.startedAt, String(startedAt))
  }

  /** The service has shown the sandbox (a record, a blocking-wait answer): a 404 now means gone, not "not yet". */
  saveSandboxSeen(): void {
    this.core.saveState(KEYS.sandboxSeen, 'true')
  }

  get sandboxSeen(): boolean {
    return this.read(KEYS.sandboxSeen) === 'true'
  }

  /** The main step stopped this sandbox itself (it failed the GPU check) and the stop was accepted. */
  saveStoppedByMainStep(id: string): void {
    this.core.saveState(KEYS.stoppedByMainStep, id)
  }

  get stoppedByMainStep(): string | undefined {
    return this.read(KEYS.stoppedByMainStep)
  }

  saveApproval(approval: Saved.SavedApproval): void {
    this.core.saveState(KEYS.approval, JSON.stringify(approval))
  }

  get approval(): Saved.SavedApproval | undefined {
    return parse.savedApproval(this.json(KEYS.approval))
  }

  /** What the sandboxes stopped before use cost (dollars null: a price was missing). */
  saveSpentBefore(spent: { seconds: number; dollars: number | undefined }): void {
    this.core.saveState(KEYS.spentBefore, JSON.stringify({ seconds: spent.seconds, dollars: spent.dollars ?? null }))
  }

  get spentBefore(): { seconds: number; dollars: number | undefined } | undefined {
    return parse.savedSpent(this.json(KEYS.spentBefore))
  }

  /** What the main step's pull-request comment said: the post step writes the final version from it. */
  saveCommentFacts(facts: Saved.SavedCommentFacts): void {
    this.core.saveState(KEYS.commentFacts, JSON.stringify(facts))
  }

  /** The comment's own shape (src/comment/text.ts) is its to say: state checks only what every version has. */
  commentFacts<Facts extends Saved.SavedCommentFacts>(): Facts | undefined {
    const facts = this.json(KEYS.commentFacts)
    return typeof facts?.sandboxId === 'string' && typeof facts.status === 'string'
      ? (facts as unknown as Facts)
      : undefined
  }

  /** What GitHub's last answer in the main step said of the token's hour: the post step's comment starts from it. */
  saveGitHubBudget(budget: SavedBudget | undefined): void {
    if (budget) this.core.saveState(KEYS.githubBudget, JSON.stringify(budget))
  }

  get githubBudget(): SavedBudget | undefined {
    return parse.savedBudget(this.json(KEYS.githubBudget))
  }

  /** debug-on-failure: the action's own SSH config for the sandbox, to see the release file. */
  saveDebugAccess(access: { configPath: string; alias: string }): void {
    this.core.saveState(KEYS.debugAccess, JSON.stringify(access))
  }

  get debugAccess(): { configPath: string; alias: string } | undefined {
    return parse.savedAccess(this.json(KEYS.debugAccess))
  }

  /** The main step failed after the sandbox was ready (a failed run, say): why, in one line. */
  saveMainFailure(why: string): void {
    this.core.saveState(KEYS.mainFailure, why)
  }

  get mainFailure(): string | undefined {
    return this.read(KEYS.mainFailure)
  }

  /** The estimated dollars per hour, for the post step's cost of this run. */
  saveHourlyCost(dollarsPerHour: number): void {
    this.core.saveState(KEYS.hourlyCost, String(dollarsPerHour))
  }

  get hourlyCost(): number | undefined {
    const value = this.readNumber(KEYS.hourlyCost)
    return value !== undefined && value >= 0 ? value : undefined
  }

  /** The uuid names the instance for good; the identifier is an index that may shift (the deployed service). */
  saveInstance(identifier: string, uuid: string): void {
    this.core.saveState(KEYS.instanceUuid, uuid)
    this.core.saveState(KEYS.instanceId, identifier)
  }

  /** The 0700 directory holding key files: the post step removes it whole. */
  saveSecretDirectory(path: string): void {
    this.core.saveState(KEYS.secretDirectory, path)
  }

  /** The Include line added to ~/.ssh/config (JSON: file, line, what was created): the post step removes exactly it. */
  saveSshInclude(include: Saved.SavedInclude): void {
    this.core.saveState(KEYS.sshInclude, JSON.stringify(include))
  }

  get sshInclude(): Saved.SavedInclude | undefined {
    return parse.savedInclude(this.json(KEYS.sshInclude))
  }

  /** The certificate renewer's pid: the post step ends it (after checking the pid is still the renewer). */
  saveRenewerPid(pid: number): void {
    this.core.saveState(KEYS.renewerPid, String(pid))
  }

  get renewerPid(): number | undefined {
    const value = this.readNumber(KEYS.renewerPid)
    return value !== undefined && Number.isInteger(value) && value > 1 ? value : undefined
  }

  /** The main step removed its SSH access (no later step uses it). */
  forgetSshAccess(): void {
    for (const key of [KEYS.secretDirectory, KEYS.sshInclude, KEYS.renewerPid]) this.core.saveState(key, '')
  }

  get secretDirectory(): string | undefined {
    return this.read(KEYS.secretDirectory)
  }

  saveSshKeyPath(path: string): void {
    this.core.saveState(KEYS.sshKeyPath, path)
  }

  get sandboxName(): string | undefined {
    return this.read(KEYS.sandboxName)
  }

  get sandboxId(): string | undefined {
    return this.read(KEYS.sandboxId)
  }

  get startedAt(): number | undefined {
    const value = this.readNumber(KEYS.startedAt)
    return value !== undefined && value > 0 ? value : undefined
  }

  get instanceUuid(): string | undefined {
    return this.read(KEYS.instanceUuid)
  }

  get instanceId(): string | undefined {
    return this.read(KEYS.instanceId)
  }

  get sshKeyPath(): string | undefined {
    return this.read(KEYS.sshKeyPath)
  }

  /** Saved before the registration request (id 0) and with its id; the k-th of `runners` as runner-<k>. */
  saveRunner(runner: Saved.SavedRunner, slot = 1): void {
    const { id, name, online, watch, folder, gpus } = runner
    const slotted = { ...(folder ? { folder } : {}), ...(gpus ? { gpus } : {}) }
    this.core.saveState(
      parse.slotKey(KEYS.runner, slot),
      JSON.stringify({ id, name, online, ...(watch ? { watch } : {}), ...slotted }),
    )
  }

  get runner(): Saved.SavedRunner | undefined {
    return parse.savedRunner(this.json(KEYS.runner))
  }

  /** Every runner the main step registered, the first first (runners above 1: one a folder). */
  get runners(): Saved.SavedRunner[] {
    return parse.slots((slot) => parse.savedRunner(this.json(parse.slotKey(KEYS.runner, slot))))
  }

  /** Saved before each part is made; undefined once the main step removed all of it again. */
  saveUnserved(saved: Saved.SavedUnserved | undefined, index = 1): void {
    this.core.saveState(parse.slotKey(KEYS.unserved, index), saved ? JSON.stringify(saved) : '')
  }

  /** Every failing runner (one a job waiting for the label). */
  get unservedAll(): Saved.SavedUnserved[] {
    return parse.slots((index) => parse.savedUnserved(this.json(parse.slotKey(KEYS.unserved, index))))
  }

  saveGpuReport(saved: Saved.SavedGpuReport): void {
    this.core.saveState(KEYS.gpuReport, JSON.stringify(saved))
  }

  get gpuReport(): Saved.SavedGpuReport | undefined {
    return parse.savedGpuReport(this.json(KEYS.gpuReport))
  }

  /**
   * Saved before each claim is sent and after its answer: the post step asks again for what may be this step's.
   * `preparing`: the pool sandboxes this step prepares (`pending`, under the lock `claimant`), stopped by the post
   * step where the main step ended before their preparation did.
   */
  savePoolClaims(saved: Saved.SavedPoolClaims, of: 'claims' | 'preparing' = 'claims'): void {
    this.core.saveState(of === 'claims' ? KEYS.poolClaims : KEYS.poolPreparing, JSON.stringify(saved))
  }

  get poolClaims(): Saved.SavedPoolClaims | undefined {
    return parse.savedPoolClaims(this.json(KEYS.poolClaims))
  }

  get poolPreparing(): Saved.SavedPoolClaims | undefined {
    return parse.savedPoolClaims(this.json(KEYS.poolPreparing))
  }

  private readNumber(key: string): number | undefined {
    return parse.finiteNumber(this.read(key))
  }

  private read(key: string): string | undefined {
    const value = this.core.getState(key)
    return value === '' ? undefined : value
  }

  private json(key: string): Record<string, unknown> | undefined {
    return parse.jsonState(this.read(key))
  }
}
