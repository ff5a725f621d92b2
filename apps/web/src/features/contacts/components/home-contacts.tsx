import { AppShellLayout } from '../../../routes/-app-shell/app-shell-layout';
import { ContactListPage } from './contact-list-page';

/** `/` for a signed-in person: the contacts list in the app shell (SPEC §2). */
export default function HomeContacts() {
  return (
    <AppShellLayout>
      <ContactListPage list="contacts" />
    </AppShellLayout>
  );
}
