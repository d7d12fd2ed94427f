/**
 * The sub-actions: each use of the action in a folder of its own
 * (`uses: your-org/gpu-sandbox-action/run@v1`), whose `action.yml` lists only
 * the inputs and outputs that use reads, all running the same committed
 * bundles, as `actions/cache/restore` does. Each folder's two-line `main.js`
 * and `post.js` name the use and load `../dist/main` and `../dist/post`: the
 * use, never an input, says what the step does (src/inputs/uses.ts).
 * This table is the one source of truth: each input and output is spelled
 * once, in the root `action.yml`, and copied from there (description,
 * default, required) by `npm run sub-actions`; a test holds every committed
 * file equal to what this makes.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { INPUT_MODES, type InputName } from '../../src/inputs/defaults.ts'
import { USES, type Use } from '../../src/inputs/uses.ts'

interface InputSpec {
  description: string
  required?: boolean
  default?: string
}

interface ActionSpec {
  inputs: Record<string, InputSpec>
  outputs: Record<string, { description: string }>
}

/** Inputs every use shares, spelled once here as groups; the service's address (`base-url`) is the root's alone. */
const CONNECTION = ['api-token']
const SPEC = [
  'cpu',
  'memory',
  'storage',
  'gpu-type',
  'gpu-count',
  'capacity-timeout',
  'image',
  'env',
  'max-ttl',
  'internet-access',
  'cidr-allowlist',
  'domain-allowlist',
]
const CAPS = ['max-cost', 'max-hourly-price', 'min-gpu-memory', 'max-live']
const GATE = ['approve-label', 'approve-label-once', 'min-permission', 'github-token']
const REPORT = ['gpu-check', 'min-driver', 'gpu-report']
const POOL = ['pool', 'pool-size', 'pool-idle', 'pool-prepare', 'pool-key', 'pool-for']
const START = [...CONNECTION, ...SPEC, ...CAPS, ...GATE, 'comment', ...REPORT, ...POOL, 'timeout']
const START_OUTPUTS = [
  'sandbox-id',
  'sandbox-name',
  'status',
  'sandbox',
  'gpu-type',
  'network-policy',
  'cost',
  'billed-seconds',
  'pool-claimed',
]
const SSH_OUTPUTS = ['ssh-host', 'ssh-port', 'ssh-user', 'ssh-config', 'ssh-command', 'ssh-key-path']
const GPU_OUTPUTS = ['gpu-memory-peak', 'gpu-utilization', 'gpu-samples', 'gpu-fault']

/**
 * Inputs that serve testing the action or rare tuning: the root's alone. A sub-action's page names those its use
 * reads; given to it anyway, GitHub warns that they are unexpected and the step still reads them.
 */
export const EXPERT: readonly InputName[] = [
  'base-url',
  'keep-alive',
  'poll-interval',
  'name',
  'wait',
  'enforce-ttl',
  'max-grace',
  'replace-existing',
  'dry-run',
]

export interface SubAction {
  /** What the use does, the sub-action's description. */
  description: string
  inputs: string[]
  outputs: string[]
}

export const SUB_ACTIONS: Record<Use, SubAction> = {
  run: {
    description:
      'Start a CPU or GPU sandbox, upload the workspace, run a script on it with its output live, bring results back; the post step stops it.',
    inputs: [
      ...START,
      'run',
      'upload',
      'download',
      'download-limit',
      'retry-on-gpu-fault',
      'debug-on-failure',
      'debug-public-key',
    ],
    outputs: [...START_OUTPUTS, 'exit-code', ...GPU_OUTPUTS],
  },
  runner: {
    description:
      "Start a CPU or GPU sandbox as a just-in-time self-hosted runner for this run's other jobs; the post step waits for them, then stops it.",
    inputs: [...START, 'runner-label', 'runner-timeout', 'runner-jobs', 'runners', 'debug-on-failure'],
    outputs: [...START_OUTPUTS, 'runner-name', 'runner-id', 'runner-label', ...GPU_OUTPUTS],
  },
  ssh: {
    description:
      "Start a CPU or GPU sandbox that this job's later steps reach as `ssh <ssh-alias> '<command>'`; the post step stops it.",
    inputs: [...START, 'ssh-alias', 'keep-alive'],
    outputs: [...START_OUTPUTS, ...SSH_OUTPUTS, ...GPU_OUTPUTS],
  },
  connect: {
    description: 'Reach a running sandbox kept by an earlier job over SSH from this job; never stop it.',
    inputs: [...CONNECTION, 'sandbox-id', 'ssh-alias', 'comment'],
    outputs: ['sandbox-id', 'status', ...SSH_OUTPUTS],
  },
  stop: {
    description: 'Stop the sandbox `sandbox-id` (one an earlier job kept alive), and delete its runner registration.',
    inputs: [...CONNECTION, 'sandbox-id', 'github-token'],
    outputs: ['sandbox-id', 'status'],
  },
  sweep: {
    description:
      "Stop this repository's orphans (sandboxes of runs that ended without their post step) and its pool sandboxes idle past pool-idle.",
    inputs: [...CONNECTION, 'github-token', 'pool-idle', 'dry-run'],
    outputs: ['stopped'],
  },
  pool: {
    description:
      'Keep a warm pool: start what it lacks to hold pool-size ready sandboxes of the given spec, stop those idle past pool-idle.',
    inputs: [...CONNECTION, ...SPEC, ...CAPS, ...POOL, 'pool-watch', 'timeout', 'upload'],
    outputs: ['pool'],
  },
  instance: {
    description: 'Create an SSH instance; mask and hand over its generated key; the post step deletes it.',
    inputs: [...CONNECTION, 'public-key', 'instance-config', 'ssh', 'ssh-alias', 'keep-alive', 'dry-run'],
    outputs: ['instance-id', 'instance-uuid', 'ssh-private-key', ...SSH_OUTPUTS, 'request'],
  },
  'network-policy': {
    description: 'Replace the outbound network policy of the running sandbox `sandbox-id`.',
    inputs: [...CONNECTION, 'sandbox-id', 'internet-access', 'cidr-allowlist', 'domain-allowlist'],
    outputs: ['sandbox-id', 'network-policy'],
  },
}

export function rootAction(root: string): ActionSpec {
  return parse(readFileSync(join(root, 'action.yml'), 'utf8')) as ActionSpec
}

const quoted = (text: string) => JSON.stringify(text)

const subAction = (name: string): SubAction => {
  const sub = (SUB_ACTIONS as Record<string, SubAction | undefined>)[name]
  if (!sub) throw new Error(`no sub-action '${name}'`)
  return sub
}

/** One sub-action's action.yml, from the root's inputs and outputs. */
export function subActionYaml(name: string, root: ActionSpec): string {
  const sub = subAction(name)
  const lines = [
    `# Generated by npm run sub-actions from action.yml and scripts/lib/sub-actions.ts: edit those, not this file.`,
    `name: GPU Sandbox (${name})`,
    `description: ${quoted(sub.description)}`,
    'author: gpu-sandbox-action',
    'branding:',
    '  icon: cpu',
    '  color: green',
    '',
    'inputs:',
  ]
  for (const input of sub.inputs) {
    const spec = root.inputs[input]
    if (!spec) throw new Error(`sub-action '${name}': no input '${input}' in action.yml`)
    lines.push(`  ${input}:`, `    description: ${quoted(spec.description)}`)
    lines.push(`    required: ${spec.required === true}`)
    if (spec.default !== undefined) lines.push(`    default: ${quoted(spec.default)}`)
  }
  lines.push('outputs:')
  for (const output of sub.outputs) {
    const spec = root.outputs[output]
    if (!spec) throw new Error(`sub-action '${name}': no output '${output}' in action.yml`)
    lines.push(`  ${output}:`, `    description: ${quoted(spec.description)}`)
  }
  lines.push('', 'runs:', '  using: node24', '  main: main.js', '  post: post.js', '  post-if: always()', '')
  return lines.join('\n')
}

/** A sub-action's main.js or post.js: the one build's step, told its use. */
export function entryScript(name: string, step: 'main' | 'post'): string {
  subAction(name)
  return [
    `// Generated by npm run sub-actions: the ${step} step of the root's one build, as the ${name} action.`,
    `import { runAs } from '../dist/${step}/index.js'`,
    `await runAs('${name}')`,
    '',
  ].join('\n')
}

/** The expert settings this use reads that its action.yml leaves to the root. */
export function expertInputs(name: Use): InputName[] {
  const mode = USES[name].mode
  const sub = subAction(name)
  return EXPERT.filter((input) => {
    const modes = INPUT_MODES[input]
    return (modes === 'all' || modes.includes(mode)) && !sub.inputs.includes(input)
  })
}

/** The pages that explain the inputs several uses share (issue 56: what is shared on its own page, linked from each). */
const SHARED_PAGES: [string, string, readonly string[]][] = [
  ['spending caps', 'caps.md', CAPS],
  ['the approval gate', 'gate.md', GATE.filter((input) => input !== 'github-token')],
  ['the comment', 'comment.md', ['comment']],
  ['the GPU check and report', 'gpu.md', REPORT],
  ['debug-on-failure', 'debug-on-failure.md', ['debug-on-failure']],
  ['the warm pool', 'pool.md', POOL],
]

/** "Shared with other uses: [spending caps](caps.md) (`max-cost`, …) · …", for the groups this use has. */
export function sharedLine(name: string): string {
  const sub = subAction(name)
  const links = SHARED_PAGES.filter(([, page]) => `docs/${page}` !== SUB_ACTION_PAGES[name])
    .map(([title, page, inputs]) => [title, page, inputs.filter((input) => sub.inputs.includes(input))] as const)
    .filter(([, , inputs]) => inputs.length > 0)
    .map(([title, page, inputs]) => `[${title}](${page}) (${inputs.map((input) => `\`${input}\``).join(', ')})`)
  return links.length > 0 ? `Inputs shared with other uses, each explained on its page: ${links.join(' · ')}.` : ''
}

/** Where the expert settings this use reads are: the root action's inputs. */
export function expertLine(name: Use): string {
  const expert = expertInputs(name)
  if (expert.length === 0) return ''
  const listed = expert.map((input) => `\`${input}\``).join(', ')
  return (
    `Settings for testing the action or rare tuning (${listed}) are the root action's ` +
    `(\`uses: your-org/gpu-sandbox-action@v1\`, [inputs](inputs.md)); given here, GitHub warns that they are ` +
    `unexpected and the step still reads them.`
  )
}

const BEGIN = '<!-- generated by npm run sub-actions from '
const END = '<!-- end of the generated tables -->'

const cell = (text: string) => text.replace(/\|/g, '\\|')

/** A sub-action's inputs and outputs as tables, from its action.yml (as the README's tables were). */
export function subActionTables(name: string, root: ActionSpec): string {
  const sub = parse(subActionYaml(name, root)) as ActionSpec
  const inputs = Object.entries(sub.inputs).map(([input, spec]) => {
    const value = spec.required ? '**required**' : spec.default ? `\`${spec.default}\`` : 'empty'
    return `| \`${input}\` | ${value} | ${cell(spec.description)} |`
  })
  const outputs = Object.entries(sub.outputs).map(([output, spec]) => `| \`${output}\` | ${cell(spec.description)} |`)
  const shared = sharedLine(name)
  const expert = expertLine(name as Use)
  return [
    `${BEGIN}${name}/action.yml -->`,
    '',
    '| input | default | description |',
    '|---|---|---|',
    ...inputs,
    '',
    '| output | description |',
    '|---|---|',
    ...outputs,
    '',
    ...(shared ? [shared, ''] : []),
    ...(expert ? [expert, ''] : []),
    END,
  ].join('\n')
}

/** The page with its generated tables replaced (or added at its end). */
export function withTables(page: string, name: string, root: ActionSpec): string {
  const tables = subActionTables(name, root)
  const start = page.indexOf(BEGIN)
  const end = page.indexOf(END)
  if (start < 0 || end < start) return `${page.trimEnd()}\n\n## Inputs and outputs of \`${name}\`\n\n${tables}\n`
  return page.slice(0, start) + tables + page.slice(end + END.length)
}

/** The docs page of each sub-action (pages that existed before keep their name). */
export const SUB_ACTION_PAGES: Record<string, string> = {
  run: 'docs/run.md',
  runner: 'docs/runner.md',
  ssh: 'docs/ssh.md',
  connect: 'docs/connect.md',
  stop: 'docs/stop.md',
  sweep: 'docs/sweep.md',
  pool: 'docs/pool.md',
  instance: 'docs/instance.md',
  'network-policy': 'docs/network-policy.md',
}
