import {
  ContactListPage,
  type ContactListParts,
  type ListPane,
} from '../features/contacts/components/contact-list-page';
import { BulkLabelMenu, LabelActions } from '../features/labels/label-menus';

/** The labels' part of every contacts list: the bulk Labels menu, and a label's own menu. */
const parts: ContactListParts = {
  labelActions: (label) => <LabelActions label={label} />,
  bulkActions: (chosen) => <BulkLabelMenu chosen={chosen} />,
};

/**
 * A contacts list (`/`, /favorite, /label/:id, or the list pane beside an open contact) with
 * what the labels feature adds to it, composed here since a feature never imports another.
 */
export function ContactListScreen(props: {
  list: 'contacts' | 'favorites' | 'label';
  labelId?: string;
  pane?: ListPane;
}) {
  return <ContactListPage {...props} parts={parts} />;
}
