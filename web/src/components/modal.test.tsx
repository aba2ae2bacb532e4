// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';

afterEach(cleanup);

describe('Modal', () => {
  it('opens as a modal dialog labelled by its title', () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    render(
      <Modal title="Order link" onClose={vi.fn()}>
        <button type="button">Copy</button>
      </Modal>,
    );
    expect(screen.getByRole('dialog', { name: 'Order link' }).tagName).toBe('DIALOG');
    expect(showModal).toHaveBeenCalledOnce();
    showModal.mockRestore();
  });

  it("closes through onClose on Escape's cancel event, keeping the browser from closing it itself", () => {
    const onClose = vi.fn();
    render(
      <Modal title="Order link" onClose={onClose}>
        <p>https://example.com/orders/1</p>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog');
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(dialog, cancel);
    expect(onClose).toHaveBeenCalledOnce();
    expect(cancel.defaultPrevented).toBe(true);
  });

  it('gives focus back to the element that opened it', () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const { unmount } = render(
      <Modal title="Order link" onClose={vi.fn()}>
        <button type="button">Copy</button>
      </Modal>,
    );
    screen.getByRole('button', { name: 'Copy' }).focus();
    expect(document.activeElement).not.toBe(opener);
    unmount();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});
