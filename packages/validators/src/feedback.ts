import { z } from 'zod';

/** Longest feedback message kept, in characters. */
export const FEEDBACK_MAX_LENGTH = 5000;

/** POST /feedback (SPEC §7): `{message}`. An empty message is accepted (SPEC §5). */
export const feedbackInput = z.object({
  message: z
    .string()
    .max(FEEDBACK_MAX_LENGTH, {
      error: `Feedback can be at most ${FEEDBACK_MAX_LENGTH} characters`,
    })
    .default(''),
});
export type FeedbackInput = z.infer<typeof feedbackInput>;
