/**
 * The comment's reads as GitHub counts them (issue 46): a leg writing alone looks at its edit with the edit's ETag
 * and GitHub answers 304 (free); an ETag that is not one as HTTP writes it is never sent back; a 304 to a request
 * that was not conditional is a failure, never a comment read as empty.
 */
import { describe, expect, it } from 'vitest'
import { publishComment } from '../../src/comment/post.ts'
import type { CommentFacts } from '../../src/comment/text.ts'
import { useFakeGitHub } from '../harness/fake-github.ts'
import { FakeClock, recordingCore } from '../harness/fakes.ts'

const fake = useFakeGitHub()

const facts = (leg: string): CommentFacts => ({
  sandboxId: 'sbx-00000000000000aa',
  job: 'CI / gpu',
  leg,
  gpu: '1 x H100',
  status: 'run passed (exit 0); stopped by the post step',
  billedSeconds: 130,
  cost: 0.0712,
  runUrl: 'https://github.com/octo/repo/actions/runs/1/attempts/1',
})

async function setUp() {
  const target = await fake.commentTarget()
  const deps = () => {
    const core = recordingCore()
    return { core, clock: new FakeClock(), signal: new AbortController().signal, log: (m: string) => core.info(m) }
  }
  return { target, deps }
}

const paths = () => fake.github.requests.map((r) => `${r.notModified ? '304 ' : ''}${r.method} ${r.path}`)

describe('the comment asks conditionally', () => {
  it('a leg alone: its look after the edit is a free 304; the first leg, which created it, reads the list', async () => {
    const { target, deps } = await setUp()
    expect(await publishComment(deps(), target, facts('gpu (1)'))).toBe('written')
    expect(await publishComment(deps(), target, facts('gpu (2)'))).toBe('written')
    expect(paths()).toEqual([
      'GET /repos/octo/repo/issues/7/comments',
      'POST /repos/octo/repo/issues/7/comments',
      'GET /repos/octo/repo/issues/7/comments',
      'GET /repos/octo/repo/issues/7/comments',
      'PATCH /repos/octo/repo/issues/comments/7000',
      '304 GET /repos/octo/repo/issues/comments/7000',
    ])
    expect(fake.github.counted()).toHaveLength(5)
  })

  it('an odd ETag on the edit is not sent back: the look after it reads the list', async () => {
    const { target, deps } = await setUp()
    expect(await publishComment(deps(), target, facts('gpu (1)'))).toBe('written')
    fake.github.requests.splice(0)
    const body = { id: 7000, body: 'x' }
    fake.github.script = [undefined, { status: 200, body, headers: { etag: 'not "quoted" as HTTP writes one' } }]
    expect(await publishComment(deps(), target, facts('gpu (2)'))).toBe('written')
    // The list is read again instead (unchanged: the scripted edit changed nothing, so a free 304 that shows the row
    // missing); written again, and that edit's ETag is GitHub's own, so the look after it is conditional.
    expect(paths()).toEqual([
      'GET /repos/octo/repo/issues/7/comments',
      'PATCH /repos/octo/repo/issues/comments/7000',
      '304 GET /repos/octo/repo/issues/7/comments',
      'PATCH /repos/octo/repo/issues/comments/7000',
      '304 GET /repos/octo/repo/issues/comments/7000',
    ])
  })

  it('a 304 to a read that was not conditional fails the write with a warning; nothing is written', async () => {
    const { target, deps } = await setUp()
    fake.github.script = [{ status: 304, body: undefined }]
    const d = deps()
    expect(await publishComment(d, target, facts('gpu (1)'))).toBe('failed')
    expect(d.core.annotations[0]?.message).toMatch(/^comment: could not write the pull-request comment: .*304/)
    expect(fake.github.pulls.pulls.get(7)?.comments).toEqual([])
  })
})
