/**
 * Bench section 13's artifact half (issue 54): the requests the official
 * `@actions/artifact` and this action's own store make to move one row
 * through the run's artifacts (one job uploads it, another lists, downloads
 * and deletes it), counted by the fake results service.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DefaultArtifactClient } from '@actions/artifact'
import { ArtifactStore } from '../../src/comment/artifacts.ts'
import { realClock } from '../../src/runtime/clock.ts'
import type { FakeResults } from '../lib/fake-results.ts'

const ROW = '{"leg":"bench"}'

const counted = (fake: FakeResults) => `${fake.calls.length} service calls + ${fake.blobs.length} blob transfers`

/** Runs `work` with the step environment of `job` (the official client reads it at call time), its output kept quiet. */
async function asJob<T>(fake: FakeResults, job: string, dir: string, work: () => Promise<T>): Promise<T> {
  const saved = { ...process.env }
  const write = process.stdout.write.bind(process.stdout)
  Object.assign(process.env, fake.env(job), { GITHUB_SERVER_URL: 'https://github.com', GITHUB_WORKSPACE: dir })
  process.stdout.write = (() => true) as typeof process.stdout.write
  try {
    return await work()
  } finally {
    process.stdout.write = write
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name]
    Object.assign(process.env, saved)
  }
}

async function official(fake: FakeResults, dir: string): Promise<void> {
  const file = join(dir, 'row.json')
  writeFileSync(file, ROW)
  const { id } = await asJob(fake, 'job-a', dir, () => new DefaultArtifactClient().uploadArtifact('row', [file], dir))
  await asJob(fake, 'job-b', dir, async () => {
    const client = new DefaultArtifactClient()
    await client.listArtifacts()
    await client.downloadArtifact(id ?? 0, { path: join(dir, 'got') })
    await client.deleteArtifact('row')
  })
}

async function own(fake: FakeResults): Promise<void> {
  const store = (job: string) => ArtifactStore.fromEnvironment(fake.env(job), { clock: realClock })
  await store('job-a')?.upload('row', Buffer.from(ROW))
  const other = store('job-b')
  const [listed] = (await other?.list('row')) ?? []
  if (!other || !listed) throw new Error('the own store did not list the row')
  await other.download(listed, 1_024)
  await other.remove(listed)
}

export async function artifactRuns(make: () => FakeResults): Promise<{ official: string; own: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-artifacts-'))
  const run = async (work: (fake: FakeResults) => Promise<void>) => {
    const fake = make()
    const served = await fake.serve()
    try {
      await work(fake)
      if (fake.malformed.length > 0 || fake.names().length > 0) throw new Error(`the fake saw ${fake.malformed}`)
      return counted(fake)
    } finally {
      await served.close()
    }
  }
  try {
    return { official: await run((fake) => official(fake, dir)), own: await run(own) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
