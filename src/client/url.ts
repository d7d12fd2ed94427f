import { isIP } from 'node:net'

/** localhost, 127.0.0.0/8 and ::1: the only hosts where plain http is allowed (the emulator). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (host === 'localhost') return true
  if (isIP(host) === 4) return host.startsWith('127.')
  if (isIP(host) === 6) return host === '::1' || host === '0:0:0:0:0:0:0:1'
  return false
}

/** https://, or http:// to a loopback host (the emulator, the tests' fakes): where a token may be sent. */
export function isSafeTransport(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))
}
