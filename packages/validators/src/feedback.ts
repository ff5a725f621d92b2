import { z } from 'zod';

/** Longest feedback message kept, in characters. */
export const FEEDBACK_MAX_LENGTH = 5000;

/**
 * POST /feedback: `{message}`. An empty message is accepted
 * (docs/product/validation.md#other-forms).
 */
export const feedbackInput = z.object({
  message: z
    .string()
    .max(FEEDBACK_MAX_LENGTH, {
      error: `Feedback can be at most ${FEEDBACK_MAX_LENGTH} characters`,
    })
    .default(''),
});
export type FeedbackInput = z.infer<typeof feedbackInput>;
