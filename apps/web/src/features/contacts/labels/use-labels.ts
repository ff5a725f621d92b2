import { useState } from 'react';
import { errorMessage, notifyError } from '../../../lib/notify';
import { trpc } from '../../../lib/trpc';

/** The person's labels with their counts (the sidebar, the pickers). */
export function useLabels() {
  return trpc.labels.list.useQuery(undefined, { staleTime: 30_000 });
}

/**
 * Create and rename, refreshing every list that shows labels; `error` holds a refusal (a
 * taken name) for the dialog to show under its field.
 */
export function useLabelEditing() {
  const utils = trpc.useUtils();
  const [error, setError] = useState<string | null>(null);
  const refresh = () => utils.labels.invalidate();
  const onError = (failure: unknown) => {
    if (failure instanceof Error && 'data' in failure) setError(errorMessage(failure));
    else notifyError(failure);
  };
  const create = trpc.labels.create.useMutation({ onSuccess: refresh, onError });
  const rename = trpc.labels.rename.useMutation({ onSuccess: refresh, onError });
  return { create, rename, error, clearError: () => setError(null) };
}
