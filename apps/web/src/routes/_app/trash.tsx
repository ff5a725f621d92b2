import { createFileRoute } from '@tanstack/react-router';
import { TrashPage } from '../../features/contacts/components/trash-page';

export const Route = createFileRoute('/_app/trash')({
  head: () => ({ meta: [{ title: 'Trash · Kith' }] }),
  component: TrashPage,
});
