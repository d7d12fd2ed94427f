/** The messages of every input error a parse raises (a test fails where it raises none, or something else). */
import { expect } from 'vitest'
import { InputErrors } from '../../src/inputs/collector.ts'

export function inputErrors(parse: () => unknown): string[] {
  try {
    parse()
  } catch (error) {
    expect(error).toBeInstanceOf(InputErrors)
    return (error as InputErrors).errors.map((e) => e.message)
  }
  throw new Error('expected InputErrors')
}
