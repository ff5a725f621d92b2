/** The step-up's `run` (components/step-up/use-step-up.tsx), which the card hands its sections. */
export type RunWithStepUp = <T>(action: () => Promise<T>) => Promise<T>;
