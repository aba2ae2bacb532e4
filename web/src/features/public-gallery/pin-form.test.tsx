// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicGalleryErrors } from '#shared/texts/public-gallery-errors';
import { PinForm, type PinFormProps } from './pin-form';
import { publicGalleryTexts as texts } from './texts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const props = (change: Partial<PinFormProps> = {}): PinFormProps => ({
  message: '',
  tried: false,
  checking: false,
  onSubmit: vi.fn(),
  ...change,
});
const button = () => screen.getByRole('button', { name: texts.openGallery }) as HTMLButtonElement;

describe('the PIN form', () => {
  it('takes a PIN of 4 digits (set before the 6-digit minimum) and sends it', () => {
    const onSubmit = vi.fn();
    render(<PinForm {...props({ onSubmit })} />);
    const input = screen.getByLabelText(texts.pin) as HTMLInputElement;
    expect(input.minLength).toBe(4);
    fireEvent.change(input, { target: { value: '4826' } });
    fireEvent.click(button());
    expect(onSubmit).toHaveBeenCalledWith('4826');
  });

  it('after too many wrong PINs, says to wait and keeps the button off until the wait is over', () => {
    vi.useFakeTimers();
    const message = publicGalleryErrors.pinWait(8);
    const { rerender } = render(<PinForm {...props({ message, tried: true, waitSeconds: 8 })} />);
    expect(screen.getByRole('alert').textContent).toBe(
      'Too many wrong PINs were typed for this gallery. Try again in 8 seconds.',
    );
    expect(button().disabled).toBe(true);
    act(() => vi.advanceTimersByTime(7_999));
    expect(button().disabled).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(button().disabled).toBe(false);

    // The next PIN, sent too early again, gets a wait of its own.
    rerender(<PinForm {...props({ checking: true })} />);
    rerender(<PinForm {...props({ message, tried: true, waitSeconds: 8 })} />);
    expect(button().disabled).toBe(true);
    act(() => vi.advanceTimersByTime(8_000));
    expect(button().disabled).toBe(false);
  });

  it('says when the gallery is locked, and offers no PIN field: no PIN opens it now', () => {
    render(<PinForm {...props({ message: publicGalleryErrors.pinLocked, tried: false, locked: true })} />);
    expect(screen.getByRole('alert').textContent).toBe(
      'This gallery is locked after too many wrong PINs. Ask the photographer to unlock it.',
    );
    expect(screen.queryByLabelText(texts.pin)).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
