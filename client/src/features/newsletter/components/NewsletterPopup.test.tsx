import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer } from '@/lib/forms/testing';
import { NewsletterPopup } from './NewsletterPopup';

let goTo: (path: string) => void = () => undefined;

function Navigator() {
  const navigate = useNavigate();
  goTo = (path) => void navigate(path);
  return null;
}

/** The pop-up in the router of the site, on `path`, beside a form (`<form>` with one input). */
function renderAt(path = '/about') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Navigator />
      <form aria-label="Some form">
        <input aria-label="Some field" />
      </form>
      <NewsletterPopup />
    </MemoryRouter>,
  );
}

const FLAG = 'newsletter-popup-shown';

async function flushLazy() {
  await act(async () => {
    await vi.dynamicImportSettled();
  });
}

async function openPopup() {
  renderAt();
  act(() => {
    vi.advanceTimersByTime(10000);
  });
  await flushLazy();
  vi.useRealTimers();
  return screen.findByRole('dialog');
}

describe('newsletter pop-up', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens after 10 s when the flag is not stored, and closing stores the flag', async () => {
    renderAt();
    act(() => {
      vi.advanceTimersByTime(9999);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    await flushLazy();
    vi.useRealTimers();
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Stay Updated');
    expect(window.localStorage.getItem(FLAG)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close newsletter pop-up' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(FLAG)).not.toBeNull();
  });

  it('submitting stores the flag and hides it', async () => {
    const posted = answer('/newsletter-subscriptions', 201, { id: 'NL1' });
    await openPopup();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Full Name/), 'Ama Owusu');
    await user.type(screen.getByLabelText(/Email Address/), 'ama@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.localStorage.getItem(FLAG)).not.toBeNull();
    expect(posted.bodies).toHaveLength(1);
  });

  it('a failed subscription also stores the flag and hides it', async () => {
    answer('/newsletter-subscriptions', 500, {
      message: 'Something went wrong on our side. Please try again.',
    });
    await openPopup();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Full Name/), 'Ama Owusu');
    await user.type(screen.getByLabelText(/Email Address/), 'ama@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.localStorage.getItem(FLAG)).not.toBeNull();
  });

  it('never opens when the flag is already stored', async () => {
    window.localStorage.setItem(FLAG, 'true');
    renderAt();
    act(() => {
      vi.advanceTimersByTime(20000);
    });
    await flushLazy();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('never opens over a form page: it waits until the visitor is on another page (issue 43)', async () => {
    renderAt('/apply');
    act(() => {
      vi.advanceTimersByTime(20000);
    });
    await flushLazy();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => goTo('/about'));
    await flushLazy();
    vi.useRealTimers();
    expect(await screen.findByRole('dialog')).toHaveTextContent('Stay Updated');
  });

  it('never opens once a form of the page has been touched (issue 43)', async () => {
    renderAt('/');
    fireEvent.input(screen.getByLabelText('Some field'), { target: { value: 'A' } });
    act(() => {
      vi.advanceTimersByTime(20000);
    });
    await flushLazy();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(FLAG)).toBeNull();
  });
});
