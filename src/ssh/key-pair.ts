/**
 * An ed25519 key pair made on the runner (node:crypto), written in the
 * OpenSSH formats that ssh reads: the private key as "openssh-key-v1", the
 * public key as one `ssh-ed25519 AAAA… comment` line.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto'

function u32(value: number): Buffer {
  const buffer = Buffer.alloc(4)
  buffer.writeUInt32BE(value)
  return buffer
}

function sshString(data: Buffer | string): Buffer {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data
  return Buffer.concat([u32(bytes.length), bytes])
}

export interface SshKeyPair {
  /** The private key, OpenSSH format, ending in a newline. A secret. */
  privateKey: string
  /** One OpenSSH public key line. */
  publicKey: string
}

export function generateSshKeyPair(comment: string): SshKeyPair {
  const jwk = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' })
  const seed = Buffer.from(jwk.d as string, 'base64url')
  const publicBytes = Buffer.from(jwk.x as string, 'base64url')
  const publicBlob = Buffer.concat([sshString('ssh-ed25519'), sshString(publicBytes)])
  const check = randomBytes(4)
  let secret = Buffer.concat([
    check,
    check,
    sshString('ssh-ed25519'),
    sshString(publicBytes),
    sshString(Buffer.concat([seed, publicBytes])),
    sshString(comment),
  ])
  // Padded to the cipher block size (8 for "none") with 1, 2, 3, ...
  const padding: number[] = []
  for (let i = 1; (secret.length + padding.length) % 8 !== 0; i++) padding.push(i)
  secret = Buffer.concat([secret, Buffer.from(padding)])
  const body = Buffer.concat([
    Buffer.from('openssh-key-v1\0'),
    sshString('none'),
    sshString('none'),
    sshString(''),
    u32(1),
    sshString(publicBlob),
    sshString(secret),
  ])
  const lines = body.toString('base64').match(/.{1,70}/g) ?? []
  return {
    privateKey: `-----BEGIN OPENSSH PRIVATE KEY-----\n${lines.join('\n')}\n-----END OPENSSH PRIVATE KEY-----\n`,
    publicKey: `ssh-ed25519 ${publicBlob.toString('base64')} ${comment}`,
  }
}
