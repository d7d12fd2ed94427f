/** The one way a refinement refuses a value: the message becomes the input error, and the parse ends there. */
import { z } from 'zod'

export function refuse(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: 'custom', message })
  return z.NEVER
}
