/**
 * Instances (POST /instances/create, GET /instances/list as deployed, POST
 * /instances/{id}/delete): v1.0 keeps the identifier given at create; as
 * deployed it is an index that shifts when an older instance goes.
 */
import { randomUUID } from 'node:crypto'
// The OpenSSH key format is written by one serializer; real ssh and sshd read every key the tests make.
import { generateKeyPair } from './keys.ts'
import { HttpError, type Answer } from './http.ts'
import type { EmulatorHost, Organization } from './options.ts'

export interface InstanceState {
  identifier: number
  uuid: string
  org: string
  public_key?: string
  deleted: boolean
}

export class Instances {
  readonly byId = new Map<string, InstanceState>()
  private next = 1000
  private readonly host: EmulatorHost
  constructor(host: EmulatorHost) {
    this.host = host
  }

  create(org: Organization, body: unknown, raw: string): Answer {
    if (raw.trim() !== '' && (body === null || typeof body !== 'object' || Array.isArray(body))) {
      throw new HttpError(400, 'invalid_request', 'the body must be a JSON object')
    }
    const request = (raw.trim() === '' ? {} : body) as Record<string, unknown>
    if (
      request.public_key !== undefined &&
      (typeof request.public_key !== 'string' || !/^(ssh-|ecdsa-|sk-)\S+ \S+/.test(request.public_key))
    ) {
      throw new HttpError(400, 'invalid_request', 'public_key must be an OpenSSH public key')
    }
    const fixed = this.next++
    const uuid = randomUUID()
    let key = ''
    let publicKey: string | undefined
    if (request.public_key === undefined) {
      const pair = generateKeyPair(`instance-${fixed}`)
      key = pair.privateKey
      publicKey = pair.publicKey
    }
    const instance = {
      identifier: fixed,
      uuid,
      org: org.name,
      public_key: request.public_key as string | undefined,
      deleted: false,
    }
    if (this.host.sshService) this.host.sshService.authorize(publicKey ?? (request.public_key as string))
    this.byId.set(String(fixed), instance)
    return { status: 200, body: { identifier: this.identifierOf(instance), key, uuid } }
  }

  /** Another job's instance (tests): created as through the API, no key. */
  seed(org: string): { identifier: number; uuid: string } {
    const fixed = this.next++
    const instance = { identifier: fixed, uuid: randomUUID(), org, deleted: false }
    this.byId.set(String(fixed), instance)
    return instance
  }

  /** The instances of an organisation that are not deleted, oldest first. */
  live(org: string) {
    return [...this.byId.values()].filter((i) => i.org === org && !i.deleted)
  }

  /**
   * v1.0: the identifier given at create, for good. As deployed: the index
   * among the organisation's live instances, which shifts when an older one goes.
   */
  identifierOf(instance: { identifier: number; org: string }): number {
    if (this.host.options.generation === 'v1') return instance.identifier
    return this.live(instance.org).findIndex((i) => i.identifier === instance.identifier)
  }

  list(org: Organization): Answer {
    const entries = this.live(org.name).map((instance, index) => [
      String(index),
      {
        uuid: instance.uuid,
        name: `instance-${instance.identifier}`,
        status: 'RUNNING',
        ip: '127.0.0.1',
        port: this.host.sshService?.running ? this.host.sshService.port : 22,
        ...(this.host.sshService?.running ? { user: this.host.sshService.user } : {}),
        createdAt: 1767225600,
      },
    ])
    return { status: 200, body: Object.fromEntries(entries) }
  }

  delete(org: Organization, identifier: string): Answer {
    const instance =
      this.host.options.generation === 'v1'
        ? this.byId.get(identifier)
        : /^\d+$/.test(identifier)
          ? this.live(org.name)[Number(identifier)]
          : undefined
    if (!instance || instance.org !== org.name || instance.deleted)
      throw new HttpError(404, 'instance_not_found', `no instance ${identifier}`)
    instance.deleted = true
    return { status: 200, body: { identifier, deleted: true } }
  }
}
