import { z } from 'zod';
import { messages } from './messages';

/** Subject choices of the Contact Us form (docs/product/screens.md#feedback-and-contact-us). */
export const contactUsSubjects = [
  'general',
  'support',
  'bug',
  'feature',
  'account',
  'billing',
  'other',
] as const;

const required = z.string().trim().min(1, { error: messages.contactUs.required });

/**
 * The Contact Us form (docs/product/states.md#forms, docs/product/validation.md#other-forms):
 * all four fields are required
 * and the email must be an address. The form is local only; nothing is sent.
 */
export const contactUsInput = z.object({
  name: required,
  email: required.pipe(z.email({ error: messages.account.invalidEmail })),
  subject: z.enum(contactUsSubjects, { error: messages.contactUs.required }),
  message: required,
});
export type ContactUsInput = z.infer<typeof contactUsInput>;
