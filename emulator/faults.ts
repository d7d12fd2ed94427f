/** Injected faults: which request gets one (per route and attempt), and what each kind does to the answer. */
import type { ServerResponse } from 'node:http'
// The OpenSSH key format is written by one serializer; real ssh and sshd read every key the tests make.
import { generateKeyPair } from './keys.ts'
import { routeOf, send } from './http.ts'
import type { FaultRule } from './options.ts'

export class Faults {
  rules: { rule: FaultRule; seen: number }[] = []
  /** How many injected faults were applied. */
  applied = 0
  /** Answers that never end (hang, slow-body): close() destroys them. */
  readonly hanging = new Set<ServerResponse>()

  add(rule: FaultRule): void {
    this.rules.push({ rule, seen: 0 })
  }

  clear(): void {
    this.rules = []
  }

  take(method: string, path: string): FaultRule | undefined {
    const route = `${method} ${routeOf(path)}`
    // Every rule of the route counts every request, so rules for attempts 1, 2, 3 compose.
    const matching = this.rules.filter((entry) => entry.rule.route === route)
    for (const entry of matching) entry.seen++
    const rule = matching.find((entry) => !entry.rule.attempts || entry.rule.attempts.includes(entry.seen))?.rule
    if (rule !== undefined) this.applied++
    return rule
  }

  apply(rule: FaultRule, res: ServerResponse, auth: string | undefined): void {
    const fault = rule.fault
    if (fault === 'hang') {
      this.hanging.add(res)
      res.on('close', () => this.hanging.delete(res))
      return
    }
    if (fault === 'reset') {
      res.socket?.destroy()
      return
    }
    if (fault === 'slow-body') {
      // Headers and the first bytes at once, then nothing: a body that never ends.
      this.hanging.add(res)
      res.on('close', () => this.hanging.delete(res))
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' })
      res.write('{"status": "')
      return
    }
    if (fault === 'key-not-json') {
      // A 2xx whose body is not JSON but carries a private key (a proxy that mangled the answer, say).
      res.writeHead(200, { 'content-type': 'text/plain' })
      res.end(`key:\n${generateKeyPair('mangled').privateKey}`)
      return
    }
    if (fault === 'malformed-json') {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{"id": "sbx-')
      return
    }
    const codes: Record<number, string> = {
      500: 'internal_error',
      502: 'bad_gateway',
      503: 'service_unavailable',
      504: 'gateway_timeout',
    }
    if (fault === 502) {
      // Gateways answer with HTML, not the JSON error object.
      res.writeHead(502, { 'content-type': 'text/html' })
      res.end('<html><body><h1>502 Bad Gateway</h1></body></html>')
      return
    }
    const status = fault as number
    const message = (rule.message ?? `injected ${status}`).replace('{{authorization}}', auth ?? '')
    send(res, status, { code: status, error: rule.error ?? codes[status], message })
  }
}
