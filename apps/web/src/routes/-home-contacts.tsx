import { AppShellLayout } from './-app-shell/app-shell-layout';
import { ContactListScreen } from './-contact-list-screen';

/**
 * `/` for a signed-in person: the contacts list in the app shell
 * (docs/product/screens.md#signed-in-routes).
 */
export default function HomeContacts() {
  return (
    <AppShellLayout>
      <ContactListScreen list="contacts" />
    </AppShellLayout>
  );
}
