/** The SSH pieces: key pair, endpoint checks, config files and the Include line. */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addInclude, removeInclude, writeSshFiles } from '../../src/ssh/config-files.ts'
import { endpointFromInstance, endpointFromRecord } from '../../src/ssh/endpoint.ts'
import { generateSshKeyPair } from '../../src/ssh/key-pair.ts'
import { aliasWrittenBefore, checkAlias } from '../../src/inputs/ssh.ts'

let dir = ''
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ssh-unit-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('key pair', () => {
  it('is an OpenSSH ed25519 key that ssh-keygen reads, with its public line', () => {
    const pair = generateSshKeyPair('test')
    writeFileSync(join(dir, 'key'), pair.privateKey, { mode: 0o600 })
    const derived = execFileSync('ssh-keygen', ['-y', '-f', join(dir, 'key')], { encoding: 'utf8' }).trim()
    // ssh-keygen derives the same public key from the private one (the comment aside).
    expect(derived.split(' ').slice(0, 2)).toEqual(pair.publicKey.split(' ').slice(0, 2))
    expect(pair.publicKey.endsWith(' test')).toBe(true)
    expect(pair.privateKey).toMatch(
      /^-----BEGIN OPENSSH PRIVATE KEY-----\n[\s\S]+\n-----END OPENSSH PRIVATE KEY-----\n$/,
    )
  })
})

describe('endpoint', () => {
  const key = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIPkgkGp9Xs35zwAoc3bqIuzEoFuGhJ4TEMV2QROGuF'
  it('reads host, port (22), user (ubuntu) and host key', () => {
    expect(endpointFromRecord({ ssh: { host: 'h1.example.com', host_key: `${key} comment` } })).toEqual({
      host: 'h1.example.com',
      port: 22,
      user: 'ubuntu',
      hostKey: key,
    })
    expect(endpointFromRecord({ ssh: { host: '10.0.0.1', port: '2222', user: 'runner' } })).toEqual({
      host: '10.0.0.1',
      port: 2222,
      user: 'runner',
      hostKey: undefined,
    })
    expect(endpointFromRecord({ status: 'ready' })).toBeUndefined()
    expect(endpointFromInstance({ ip: '127.0.0.1', port: 2200 })).toEqual({
      host: '127.0.0.1',
      port: 2200,
      user: 'ubuntu',
      hostKey: undefined,
    })
  })

  it.each([
    [{ host: 'h\nProxyCommand evil' }, /host/],
    [{ host: 'h', port: 70000 }, /not a TCP port/],
    [{ host: 'h', user: 'root\nProxyCommand x' }, /not a login name/],
    [{ host: 'h', host_key: 'ssh-ed25519 AAAA\nHost *' }, /host_key/],
    ['not an object', /not an object/],
  ])('refuses %j: it would be a config line of the service’s choosing', (ssh, message) => {
    expect(() => endpointFromRecord({ ssh })).toThrow(message)
  })
})

describe('config files and ~/.ssh/config', () => {
  it('pins the host key and names the key, certificate and known_hosts', () => {
    const endpoint = { host: '127.0.0.1', port: 2222, user: 'u', hostKey: 'ssh-ed25519 AAAA' }
    const { configPath, knownHostsPath } = writeSshFiles(dir, 'box', endpoint, join(dir, 'k'), join(dir, 'k-cert.pub'))
    expect(readFileSync(knownHostsPath, 'utf8')).toBe('[127.0.0.1]:2222 ssh-ed25519 AAAA\n')
    const config = readFileSync(configPath, 'utf8')
    expect(config).toContain('Host box\n  HostName 127.0.0.1\n  Port 2222\n  User u\n')
    expect(config).toContain('StrictHostKeyChecking yes')
    expect(config).toContain(`CertificateFile "${join(dir, 'k-cert.pub')}"`)
    expect(statSync(configPath).mode & 0o777).toBe(0o600)
  })

  it('adds one Include line at the top and removes exactly it, leaving the rest byte for byte', () => {
    const userConfig = join(dir, 'home', '.ssh', 'config')
    mkdirSync(join(dir, 'home', '.ssh'), { recursive: true })
    const original = 'Host a\n  User x\n\n# comment\nInclude "/elsewhere/gpu-sandbox-zz/other.ssh_config"\n'
    writeFileSync(userConfig, original)
    const added = addInclude(userConfig, '/tmp/gpu-sandbox-abc/box.ssh_config')
    expect(readFileSync(userConfig, 'utf8')).toBe(`Include "/tmp/gpu-sandbox-abc/box.ssh_config"\n${original}`)
    expect(aliasWrittenBefore(userConfig, 'box')).toBe(true)
    expect(aliasWrittenBefore(userConfig, 'other')).toBe(true)
    expect(aliasWrittenBefore(userConfig, 'a')).toBe(false)
    expect(removeInclude(userConfig, added)).toBe(true)
    expect(readFileSync(userConfig, 'utf8')).toBe(original)
    expect(removeInclude(userConfig, added)).toBe(false)
  })

  it('a ~/.ssh/config it created, and ~/.ssh, go again when nothing else was added', () => {
    const userConfig = join(dir, 'fresh', '.ssh', 'config')
    const added = addInclude(userConfig, '/tmp/gpu-sandbox-abc/box.ssh_config')
    expect(statSync(join(dir, 'fresh', '.ssh')).mode & 0o777).toBe(0o700)
    expect(statSync(userConfig).mode & 0o777).toBe(0o600)
    removeInclude(userConfig, added)
    expect(existsSync(join(dir, 'fresh', '.ssh'))).toBe(false)
  })

  it('checks the alias', () => {
    expect(checkAlias('sandbox', () => false)).toBeUndefined()
    expect(checkAlias('-oProxyCommand=x', () => false)).toMatch(/not starting with '-'/)
    expect(checkAlias('a b', () => false)).toMatch(/letters, digits/)
    expect(checkAlias('box', () => true)).toMatch(/already in ~\/\.ssh\/config/)
  })
})
