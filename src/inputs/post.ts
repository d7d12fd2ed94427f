/**
 * What the post step reads (split from read.ts): the mode at once, the rest
 * only when there is something to clean up, and never an error from an input
 * that the clean-up does not need.
 */
import { Collector, type InputReader } from './collector.ts'
import type { CleanupConfig } from './config.ts'
import { parseComment } from './comment.ts'
import { parseDebug } from './debug.ts'
import { INPUT_DEFAULTS } from './defaults.ts'
import * as field from './fields.ts'
import { jobEnvironmentFromEnv } from './job-environment.ts'
import { maskSecretInputs, parseConnection } from './read.ts'
import { parseRunnerCleanup, type RunnerCleanup } from './runner.ts'

/** The post step's inputs: the mode at once (its guard clauses need it), the rest when there is anything to clean. */
export interface PostInputs {
  /** The raw mode: an unknown one means there is nothing to clean up, never an error. */
  mode: string
  cleanup: () => CleanupConfig
  /** Runner mode's token, repository, run and runner-timeout alone: never an error. */
  runner: () => RunnerCleanup
}

/** The post step's inputs: secrets masked first; an unrelated bad input never blocks a stop. */
export function readPostInputs(core: { getInput: InputReader; setSecret: (secret: string) => void }): PostInputs {
  const read: InputReader = (name) => core.getInput(name)
  maskSecretInputs(read, (secret) => core.setSecret(secret))
  return {
    mode: read('mode').trim() || INPUT_DEFAULTS.mode,
    cleanup: () => parseCleanupInputs(read),
    runner: () => parseRunnerCleanup(read),
  }
}

export function parseCleanupInputs(read: InputReader): CleanupConfig {
  const inputs = new Collector(read)
  const config: CleanupConfig = {
    ...parseConnection(inputs),
    mode: inputs.parse('mode', field.mode),
    keepAlive: inputs.parse('keep-alive', field.boolean),
    runner: () => parseRunnerCleanup(read),
    debug: () => parseDebug(new Collector(read), jobEnvironmentFromEnv(process.env)),
    comment: () => {
      // Never an error in the post step: a comment that cannot be addressed is just not written.
      return parseComment(new Collector(read), jobEnvironmentFromEnv(process.env))
    },
  }
  return inputs.done(config)
}
