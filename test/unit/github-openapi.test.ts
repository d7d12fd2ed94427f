/**
 * GitHub's API as GitHub publishes it (issue 30): the check that runs after
 * every test (test/harness/setup.ts) on the fake GitHub's exchanges. Here it
 * is shown to pass on the fake's own answers to every route the action uses,
 * and to fail on planted defects: a wrong field type, an undocumented route,
 * an undocumented parameter or body field, and an answer off GitHub's shapes.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { FakeGitHub, GITHUB_TOKEN } from '../../scripts/lib/fake-github.ts'
import { contractProblems, requestProblems, responseProblems } from '../../scripts/lib/github-openapi.ts'

const AUTH = `Bearer ${GITHUB_TOKEN}`
let github: FakeGitHub

afterEach(() => {
  // The planted defects are this file's own: the setup's check is for the other tests' exchanges.
  FakeGitHub.takeAll()
})

function fake(): FakeGitHub {
  github = new FakeGitHub()
  github.runs.set(4242, { status: 'in_progress', run_attempt: 1 })
  return github
}

describe("the fake GitHub against GitHub's OpenAPI description", () => {
  it("every route the action uses, as the fake answers it: no problem, and each is one of GitHub's operations", () => {
    fake()
    const registered = github.answer('POST', '/repos/octo/repo/actions/runners/generate-jitconfig', AUTH, {
      name: 'gpu-sandbox-sbx-1',
      runner_group_id: 1,
      labels: ['gpu-sandbox-4242-1'],
      work_folder: '_work',
    })
    const id = (registered.body as { runner: { id: number } }).runner.id
    github.runners.assignJob(id, 60_000)
    const query = (pairs: Record<string, string>) => new URLSearchParams(pairs)
    github.answer('GET', `/repos/octo/repo/actions/runners/${id}`, AUTH)
    github.answer('GET', '/repos/octo/repo/actions/runners', AUTH, undefined, query({ name: 'gpu-sandbox-sbx-1' }))
    github.answer(
      'GET',
      '/repos/octo/repo/actions/runs/4242/attempts/1/jobs',
      AUTH,
      undefined,
      query({ per_page: '100' }),
    )
    github.answer('GET', '/repos/octo/repo/actions/runs/4242', AUTH)
    github.answer('GET', '/repos/actions/runner/releases/latest', undefined)
    github.answer('DELETE', `/repos/octo/repo/actions/runners/${id}`, AUTH)
    github.answer('GET', '/repos/octo/repo/actions/runs/999', AUTH)
    github.answer('GET', '/repos/octo/repo/actions/runs/4242', 'Bearer wrong')
    expect(github.exchanges.map(({ method, status }) => `${method} ${status}`)).toEqual([
      'POST 201',
      'GET 200',
      'GET 200',
      'GET 200',
      'GET 200',
      'GET 200',
      'DELETE 204',
      'GET 404',
      'GET 401',
    ])
    expect(contractProblems(github.exchanges)).toEqual([])
  })

  it('fails on a fake answer with a wrong field type', () => {
    fake()
    github.runs.set(7, { status: 'completed', run_attempt: '2' as unknown as number })
    github.answer('GET', '/repos/octo/repo/actions/runs/7', AUTH)
    expect(contractProblems(github.exchanges)).toEqual([
      'GET /repos/{owner}/{repo}/actions/runs/{run_id} → 200: /run_attempt must be integer',
    ])
  })

  it('fails on an undocumented route', () => {
    fake()
    github.answer('GET', '/repos/octo/repo/actions/runners/by-name/gpu-sandbox-sbx-1', AUTH)
    expect(contractProblems(github.exchanges)).toEqual([
      "GET /repos/octo/repo/actions/runners/by-name/gpu-sandbox-sbx-1: not a documented operation of GitHub's REST API",
    ])
  })

  it('fails on an undocumented query parameter, body field, or path parameter of the wrong type', () => {
    const exchange = { status: 201, responseBody: undefined }
    expect(
      requestProblems({
        ...exchange,
        method: 'POST',
        path: '/repos/o/r/actions/runners/generate-jitconfig',
        query: { owner: 'o' },
        requestBody: { name: 'x', runner_group_id: 1, labels: ['l'], ephemeral: true },
      }),
    ).toEqual([
      "POST /repos/{owner}/{repo}/actions/runners/generate-jitconfig (actions/generate-runner-jitconfig-for-repo): query parameter 'owner' is not documented",
      "POST /repos/{owner}/{repo}/actions/runners/generate-jitconfig (actions/generate-runner-jitconfig-for-repo): body field 'ephemeral' is not documented",
    ])
    expect(
      requestProblems({ ...exchange, method: 'DELETE', path: '/repos/o/r/actions/runners/abc', query: {} }),
    ).toEqual([
      "DELETE /repos/{owner}/{repo}/actions/runners/{runner_id} (actions/delete-self-hosted-runner-from-repo): path parameter runner_id='abc' does not match its schema",
    ])
  })

  it("fails on a status the operation does not list, and on an error off GitHub's error shape", () => {
    const get = { method: 'GET', path: '/repos/o/r/actions/runners/5', query: {} }
    expect(responseProblems({ ...get, status: 202, responseBody: {} })).toEqual([
      'GET /repos/{owner}/{repo}/actions/runners/{runner_id} → 202: a status the operation does not document',
    ])
    expect(responseProblems({ ...get, status: 403, responseBody: { message: 403 } })).toEqual([
      "GET /repos/{owner}/{repo}/actions/runners/{runner_id} → 403: not GitHub's error shape: /message must be string",
    ])
    const remove = { method: 'DELETE', path: '/repos/o/r/actions/runners/5', query: {} }
    expect(responseProblems({ ...remove, status: 204, responseBody: { deleted: true } })).toEqual([
      'DELETE /repos/{owner}/{repo}/actions/runners/{runner_id} → 204: answers a body where GitHub documents none',
    ])
  })
})
