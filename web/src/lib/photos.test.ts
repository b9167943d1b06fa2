import { describe, expect, it, vi } from 'vitest';
import { fitWithin, isSupportedImage, photoDataUrl, photoToSend } from './photos';

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('photos', () => {
  it('accepts JPEG, PNG and WebP, by type or else by name', () => {
    expect(isSupportedImage(file('a.jpg', 'image/jpeg'))).toBe(true);
    expect(isSupportedImage(file('a.png', 'image/png'))).toBe(true);
    expect(isSupportedImage(file('a.webp', 'image/webp'))).toBe(true);
    expect(isSupportedImage(file('a.JPEG', ''))).toBe(true);
    expect(isSupportedImage(file('a.gif', 'image/gif'))).toBe(false);
    expect(isSupportedImage(file('a.heic', ''))).toBe(false);
    expect(isSupportedImage(file('a.png', 'application/pdf'))).toBe(false);
  });

  it('fits large photos within the longest side, never enlarging small ones', () => {
    expect(fitWithin(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000, 1600)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(800, 600, 1600)).toEqual({ width: 800, height: 600 });
  });

  it('sends a small photo as it is, as a data URL', async () => {
    const small = new File(['hi'], 'a.png', { type: 'image/png' });
    await expect(photoToSend(small)).resolves.toBe(small);
    await expect(photoDataUrl(small)).resolves.toBe('data:image/png;base64,aGk=');
  });

  it('sends a large photo as it is when this browser cannot redraw it', async () => {
    // jsdom has no createImageBitmap: the server re-encodes the original instead.
    const large = new File([new Uint8Array(2 * 1024 * 1024)], 'big.jpg', { type: 'image/jpeg' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(photoDataUrl(large)).resolves.toMatch(/^data:image\/jpeg;base64,/);
    expect(warn).toHaveBeenCalled();
  });
});
