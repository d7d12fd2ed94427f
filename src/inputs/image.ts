/** `image`: the image_id of an image prepared through the service, sent as is. */
import { z } from 'zod'
import { refuse } from './refuse.ts'

export const IMAGE_MAX_CHARACTERS = 256

/** One line of visible characters: no control, format or line-separator characters, not blank. */
const VISIBLE_LINE = /^[^\p{C}\p{Zl}\p{Zp}]+$/u

export const imageId = z.string().transform((raw, ctx) => {
  const text = raw.trim()
  if (!VISIBLE_LINE.test(text) || [...text].length > IMAGE_MAX_CHARACTERS) {
    return refuse(
      ctx,
      `must be one line of at most ${IMAGE_MAX_CHARACTERS} visible characters ` +
        `(an image id prepared through the service)`,
    )
  }
  return text
})
