import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useDialogBehaviour } from './use-dialog-behaviour';

function Harness({ trapFocus }: { trapFocus: boolean }) {
  const [open, setOpen] = useState(false);
  const firstRef = useRef<HTMLButtonElement>(null);
  const ref = useDialogBehaviour<HTMLDivElement>({
    open,
    onClose: () => setOpen(false),
    trapFocus,
    initialFocus: firstRef,
  });
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open ? (
        <div ref={ref} role="dialog" aria-label="Box">
          <button ref={firstRef} type="button">
            First
          </button>
          <button type="button">Last</button>
        </div>
      ) : null}
      <button type="button">After</button>
    </>
  );
}

describe('useDialogBehaviour', () => {
  it('moves the focus in, closes on Escape and gives the focus back to the opener', async () => {
    const user = userEvent.setup();
    render(<Harness trapFocus={false} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('keeps Tab inside when it traps the focus, and lets it out when it does not', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness trapFocus />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus();
    unmount();

    render(<Harness trapFocus={false} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
  });
});
