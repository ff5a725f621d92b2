import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadFailure } from '../../../components/load-failure';
import { useContact } from '../api/contacts';
import type { Contact } from '../../../lib/contact-lists';
import { useTranslation } from 'react-i18next';

/**
 * Loads one contact for the detail and edit screens (docs/product/screens.md#edit-screen): a
 * spinner while fetching, the 'Something went wrong' screen on failure, else `children` with the
 * contact.
 */
export function WithContact({
  id,
  children,
}: {
  id: string;
  children: (contact: Contact) => ReactNode;
}) {
  const { t } = useTranslation();
  const contact = useContact(id);
  if (contact.isPending) {
    return (
      <Center py={80}>
        <Loader role="progressbar" aria-label={t('Loading contact')} />
      </Center>
    );
  }
  if (contact.error) return <LoadFailure error={contact.error} />;
  return children(contact.data);
}
