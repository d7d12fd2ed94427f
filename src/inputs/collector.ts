/** Collects every bad input of one step, so a user fixes them all in one round. */
import type { z } from 'zod'
import { INPUT_DEFAULTS, type InputName } from './defaults.ts'

/** Reads one input by its action.yml name; core.getInput in production, a map in tests. */
export type InputReader = (name: string) => string

/** An invalid input: names the input and says what is allowed. Never echoes secrets. */
export class InputError extends Error {
  readonly input: string
  constructor(input: string, message: string) {
    super(`Input '${input}': ${message}`)
    this.name = 'InputError'
    this.input = input
  }
}

/** Raised with every bad input at once. */
export class InputErrors extends Error {
  readonly errors: InputError[]
  constructor(errors: InputError[]) {
    super(errors.map((e) => e.message).join('\n'))
    this.name = 'InputErrors'
    this.errors = errors
  }
}

export class Collector {
  readonly errors: InputError[] = []
  readonly read: InputReader
  constructor(read: InputReader) {
    this.read = read
  }

  /** Reads an input, falling back to its documented default when empty. */
  raw(name: InputName): string {
    const value = this.read(name)
    return value.trim() === '' ? INPUT_DEFAULTS[name] : value
  }

  isSet(name: InputName): boolean {
    return this.read(name).trim() !== ''
  }

  /** Set to something other than its default (an input that means something only beside another one). */
  changed(name: InputName): boolean {
    return this.isSet(name) && this.raw(name).trim() !== INPUT_DEFAULTS[name]
  }

  parse<T>(name: InputName, schema: z.ZodType<T, string>, raw = this.raw(name)): T {
    const result = schema.safeParse(raw)
    if (result.success) return result.data
    this.errors.push(new InputError(name, result.error.issues[0]?.message ?? 'is invalid'))
    return undefined as T
  }

  fail(name: InputName, message: string): void {
    this.errors.push(new InputError(name, message))
  }

  /** The parsed config, or every error at once. */
  done<T>(config: T | undefined): T {
    if (this.errors.length > 0 || config === undefined) throw new InputErrors(this.errors)
    return config
  }
}
