/** Serialises an ed25519 private key in the OpenSSH format ("openssh-key-v1"), as ssh-keygen writes it. */
import { randomBytes, type KeyObject } from 'node:crypto'

function u32(value: number): Buffer {
  const buffer = Buffer.alloc(4)
  buffer.writeUInt32BE(value)
  return buffer
}

function sshString(data: Buffer | string): Buffer {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data
  return Buffer.concat([u32(bytes.length), bytes])
}

export function openSshPrivateKey(privateKey: KeyObject, comment: string): string {
  const jwk = privateKey.export({ format: 'jwk' })
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
  return `-----BEGIN OPENSSH PRIVATE KEY-----\n${lines.join('\n')}\n-----END OPENSSH PRIVATE KEY-----\n`
}

/** The one-line OpenSSH public key of an ed25519 key. */
export function openSshPublicKey(privateKey: KeyObject, comment: string): string {
  const publicBytes = Buffer.from(privateKey.export({ format: 'jwk' }).x as string, 'base64url')
  return `ssh-ed25519 ${Buffer.concat([sshString('ssh-ed25519'), sshString(publicBytes)]).toString('base64')} ${comment}`
}
