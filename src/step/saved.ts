/** The shapes of what ActionState (state.ts, which owns every key) saves as JSON for the post step. */

/** The Include line added to ~/.ssh/config, and which file that was. */
export interface SavedInclude {
  userConfig: string
  line: string
  /** ~/.ssh/config (and ~/.ssh) did not exist: the post step removes them again if nothing else was added. */
  createdConfig: boolean
  createdDir: boolean
}

/** approve-label-once: the label the post step removes, and from which pull request. */
export interface SavedApproval {
  number: number
  label: string
}

/** The JIT runner the main step registered (never its configuration, which is a credential). */
export interface SavedRunner {
  /** 0 until GitHub's answer gave it: the registration is then found by name. */
  id: number
  name: string
  /** GitHub showed it online: only then can a job pick it up, so only then does the post step wait. */
  online: boolean
  /** run.sh's pid on the sandbox, and the action's SSH access to it: the post step watches the runner there. */
  watch?: { pid: number; configPath: string; alias: string }
  /** Its runner folder under the login's home (runners above 1); absent: actions-runner. */
  folder?: string
  /** The GPUs its jobs see (CUDA_VISIBLE_DEVICES), where the GPUs are split between runners. */
  gpus?: string
  /** In the post step only: earlier runners in the same folder that ran a job of this run each (runner-jobs). */
  ran?: string[]
  /** In the post step only: the job of this run GitHub named for it (who took it), which the mirror reuses. */
  served?: {
    id: number
    name: string
    runnerName: string | undefined
    status?: string
    conclusion?: string
    /** The page of the run's jobs that listed it (a read again starts there). */
    page?: number
  }
}

export interface SavedUnserved {
  /** 0 until GitHub's answer gave it. */
  id: number
  name: string
  dir: string
  user?: string
  pid: number
}

/** gpu-report: the sampler runs on the sandbox; how to reach it, and what was started, to price others. */
export interface SavedGpuReport {
  configPath: string
  alias: string
  gpuType: string
  gpuCount: number
  cpu: number
  memoryGib: number
  storageGib: number
  /** The main step reported at the end of `run` (and ended the sampler): the post step has nothing to fetch. */
  reported?: boolean
  /** The comment's figure from that report (gpu-report/publish.ts gpuFigure). */
  figure?: string
  /** When the sampler, and so the fault watch, began (ms): Xid events before it are not this job's. */
  since?: number
}

/**
 * The warm pool: the claims this step may hold without knowing it (sent, answer not yet read or lost),
 * each with the SSH access that asks again, and the claimant a claim names (the step's own sandbox name).
 */
export interface SavedPoolClaims {
  claimant: string
  pending: { id: string; configPath: string; alias: string }[]
  /** Holds this step started (pool/hold.ts): the held sandbox, and the hold's id once its start answered. */
  holds?: { sandboxId: string; holdId?: string }[]
}

/** The pull-request comment's facts as saved: what every version of them has (the comment owns the rest). */
export interface SavedCommentFacts {
  sandboxId: string
  status: string
}
