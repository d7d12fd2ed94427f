/**
 * `instance-config`: a JSON object merged into the create body. Bounded in
 * size and depth before it is parsed or walked (10,000 nested brackets must be
 * an input error, not a stack overflow).
 */
import { z } from 'zod'
import { refuse } from './refuse.ts'
import { looksLikePrivateKey } from './private-key.ts'

export const JSON_INPUT_LIMITS = { bytes: 64 * 1024, depth: 20 } as const

/** The deepest bracket nesting of a JSON text, counted without parsing (strings skipped). */
export function jsonDepth(text: string): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (inString) {
      if (c === '\\') i++
      else if (c === '"') inString = false
    } else if (c === '"') inString = true
    else if (c === '{' || c === '[') deepest = Math.max(deepest, ++depth)
    else if (c === '}' || c === ']') depth--
  }
  return deepest
}

export const jsonObject = z.string().transform((raw, ctx) => {
  const text = raw.trim() === '' ? '{}' : raw
  if (Buffer.byteLength(text) > JSON_INPUT_LIMITS.bytes) {
    return refuse(
      ctx,
      `must be at most ${JSON_INPUT_LIMITS.bytes / 1024} KiB of JSON, got ${Buffer.byteLength(text)} bytes`,
    )
  }
  if (jsonDepth(text) > JSON_INPUT_LIMITS.depth) {
    return refuse(ctx, `must nest at most ${JSON_INPUT_LIMITS.depth} levels of objects and arrays`)
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return refuse(ctx, 'must be a JSON object, e.g. {"template": "base"}; it is not valid JSON')
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return refuse(ctx, 'must be a JSON object ({...}), not an array, string, number or null')
  }
  const publicKey = (value as Record<string, unknown>).public_key
  if (typeof publicKey === 'string' && looksLikePrivateKey(publicKey)) {
    return refuse(
      ctx,
      'has a public_key that is a private key (it is masked); send the public key (the .pub file) instead',
    )
  }
  return value as Record<string, unknown>
})
