import { trpc } from '../../lib/trpc';

/**
 * The signed-in shell's own call: feedback (`{ message }`, docs/product/states.md#forms) to the
 * team's inbox.
 */
export const useSendFeedback = () => trpc.feedback.send.useMutation();
