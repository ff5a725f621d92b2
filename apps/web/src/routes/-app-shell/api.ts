import { trpc } from '../../lib/trpc';

/** The signed-in shell's own call: feedback (`{ message }`, SPEC §4 Forms) to the team's inbox. */
export const useSendFeedback = () => trpc.feedback.send.useMutation();
