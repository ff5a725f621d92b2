import { Notifications } from '@mantine/notifications';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render } from '../test/render';
import { i18nReady } from './i18n';
import { notifyUndoable } from './undo-toast';

describe('notifyUndoable', () => {
  beforeAll(async () => {
    await i18nReady;
  });

  it('runs the undo once however often Undo is clicked, then says it is undone', async () => {
    render(<Notifications />);
    let finish: () => void = () => {};
    const undo = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    notifyUndoable('Moved {{count}} contacts to the Trash', undo, { count: 12 });
    const button = await screen.findByRole('button', { name: 'Undo' });
    expect(screen.getByText('Moved 12 contacts to the Trash')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(button);
    await user.click(button).catch(() => {});
    finish();
    expect(await screen.findByText('Undone')).toBeInTheDocument();
    expect(undo).toHaveBeenCalledTimes(1);
  });

  it('shows the error an undo met', async () => {
    render(<Notifications />);
    notifyUndoable('Moved to the Trash', () => Promise.reject(new Error('Contact not found.')));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Unknown Error Occurred Try Again!')).toBeInTheDocument();
  });
});
