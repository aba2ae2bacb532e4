// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShownImage } from './shown-image';

afterEach(cleanup);

describe('ShownImage', () => {
  it('offers the WebP as a typed source with the JPEG as the image', () => {
    const { container } = render(
      <ShownImage src="https://s3/a.jpg" webp="https://s3/a.webp" alt="Photo 1" />,
    );
    const source = container.querySelector('picture > source');
    expect(source?.getAttribute('type')).toBe('image/webp');
    expect(source?.getAttribute('srcset')).toBe('https://s3/a.webp');
    expect(screen.getByRole('img', { name: 'Photo 1' }).getAttribute('src')).toBe('https://s3/a.jpg');
  });

  it("gives the WebP candidates by width the image's sizes", () => {
    const { container } = render(
      <ShownImage
        src="https://s3/a.jpg"
        webp="https://s3/a.grid.webp 240w, https://s3/a.webp 400w"
        sizes="20vw"
        alt="Photo 1"
      />,
    );
    const source = container.querySelector('picture > source');
    expect(source?.getAttribute('srcset')).toBe('https://s3/a.grid.webp 240w, https://s3/a.webp 400w');
    expect(source?.getAttribute('sizes')).toBe('20vw');
  });

  it('is a plain JPEG image without a WebP URL', () => {
    const { container } = render(<ShownImage src="https://s3/a.jpg" alt="Photo 1" />);
    expect(container.querySelector('picture')).toBeNull();
    expect(screen.getByRole('img', { name: 'Photo 1' }).getAttribute('src')).toBe('https://s3/a.jpg');
  });

  it('falls back to the JPEG alone when the WebP fails to load', () => {
    const onError = vi.fn();
    const { container } = render(
      <ShownImage src="https://s3/a.jpg" webp="https://s3/a.webp" alt="Photo 1" onError={onError} />,
    );
    const image = screen.getByRole('img', { name: 'Photo 1' });
    Object.defineProperty(image, 'currentSrc', { value: 'https://s3/a.webp' });
    fireEvent.error(image);
    expect(container.querySelector('picture')).toBeNull();
    expect(screen.getByRole('img', { name: 'Photo 1' }).getAttribute('src')).toBe('https://s3/a.jpg');
    expect(onError).not.toHaveBeenCalled();
    // The JPEG failing too is the caller's to handle.
    fireEvent.error(screen.getByRole('img', { name: 'Photo 1' }));
    expect(onError).toHaveBeenCalledTimes(1);
  });
});
