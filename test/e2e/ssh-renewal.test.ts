/**
 * SSH that lasts the whole job (issue 22), through the bundles with real
 * OpenSSH: the certificate renewer keeps 9-second certificates valid for a
 * job several times longer (SSH_RENEWAL=long: 60-second ones for 4 minutes), holds the token only in memory, and is gone after
 * the post step. (How it ends by itself: ssh-renewal-ends.test.ts; mode:
 * connect: ssh-connect.test.ts.)
 */
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { commands, runStep, visibleText } from '../../scripts/lib/action-runner.ts'
import {
  canRun,
  CERT_SECONDS,
  inputs,
  job,
  later,
  LONG,
  processText,
  ROUND_MS,
  ROUNDS,
  running,
  sleep,
  startEmulator,
  USER_CONFIG,
  useSshJob,
} from '../harness/ssh-job.ts'

useSshJob()

describe.skipIf(!canRun)('the certificate renewer', () => {
  it(
    'keeps ssh working past many certificate lifetimes; holds the token only in memory; the post step ends it and leaves nothing',
    async () => {
      const service = await startEmulator({ sshCertificateSeconds: CERT_SECONDS })
      const env = { HOME: job.home }
      const main = await runStep('main', { inputs: inputs({ ssh: 'true' }), env })
      const mainEnded = Date.now()
      expect(main.exitCode).toBe(0)
      const pid = Number(main.state['renewer-pid'])
      expect(pid).toBeGreaterThan(1)
      expect(main.stdout).toContain(`SSH: a renewer (pid ${pid}) renews the certificate before it expires`)
      const dir = join(main.outputs['ssh-config'] ?? '', '..')
      const certPath = join(dir, 'id_ed25519-cert.pub')
      const firstCertificate = join(job.home, 'first-cert.pub')
      copyFileSync(certPath, firstCertificate)

      // The token is nowhere the system shows: not in the renewer's command line, environment or any file.
      const token = service.token
      expect(processText(pid, 'cmdline')).not.toContain(token)
      expect(processText(pid, 'environ')).not.toContain(token)
      expect(processText(pid, 'environ')).not.toContain('INPUT_')
      const files = spawnSync('grep', ['-rl', token, dir, job.home], { encoding: 'utf8' })
      expect(files.stdout).toBe('')

      const failures: string[] = []
      for (let round = 0; round < ROUNDS; round++) {
        const result = later(['sandbox', 'true'])
        if (result.status !== 0) failures.push(`round ${round}: ${result.status} ${result.stderr}`)
        await sleep(ROUND_MS)
      }
      expect(failures).toEqual([])
      // The first certificate has expired by now: sshd refuses it, so only renewal kept ssh working.
      const withOnly = (certificate: string) =>
        spawnSync(
          'ssh',
          [
            '-F',
            '/dev/null',
            '-o',
            'BatchMode=yes',
            '-o',
            `UserKnownHostsFile=${join(dir, 'known_hosts')}`,
            '-o',
            `IdentityFile=${join(dir, 'id_ed25519')}`,
            '-o',
            `CertificateFile=${certificate}`,
            '-o',
            'IdentitiesOnly=yes',
            '-p',
            main.outputs['ssh-port'] ?? '',
            `${main.outputs['ssh-user']}@127.0.0.1`,
            'true',
          ],
          { encoding: 'utf8', timeout: 30_000 },
        )
      expect(withOnly(firstCertificate).status).toBe(255)
      expect(withOnly(certPath).status).toBe(0)
      const renewals = service.requestsTo('POST', '/sandboxes/ssh-certificate')
      expect(renewals.length).toBeGreaterThanOrEqual(3)
      // The renewer asks for certificates and reads its own sandbox, nothing else.
      const after = service.requests.filter((r) => r.at > mainEnded).map((r) => `${r.method} ${r.path}`)
      expect(new Set(after)).toEqual(
        new Set(['POST /sandboxes/ssh-certificate', `GET /sandboxes/${main.outputs['sandbox-id']}`]),
      )
      const renewedBlob = readFileSync(certPath, 'utf8').split(' ')[1] ?? 'none'
      expect(readFileSync(join(dir, 'renewer.log'), 'utf8')).not.toContain(renewedBlob)

      const post = await runStep('post', { inputs: inputs({ ssh: 'true' }), env, state: main.state })
      expect(post.exitCode).toBe(0)
      expect(post.stdout).toContain(`Ended the SSH certificate renewer (pid ${pid}).`)
      expect(running(pid)).toBe(false)
      expect(existsSync(dir)).toBe(false)
      expect(readFileSync(join(job.home, '.ssh', 'config'), 'utf8')).toBe(USER_CONFIG)
      expect(commands(post, 'warning')).toEqual([])
      // No certificate, the first or a renewed one, in any log, output, state or summary.
      expect(visibleText(main, post)).not.toContain(readFileSync(firstCertificate, 'utf8').split(' ')[1])
      expect(visibleText(main, post)).not.toContain(renewedBlob)
      expect(await service.settle()).toEqual([])
    },
    LONG ? 360_000 : 120_000,
  )
})
