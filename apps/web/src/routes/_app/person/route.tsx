import {
  createFileRoute,
  Outlet,
  redirect,
  useParams,
  useRouterState,
} from '@tanstack/react-router';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { ContactListScreen } from '../../-contact-list-screen';
import classes from './-person-panes.module.css';

/** The narrowest window, in px, that shows the list beside the open contact. */
export const TWO_PANES_MIN_PX = 1024;

/** Which list the pane shows for the path a contact was opened from. */
function listOf(from: string | undefined): {
  path: string;
  list: 'contacts' | 'favorites' | 'label';
  labelId?: string;
} {
  if (from === '/favorite') return { path: from, list: 'favorites' };
  const label = from?.match(/^\/label\/([^/]+)$/);
  if (label) return { path: from!, list: 'label', labelId: label[1] };
  // Opened from anywhere else (search, the trash, a link): the whole book.
  return { path: '/', list: 'contacts' };
}

/**
 * /person/:id and /person/edit/:id. From 1024 px wide, the list the contact was opened from
 * stays on the left, scrolling on its own with the open contact highlighted, and the contact
 * (or its edit form) is on the right, as iCloud shows them (docs/product/screens.md#two-panes);
 * the URL still names the contact, so Back and reload work as before. Narrower windows show
 * the contact alone.
 */
export const Route = createFileRoute('/_app/person')({
  // /person alone names no contact: the list.
  beforeLoad: ({ location }) => {
    if (location.pathname.replace(/\/$/, '') === '/person')
      throw redirect({ to: '/', replace: true });
  },
  component: PersonPanes,
});

function PersonPanes() {
  const wide = useMediaQuery(`(min-width: ${TWO_PANES_MIN_PX}px)`, undefined, {
    getInitialValueInEffect: false,
  });
  const from = useRouterState({ select: (s) => s.location.state.from });
  const { id } = useParams({ strict: false });
  // The list is drawn once its pane exists: it scrolls that element.
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  if (!wide) return <Outlet />;
  const shown = listOf(from);
  return (
    <div className={classes.panes}>
      <div ref={setScroller} className={classes.list} data-list-pane>
        {scroller && (
          <ContactListScreen
            key={shown.path}
            list={shown.list}
            labelId={shown.labelId}
            pane={{ path: shown.path, activeId: id, scroller }}
          />
        )}
      </div>
      <div className={classes.contact}>
        <Outlet />
      </div>
    </div>
  );
}
