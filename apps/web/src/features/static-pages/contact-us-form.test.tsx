import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '../../test/render';
import { ContactForm, SIMULATED_SEND_MS, SUCCESS_DISPLAY_MS } from './contact-us-form';

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
}

describe('ContactForm', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends nothing while a field is empty, and says which', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    render(<ContactForm />);
    fill('Name', 'Ada');
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Sending...' })).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("shows 'Sending...' for 1.5 s, then success, then clears and is idle 3 s later", () => {
    render(<ContactForm />);
    fill('Name', 'Ada');
    fill('Email', 'ada@example.com');
    fill('Message', 'Hello');
    // Mantine's Select keeps its value in a hidden input; pick the option as a person would.
    fireEvent.click(screen.getByRole('combobox', { name: /Subject/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Bug report', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(SIMULATED_SEND_MS - 1));
    expect(screen.queryByText(/Your message has been sent/)).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText(/Your message has been sent/)).toBeInTheDocument();
    expect(screen.getByLabelText('Name', { exact: false })).toHaveValue('');
    // The Subject box shows the reset too, not the old choice.
    expect(screen.getByRole('combobox', { name: /Subject/ })).toHaveValue('');

    act(() => vi.advanceTimersByTime(SUCCESS_DISPLAY_MS));
    expect(screen.queryByText(/Your message has been sent/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });
});
