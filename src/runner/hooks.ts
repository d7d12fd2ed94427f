/**
 * The hooks the runner on the sandbox runs for its one job, written
 * next to run.sh by the start script (install.ts), and what they leave there
 * for the post step's watch (watch.ts): gpu-sandbox-job-started (this run's job
 * began), gpu-sandbox-job-completed (it ended), gpu-sandbox-refused (a job of
 * another run was refused before its first step).
 */

/**
 * The job-started hook: the runner serves this workflow run only. The released runner runs it before
 * the job's first step with the job's GITHUB_* variables (which a workflow cannot overwrite); a job of any other run
 * fails there with one ::error, and the hook ends its worker (Runner.Worker), so that no step of it runs, not even
 * an always() one. What it prints of that job is cut to safe characters; the refusal is also appended to
 * gpu-sandbox-refused. Filled in by the start script: @RUN@, @ATTEMPT@, @REPO@, checked before.
 */
export const JOB_STARTED_HOOK = [
  '#!/bin/bash',
  '# Written by gpu-sandbox-action: this runner serves workflow run @RUN@ (attempt @ATTEMPT@) of @REPO@ only.',
  'safe() { printf "%s" "$1" | tr -cd "$2" | cut -c1-100; }',
  '# refuse: begin (left out where the holder has no workflow run to serve)',
  'if [ "${GITHUB_RUN_ID:-}" != "@RUN@" ] || [ "${GITHUB_RUN_ATTEMPT:-}" != "@ATTEMPT@" ] ||',
  '  [ "${GITHUB_REPOSITORY:-}" != "@REPO@" ]; then',
  '  run=$(safe "${GITHUB_RUN_ID:-}" 0-9); attempt=$(safe "${GITHUB_RUN_ATTEMPT:-}" 0-9)',
  '  repo=$(safe "${GITHUB_REPOSITORY:-}" A-Za-z0-9._/-); job=$(safe "${GITHUB_JOB:-}" A-Za-z0-9._-)',
  '  printf "%s %s %s %s\\n" "$run" "$attempt" "$repo" "$job" >> "$(dirname "$0")/gpu-sandbox-refused"',
  '  echo "::error title=Runner refused::This self-hosted runner serves workflow run @RUN@ (attempt @ATTEMPT@)' +
    " of @REPO@ only: job '$job' of run $run (attempt $attempt) of $repo was refused before its first step.\"",
  '  # A failed job-started hook still lets always() steps run: end the job here, so that none of its steps runs.',
  '  p=$PPID',
  '  while [ "${p:-0}" -gt 1 ] && [ -r "/proc/$p/stat" ]; do',
  '    next=$(cut -d " " -f 4 "/proc/$p/stat")',
  '    [ "$(cat "/proc/$p/comm")" = Runner.Worker ] && kill -KILL "$p"',
  '    p=$next',
  '  done',
  '  exit 1',
  'fi',
  '# refuse: end',
  "# This run's job: the post step's watch reads that it started.",
  'printf "%s\\n" "$(safe "${GITHUB_JOB:-}" A-Za-z0-9._-)" > "$(dirname "$0")/gpu-sandbox-job-started"',
].join('\n')

/** The job-completed hook: run after the job, also a failed one (JobExtension.cs); the post step's watch reads it. */
export const JOB_COMPLETED_HOOK = ['#!/bin/bash', 'date +%s > "$(dirname "$0")/gpu-sandbox-job-completed"'].join('\n')
