/**
 * The fault suite's shapes of a sandbox that breaks for the next runner after serving a first job (issues 48, 54):
 * the breaking job's step, and how the post step must end: failed, saying that no runner could start for the next job
 * and why, in words of what happened.
 */
import { commands, type StepResult } from '../lib/action-runner.ts'

export type Breakage = 'run.sh' | 'bin' | 'ssh'

/** The breaking job's step, and what the post step's error must say of it. */
export const BREAKAGES: Record<Breakage, { run: string; error: RegExp }> = {
  'run.sh': { run: 'rm -f ../run.sh; echo BROKE-IT', error: /run\.sh is gone from the sandbox/ },
  bin: { run: 'rm -rf ../bin; echo BROKE-IT', error: /run\.sh ended before the runner came online/ },
  ssh: { run: 'sleep 5; echo BROKE-IT', error: /the sandbox could not be reached over SSH/ },
}

/** The post step passes; where the sandbox broke after a first job, it fails instead, naming what (issue 54). */
export function judgePost(breaks: Breakage | undefined, post: StepResult, problems: string[]): void {
  const breakage = breaks && BREAKAGES[breaks]
  if (!breakage) {
    if (post.exitCode !== 0) problems.push(`the post step failed (${post.exitCode ?? post.signal})`)
    return
  }
  const error = commands(post, 'error').join('\n')
  if (post.exitCode !== 1) problems.push(`the post step ended ${post.exitCode ?? post.signal}, not failed`)
  if (!/no runner could start for the next job/.test(error) || !breakage.error.test(error))
    problems.push(`the post step's error does not say what could not start and why: ${error.slice(0, 300)}`)
}
