/**
 * What GitHub says of the token's hourly budget on every answer:
 * `x-ratelimit-limit` and `x-ratelimit-remaining` of the `core` resource. The
 * default GITHUB_TOKEN has 1,000 requests an hour for the whole repository,
 * shared with every workflow there: once fewer than a tenth are left, what is
 * optional (the pull-request comment) yields to what is not (the approval gate,
 * registering and deleting runners).
 */
/** What the main step saw, for the post step: it counts only until the hour it belongs to ends. */
export interface SavedBudget {
  limit: number
  remaining: number
  resetsAt: number
}

export class GitHubBudget {
  private limit: number | undefined
  private remaining: number | undefined
  private resetsAt: number | undefined

  /** Reads an answer's headers (a success, an error, a 304); other resources (search, GraphQL) are not this budget. */
  observe(headers: Record<string, unknown> | undefined): void {
    if (!headers) return
    const resource = headers['x-ratelimit-resource']
    if (resource !== undefined && resource !== 'core') return
    const limit = Number(headers['x-ratelimit-limit'])
    const remaining = Number(headers['x-ratelimit-remaining'])
    if (!Number.isInteger(limit) || limit <= 0 || !Number.isInteger(remaining) || remaining < 0) return
    this.limit = limit
    this.remaining = Math.min(remaining, limit)
    const reset = Number(headers['x-ratelimit-reset'])
    this.resetsAt = Number.isFinite(reset) && reset > 0 ? reset * 1000 : undefined
  }

  /** What it knows now, when GitHub has said when its hour ends. */
  save(): SavedBudget | undefined {
    const { limit, remaining, resetsAt } = this
    return limit !== undefined && remaining !== undefined && resetsAt !== undefined
      ? { limit, remaining, resetsAt }
      : undefined
  }

  /** Starts from what an earlier step saw, unless its hour has ended (`now`: the clock's time). */
  restore(saved: SavedBudget | undefined, now: number): void {
    if (!saved || now >= saved.resetsAt || this.limit !== undefined) return
    this.limit = saved.limit
    this.remaining = saved.remaining
    this.resetsAt = saved.resetsAt
  }

  /** Fewer than a tenth of the token's requests are left this hour (unknown until GitHub has answered once). */
  get low(): boolean {
    return this.limit !== undefined && this.remaining !== undefined && this.remaining < this.limit / 10
  }

  /**
   * Whether `requests` more leave a tenth of the limit untouched (unknown: yes, the answers will tell). The tenth is
   * what the optional never spends: it is kept for the gate and the runners.
   */
  spares(requests: number): boolean {
    const spare = this.spare
    return spare === undefined || spare >= requests
  }

  /** The requests left above a tenth of the limit (undefined until GitHub has answered once). */
  get spare(): number | undefined {
    if (this.limit === undefined || this.remaining === undefined) return undefined
    return this.remaining - Math.ceil(this.limit / 10)
  }

  /** '83 of 1000 requests left this hour (until 12:34 UTC)', or undefined before GitHub answered. */
  describe(): string | undefined {
    if (this.limit === undefined || this.remaining === undefined) return undefined
    const until = this.resetsAt ? ` (until ${new Date(this.resetsAt).toISOString().slice(11, 16)} UTC)` : ''
    return `${this.remaining} of ${this.limit} requests left this hour${until}`
  }
}
