/**
 * The fake results service (scripts/lib/fake-results.ts) held to GitHub's own
 * client (issue 54): the official `@actions/artifact` uploads, lists, downloads
 * and deletes against it, also another job's artifact of the same run (its
 * download and delete name that job, as the client does), and a row our own
 * store uploaded is unpacked by the official download. Every request the
 * official client sent passed the fake's shape checks (none malformed), so
 * what the fake accepts is what GitHub's client sends, and the other way round.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DefaultArtifactClient } from '@actions/artifact'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ArtifactStore } from '../../src/comment/artifacts.ts'
import { FakeResults } from '../../scripts/lib/fake-results.ts'
import { FakeClock } from '../harness/fakes.ts'

let fake: FakeResults
let close: () => Promise<void>
let dir: string

beforeEach(async () => {
  fake = new FakeResults()
  close = (await fake.serve()).close
  dir = mkdtempSync(join(tmpdir(), 'official-artifact-'))
  // github.com, not GHES: the official client refuses a GitHub Enterprise Server address.
  vi.stubEnv('GITHUB_SERVER_URL', 'https://github.com')
  vi.stubEnv('GITHUB_WORKSPACE', dir)
})
afterEach(async () => {
  vi.unstubAllEnvs()
  await close()
  rmSync(dir, { recursive: true, force: true })
})

/** The official client as the step of `job` has it: its runtime token and the results service's address. */
function asJob(job: string): DefaultArtifactClient {
  for (const [name, value] of Object.entries(fake.env(job))) vi.stubEnv(name, value)
  return new DefaultArtifactClient()
}

function file(name: string, text: string): string {
  const path = join(dir, name)
  writeFileSync(path, text)
  return path
}

describe("the fake results service against GitHub's own client (@actions/artifact)", () => {
  it("uploads, lists, downloads and deletes; another job of the run downloads and deletes the first job's artifact", async () => {
    const upload = await asJob('job-a').uploadArtifact('row-a', [file('row.json', '{"leg":"a"}')], dir)
    expect(upload.id).toBeGreaterThan(0)
    expect(upload.size).toBeGreaterThan(0)
    // Create, the blob's blocks and their list (the Azure SDK's way), finalize: each as the client sent it.
    expect(fake.calls.map((call) => call.method)).toEqual(['CreateArtifact', 'FinalizeArtifact'])
    expect(fake.blobs.map((blob) => blob.method)).toEqual(['PUT', 'PUT'])
    expect(fake.artifacts[0]).toMatchObject({ name: 'row-a', job: 'job-a', finalized: true })
    expect(fake.artifacts[0]?.contentType).toBe('application/zip')

    const other = asJob('job-b')
    const { artifacts } = await other.listArtifacts()
    expect(artifacts.map((artifact) => [artifact.name, artifact.id])).toEqual([['row-a', upload.id]])
    const into = join(dir, 'downloaded')
    const download = await other.downloadArtifact(upload.id ?? 0, { path: into })
    expect(download.downloadPath).toBe(into)
    expect(readFileSync(join(into, 'row.json'), 'utf8')).toBe('{"leg":"a"}')
    // The download named the uploading job, as the client takes it from the list.
    expect(fake.calls.filter((call) => call.method === 'GetSignedArtifactURL')).toEqual([
      { method: 'GetSignedArtifactURL', job: 'job-b' },
    ])

    const removed = await other.deleteArtifact('row-a')
    expect(removed.id).toBe(upload.id)
    expect(fake.names()).toEqual([])
    expect((await other.listArtifacts()).artifacts).toEqual([])
    expect(fake.malformed).toEqual([])
  })

  it("a row our store uploaded is what the official download unpacks (the archive's type and shape)", async () => {
    const store = ArtifactStore.fromEnvironment(fake.env('job-a'), { clock: new FakeClock() })
    await store?.upload('gpu-sandbox-row-1', Buffer.from('{"row":1}'))
    const official = asJob('job-b')
    const [listed] = (await official.listArtifacts()).artifacts
    expect(listed?.name).toBe('gpu-sandbox-row-1')
    const into = join(dir, 'ours')
    await official.downloadArtifact(listed?.id ?? 0, { path: into })
    expect(readdirSync(into)).toEqual(['row.json'])
    expect(readFileSync(join(into, 'row.json'), 'utf8')).toBe('{"row":1}')
    // And an artifact the official client uploaded is listed to our store as any other of the run.
    await official.uploadArtifact('gpu-sandbox-row-2', [file('row.json', '{"row":2}')], dir)
    const ours = await store?.list('gpu-sandbox-row-')
    expect(ours?.map((artifact) => [artifact.name, artifact.jobBackendId])).toEqual([
      ['gpu-sandbox-row-1', 'job-a'],
      ['gpu-sandbox-row-2', 'job-b'],
    ])
    expect(fake.malformed).toEqual([])
  })

  it('a request the official client would not send is refused and counted (the fake still checks shapes)', async () => {
    const store = ArtifactStore.fromEnvironment(fake.env('job-a'), { clock: new FakeClock() })
    const response = await fetch(`${fake.url}/twirp/github.actions.results.api.v1.ArtifactService/ListArtifacts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${fake.tokenFor('job-a')}` },
      body: JSON.stringify({ workflow_run_backend_id: fake.run, workflow_job_run_backend_id: 'job-a', page: 2 }),
    })
    expect(response.status).toBe(400)
    expect(fake.malformed).toEqual(['ListArtifacts: unknown field page'])
    expect(store).toBeDefined()
  })
})
