/**
 * The run's artifacts through the results service (issue 46), against the
 * fake on loopback that checks every request's shape as @actions/artifact
 * sends it: upload (create, blob PUT, finalize), list, download, delete; the
 * runtime token's scope; retries of a 503; what is not a row of ours.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ArtifactStore, ArtifactStoreError, backendIds } from '../../src/comment/artifacts.ts'
import { storedFile, storedZip } from '../../src/runtime/zip.ts'
import { FakeResults } from '../../scripts/lib/fake-results.ts'
import { FakeClock } from '../harness/fakes.ts'
import { skipWithout } from '../harness/host.ts'

let close: (() => Promise<void>) | undefined
afterEach(async () => {
  await close?.()
  close = undefined
})

async function served(setup: (fake: FakeResults) => void = () => undefined) {
  const fake = new FakeResults()
  setup(fake)
  close = (await fake.serve()).close
  const clock = new FakeClock()
  const store = ArtifactStore.fromEnvironment(fake.env('job-a'), { clock })
  if (!store) throw new Error('no store')
  return { fake, store, clock }
}

describe('the run artifact store', () => {
  it('reads the run and job from the runtime token, and is absent without a results service', () => {
    const fake = new FakeResults()
    expect(backendIds(fake.tokenFor('job-a'))).toEqual({ run: fake.run, job: 'job-a' })
    expect(backendIds('not.a-token')).toBeUndefined()
    const clock = new FakeClock()
    expect(ArtifactStore.fromEnvironment({ ACTIONS_RUNTIME_TOKEN: fake.tokenFor('x') }, { clock })).toBeUndefined()
    expect(ArtifactStore.fromEnvironment({ ACTIONS_RESULTS_URL: 'https://results.test/' }, { clock })).toBeUndefined()
    // The runtime token is sent to it: plain http only to a loopback host.
    const token = fake.tokenFor('x')
    const over = (url: string) =>
      ArtifactStore.fromEnvironment({ ACTIONS_RUNTIME_TOKEN: token, ACTIONS_RESULTS_URL: url }, { clock })
    expect(over('http://results.test/')).toBeUndefined()
    expect(over('https://results.test/')).toBeInstanceOf(ArtifactStore)
    expect(over('http://127.0.0.1:8080/')).toBeInstanceOf(ArtifactStore)
  })

  it('sends nothing to a signed address over plain http to another host', async () => {
    const { fake, store } = await served()
    fake.signedBase = 'http://blobs.test'
    await expect(store.upload('x', Buffer.from('1'))).rejects.toThrow(
      'the results service answered no usable signed address',
    )
    expect(fake.blobs).toEqual([])
  })

  it.each([false, true])('uploads, lists, downloads and deletes (proto field names in answers: %s)', async (proto) => {
    const { fake, store } = await served((f) => (f.protoNames = proto))
    await store.upload('gpu-sandbox-comment-1-row-a', Buffer.from('{"v":1}'))
    expect(fake.calls.map((c) => c.method)).toEqual(['CreateArtifact', 'FinalizeArtifact'])
    expect(fake.blobs).toEqual([{ method: 'PUT', name: 'gpu-sandbox-comment-1-row-a' }])
    expect(fake.malformed).toEqual([])
    // Kept a day at most.
    const expires = Date.parse(fake.artifacts[0]?.expiresAt ?? '')
    expect(expires - new FakeClock().now()).toBe(24 * 3_600_000)
    const listed = await store.list('gpu-sandbox-comment-1-')
    expect(listed.map((a) => [a.name, a.jobBackendId])).toEqual([['gpu-sandbox-comment-1-row-a', 'job-a']])
    // Another job of the run reads and deletes it.
    const other = ArtifactStore.fromEnvironment(fake.env('job-b'), { clock: new FakeClock() })
    expect((await other?.download(listed[0]!, 1_000))?.toString()).toBe('{"v":1}')
    await other?.remove(listed[0]!)
    expect(fake.names()).toEqual([])
    expect(fake.malformed).toEqual([])
  })

  it.skipIf(skipWithout('the ZIP archive read by a real reader', 'python3'))(
    'the archive is a ZIP file Python reads',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'zip-'))
      try {
        writeFileSync(join(dir, 'a.zip'), storedZip('row.json', Buffer.from('{"v":1}')))
        const python =
          'import zipfile,sys; z=zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; print(z.read("row.json").decode())'
        expect(
          execFileSync('python3', ['-c', python, join(dir, 'a.zip')])
            .toString()
            .trim(),
        ).toBe('{"v":1}')
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  )

  it('reads back only its own shape: another name, compression, a bad CRC or too large is nothing', () => {
    const good = storedZip('row.json', Buffer.from('hello'))
    expect(storedFile(good, 'row.json', 100)?.toString()).toBe('hello')
    expect(storedFile(good, 'other.json', 100)).toBeUndefined()
    expect(storedFile(good, 'row.json', 4)).toBeUndefined()
    const corrupt = Buffer.from(good)
    corrupt[38] = 0x41
    expect(storedFile(corrupt, 'row.json', 100)).toBeUndefined()
    const deflated = Buffer.from(good)
    deflated.writeUInt16LE(8, 8)
    expect(storedFile(deflated, 'row.json', 100)).toBeUndefined()
    expect(storedFile(Buffer.from('PK'), 'row.json', 100)).toBeUndefined()
  })

  it('a finalize carried out whose answer was lost: asked again it finds nothing, and the list says it is there', async () => {
    const { fake, store } = await served()
    fake.lose.push('FinalizeArtifact')
    await store.upload('y', Buffer.from('1'))
    expect(fake.calls.map((c) => c.method)).toEqual([
      'CreateArtifact',
      'FinalizeArtifact',
      'FinalizeArtifact',
      'ListArtifacts',
    ])
    expect(fake.names()).toEqual(['y'])
    fake.script.push({ method: 'FinalizeArtifact', status: 400, body: { code: 'invalid_argument', msg: 'no' } })
    await expect(store.upload('z', Buffer.from('1'))).rejects.toThrow('FinalizeArtifact answered 400: no')
  })

  it('a 503 is tried again after a jittered pause; a 409 is an error at once, saying what the service said', async () => {
    const { fake, store, clock } = await served()
    fake.script.push({ method: 'CreateArtifact', status: 503, body: { code: 'unavailable', msg: 'busy' } })
    await store.upload('x', Buffer.from('1'))
    expect(clock.sleeps).toHaveLength(1)
    const again = store.upload('x', Buffer.from('2'))
    await expect(again).rejects.toThrow(ArtifactStoreError)
    await expect(store.upload('x', Buffer.from('2'))).rejects.toThrow(
      "the results service's CreateArtifact answered 409: an artifact with this name already exists",
    )
    expect(fake.names()).toEqual(['x'])
  })
})
