/** action.yml, the README and the parser agree on every input and output. */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { INPUT_DEFAULTS } from '../../src/inputs/defaults.ts'
import { OUTPUT_NAMES } from '../../src/runtime/output-names.ts'
import { ROOT, actionYaml } from '../../scripts/lib/action-runner.ts'
import { SUB_ACTIONS } from '../../scripts/lib/sub-actions.ts'

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
/** The inputs and outputs tables: docs/inputs.md (the README links it). */
const reference = readFileSync(join(ROOT, 'docs', 'inputs.md'), 'utf8')

function tableRows(heading: string): Map<string, string[]> {
  const section = reference.split(`\n## ${heading}\n`)[1]?.split('\n## ')[0] ?? ''
  const rows = new Map<string, string[]>()
  for (const line of section.split('\n')) {
    const match = /^\| `([a-z-]+)` \|(.*)\|$/.exec(line)
    if (match)
      rows.set(
        match[1] ?? '',
        (match[2] ?? '').split(' | ').map((c) => c.trim()),
      )
  }
  return rows
}

describe('documentation', () => {
  it('the action runs on node24 with a post step that always runs', () => {
    expect(actionYaml().runs).toEqual({
      using: 'node24',
      main: 'dist/main/index.js',
      post: 'dist/post/index.js',
      'post-if': 'always()',
    })
  })

  it('the parser knows every input of action.yml, with the same defaults', () => {
    const fromYaml = Object.fromEntries(
      Object.entries(actionYaml().inputs).map(([name, spec]) => [name, spec.default ?? '']),
    )
    expect({ ...INPUT_DEFAULTS, 'base-url': INPUT_DEFAULTS['base-url'] }).toEqual(fromYaml)
  })

  it('docs/inputs.md documents every input with its action.yml default', () => {
    const rows = tableRows('Inputs')
    expect([...rows.keys()]).toEqual(Object.keys(actionYaml().inputs))
    for (const [name, spec] of Object.entries(actionYaml().inputs)) {
      const documented = rows.get(name)?.[0]
      const expected = spec.required ? '**required**' : spec.default ? `\`${spec.default}\`` : 'empty'
      expect(documented, name).toBe(expected)
    }
  })

  it("the outputs the code may set are exactly action.yml's (src/runtime/output-names.ts)", () => {
    expect([...OUTPUT_NAMES]).toEqual(Object.keys(actionYaml().outputs))
  })

  it('docs/inputs.md documents every output', () => {
    expect([...tableRows('Outputs').keys()]).toEqual(Object.keys(actionYaml().outputs))
  })

  it("docs/inputs.md's descriptions are action.yml's, with code spans and links as Markdown", () => {
    const plain = (cell: string) =>
      cell
        .replace(/`/g, '')
        .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
        .trim()
    for (const [section, specs] of [
      ['Inputs', actionYaml().inputs],
      ['Outputs', actionYaml().outputs],
    ] as const) {
      for (const [name, cells] of tableRows(section))
        expect(plain(cells.at(-1) ?? ''), name).toBe(specs[name]?.description)
    }
  })

  // shared/ sits beside the clone on developer machines and in CI.
  const contractPath = join(ROOT, '..', 'shared', 'CONTRACT.md')
  it.skipIf(!existsSync(contractPath))('the contract input and output names are all there', () => {
    const contract = readFileSync(contractPath, 'utf8')
    const section = (title: string) => contract.split(`## ${title}`)[1]?.split('\n## ')[0] ?? ''
    // The first cell of each row: one name, or several (`ssh-host`, `ssh-port`, `ssh-user`).
    const names = (text: string) =>
      [...text.matchAll(/^\| ((?:`[a-z-]+`(?:, )?)+) \|/gm)].flatMap((m) =>
        [...(m[1] ?? '').matchAll(/`([a-z-]+)`/g)].map((n) => n[1]),
      )
    // Names the contract added for open issues, not built yet: each leaves this list when its issue lands.
    const notYet: Record<string, string> = {}
    const built = (list: (string | undefined)[]) =>
      list.filter((name) => name !== undefined && !(name in notYet)).sort()
    expect(built(names(section('Inputs')))).toEqual(Object.keys(actionYaml().inputs).sort())
    expect(built(names(section('Outputs')))).toEqual(Object.keys(actionYaml().outputs).sort())
    // Every pending name is really in the contract (a stale entry fails here).
    const contracted = [...names(section('Inputs')), ...names(section('Outputs'))]
    for (const name of Object.keys(notYet)) expect(contracted, name).toContain(name)
  })
})

interface WorkflowStep {
  id?: string
  uses?: string
  with?: Record<string, unknown>
}
interface Workflow {
  jobs: Record<string, { steps?: WorkflowStep[] }>
}

describe('examples/', () => {
  const files = readdirSync(join(ROOT, 'examples')).filter((f) => f.endsWith('.yml'))

  it('has the ten workflows the README links', () => {
    expect(files.sort()).toEqual([
      'gpu-matrix.yml',
      'gpu-runner.yml',
      'gpu-tests.yml',
      'instance.yml',
      'network-lockdown.yml',
      'per-pull-request.yml',
      'prepared-pool.yml',
      'shared-sandbox.yml',
      'sweep.yml',
      'warm-pool.yml',
    ])
    for (const file of files) expect(readme, file).toContain(`examples/${file}`)
  })

  it.each(files)(
    '%s: every use of the action (or a sub-action) passes api-token and only inputs its action.yml has, and reads only outputs it has',
    (file) => {
      const text = readFileSync(join(ROOT, 'examples', file), 'utf8')
      const workflow = parse(text) as Workflow
      // The step id, and the action.yml it runs: the root's or a sub-action's (issue 56).
      const ourSteps = new Map<string, string>()
      for (const job of Object.values(workflow.jobs)) {
        for (const step of job.steps ?? []) {
          const used = /^your-org\/gpu-sandbox-action(?:\/([a-z-]+))?@/.exec(step.uses ?? '')
          if (!used) continue
          const folder = used[1] ?? '.'
          const inputs = Object.keys(actionYaml(folder).inputs)
          expect(
            Object.keys(step.with ?? {}).filter((name) => !inputs.includes(name)),
            `${file}: unknown inputs`,
          ).toEqual([])
          expect(step.with?.['api-token'], `${file}: api-token`).toBe('${{ secrets.COMPUTE_API_TOKEN }}')
          if (step.id) ourSteps.set(step.id, folder)
        }
      }
      expect(ourSteps.size, `${file} uses the action`).toBeGreaterThan(0)
      for (const match of text.matchAll(/steps\.([a-z-]+)\.outputs\.([a-z-]+)/g)) {
        const folder = ourSteps.get(match[1] ?? '')
        if (folder) expect(Object.keys(actionYaml(folder).outputs), `${file}: ${match[0]}`).toContain(match[2])
      }
    },
  )
})

describe("the README's examples: one per sub-action", () => {
  const blocks = [...readme.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1] ?? '')
  /** Every step of a block: a list of steps, or a workflow's jobs. */
  const stepsOf = (block: string): WorkflowStep[] => {
    const parsed = parse(block) as WorkflowStep[] | Workflow
    return Array.isArray(parsed) ? parsed : Object.values(parsed.jobs).flatMap((job) => job.steps ?? [])
  }

  it.each(Object.keys(SUB_ACTIONS))('%s: a short example, linked to its page', (name) => {
    const block = blocks.find((text) => text.includes(`uses: your-org/gpu-sandbox-action/${name}@v1`))
    expect(block, `no example of ${name}`).toBeDefined()
    expect(readme).toContain(`**[${name}](docs/${name}.md)**`)
    if (name === 'run') expect((block ?? '').trimEnd().split('\n').length).toBeLessThanOrEqual(10)
  })

  const docsPages = readdirSync(join(ROOT, 'docs')).filter((file) => file.endsWith('.md'))
  const docsSteps = (file: string) =>
    [...readFileSync(join(ROOT, 'docs', file), 'utf8').matchAll(/```yaml\n([\s\S]*?)```/g)].flatMap((m) => {
      try {
        return stepsOf(m[1] ?? '')
      } catch {
        return [] // a fragment of a step (a few `with:` lines), not a workflow or a list of steps
      }
    })

  it.each(['README.md', ...docsPages])(
    '%s: each step uses only inputs its action.yml has (a sub-action has no mode), and api-token from a secret',
    (file) => {
      const steps = file === 'README.md' ? blocks.flatMap(stepsOf) : docsSteps(file)
      const ours = steps.filter((step) => step.uses?.startsWith('your-org/gpu-sandbox-action'))
      if (file === 'README.md') expect(ours.length).toBeGreaterThanOrEqual(Object.keys(SUB_ACTIONS).length)
      for (const step of ours) {
        const folder = /^your-org\/gpu-sandbox-action(?:\/([a-z-]+))?@/.exec(step.uses ?? '')?.[1] ?? '.'
        const inputs = Object.keys(actionYaml(folder).inputs)
        expect(
          Object.keys(step.with ?? {}).filter((input) => !inputs.includes(input)),
          folder,
        ).toEqual([])
        expect(step.with?.['api-token'], folder).toBe('${{ secrets.COMPUTE_API_TOKEN }}')
      }
    },
  )
})

describe('README and docs/', () => {
  const docs = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md'))
  const pages = [
    { file: 'README.md', dir: ROOT, text: readme },
    ...docs.map((f) => ({
      file: `docs/${f}`,
      dir: join(ROOT, 'docs'),
      text: readFileSync(join(ROOT, 'docs', f), 'utf8'),
    })),
  ]

  it('the README stays under 12 KB, keeps the two commands on its first screen, and links every page of docs/', () => {
    expect(Buffer.byteLength(readme)).toBeLessThan(12_000)
    const firstScreen = readme.split('\n').slice(0, 25).join('\n')
    expect(firstScreen).toContain('npm ci && npm start')
    expect(firstScreen).toContain('npm test ')
    for (const file of docs) expect(readme, file).toContain(`(docs/${file})`)
  })

  it.each(pages.map((p) => [p.file, p] as const))(
    '%s: at most 300 lines, and every #anchor it links is a heading there',
    (_, page) => {
      expect(page.text.split('\n').length).toBeLessThanOrEqual(300)
      for (const match of page.text.matchAll(/\]\(([^)#\s]*)#([^)\s]+)\)/g)) {
        const target = match[1] ? join(page.dir, match[1]) : join(page.dir, page.file.split('/').at(-1) ?? '')
        if (/^[a-z]+:/.test(match[1] ?? '') || !target.endsWith('.md')) continue
        expect(headingAnchors(readFileSync(target, 'utf8')), `${page.file}: ${match[0]}`).toContain(match[2])
      }
    },
  )

  it.each(pages.map((p) => [p.file, p] as const))(
    '%s: every relative link and every repository path it names exists',
    (_, page) => {
      for (const match of page.text.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)) {
        const target = match[1] ?? ''
        if (/^[a-z]+:/.test(target)) continue
        expect(existsSync(join(page.dir, target)), `${page.file}: link ${target}`).toBe(true)
      }
      for (const match of page.text.matchAll(/`((?:src|emulator|scripts|test|docs|examples)\/[A-Za-z0-9_./-]*)`/g)) {
        const path = match[1] ?? ''
        expect(existsSync(join(ROOT, path)), `${page.file}: path ${path}`).toBe(true)
      }
    },
  )
})

describe('.github/workflows/live.yml', () => {
  it('runs npm run live-check manually and weekly with the secret, and says it skipped without it', () => {
    const text = readFileSync(join(ROOT, '.github', 'workflows', 'live.yml'), 'utf8')
    type Step = { if?: string; run?: string; env?: Record<string, string> }
    const workflow = parse(text) as {
      on: Record<string, unknown>
      jobs: Record<string, { env: Record<string, string>; steps: Step[] }>
    }
    expect(Object.keys(workflow.on).sort()).toEqual(['schedule', 'workflow_dispatch'])
    const [job] = Object.values(workflow.jobs)
    // The job knows whether the secret exists; only the step that talks to the service gets the token.
    expect(job?.env).toEqual({ HAS_TOKEN: "${{ secrets.GPU_SANDBOX_API_TOKEN != '' }}" })
    const [skip, ...rest] = job?.steps ?? []
    expect(skip).toMatchObject({ if: "env.HAS_TOKEN != 'true'" })
    expect(skip?.run).toContain('::notice::live check skipped')
    expect(rest.every((step) => step.if === "env.HAS_TOKEN == 'true'")).toBe(true)
    expect(rest.at(-1)?.env?.LIVE_CHECK_API_TOKEN).toBe('${{ secrets.GPU_SANDBOX_API_TOKEN }}')
    expect(rest.slice(0, -1).some((step) => JSON.stringify(step).includes('secrets.GPU_SANDBOX_API_TOKEN'))).toBe(false)
    expect(text.match(/secrets\.GPU_SANDBOX_API_TOKEN }}/g)).toHaveLength(1)
    expect(rest.at(-1)?.run).toBe('npm run live-check')
  })
})

describe('.github/dependabot.yml', () => {
  it('keeps npm and the workflows current weekly, grouped; only the runtime and compiler majors are held', () => {
    type Update = {
      'package-ecosystem': string
      directory?: string
      directories?: string[]
      schedule: { interval: string }
      groups?: Record<string, { 'update-types'?: string[]; patterns?: string[] }>
      ignore?: { 'dependency-name': string; 'update-types'?: string[] }[]
    }
    const config = parse(readFileSync(join(ROOT, '.github', 'dependabot.yml'), 'utf8')) as {
      version: number
      updates: Update[]
    }
    expect(config.version).toBe(2)
    const by = new Map(config.updates.map((update) => [update['package-ecosystem'], update]))
    expect([...by.keys()].sort()).toEqual(['github-actions', 'npm'])
    for (const update of config.updates) {
      expect(update.schedule.interval).toBe('weekly')
      expect(Object.keys(update.groups ?? {}).length).toBeGreaterThan(0)
    }
    const npm = by.get('npm')
    expect(npm?.directory).toBe('/')
    // Held majors: exactly these (docs/development.md says why); every runtime dependency moves freely.
    const held = (npm?.ignore ?? []).map((rule) => rule['dependency-name']).sort()
    expect(held).toEqual(['@types/node', 'node', 'typescript'])
    for (const rule of npm?.ignore ?? []) expect(rule['update-types']).toEqual(['version-update:semver-major'])
    const runtime = Object.keys((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Deps).dependencies)
    for (const name of runtime) expect(held).not.toContain(name)
    expect(by.get('github-actions')?.directories).toContain('/')
  })
})

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as '-', repeats numbered. */
function headingAnchors(markdown: string): string[] {
  const seen = new Map<string, number>()
  const anchors: string[] = []
  let fenced = false
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced
    const heading = fenced ? undefined : /^#{1,6} (.+)$/.exec(line)?.[1]
    if (!heading) continue
    const base = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-')
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    anchors.push(count === 0 ? base : `${base}-${count}`)
  }
  return anchors
}

type Deps = { dependencies: Record<string, string> }
