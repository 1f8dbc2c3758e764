import { describe, expect, it } from 'vitest';
import { imageSize } from '../../src/features/incidents/image-size';

/** A JPEG's start: SOI, an APP0 segment, then a baseline frame header of the given size. */
function jpegHeader(width: number, height: number): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...new Array<number>(14).fill(0)];
  const frame = [
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
  ];
  return Uint8Array.from([0xff, 0xd8, ...app0, ...frame, ...new Array<number>(10).fill(0)]);
}

describe('imageSize', () => {
  it('reads a PNG from its IHDR', () => {
    const png = Uint8Array.from(
      atob(
        'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAADUlEQVR4nGP4zwAE/wEHAAH/4iOeWQAAAABJRU5ErkJggg==',
      ),
      (character) => character.charCodeAt(0),
    );
    expect(imageSize(png)).toEqual({ type: 'png', width: 2, height: 1 });
  });

  it('reads a JPEG from its first frame header, past the segments before it', () => {
    expect(imageSize(jpegHeader(640, 480))).toEqual({ type: 'jpg', width: 640, height: 480 });
  });

  it('skips fill bytes before a marker', () => {
    const bytes = jpegHeader(300, 200);
    const filled = Uint8Array.from([...bytes.slice(0, 2), 0xff, ...bytes.slice(2)]);
    expect(imageSize(filled)).toEqual({ type: 'jpg', width: 300, height: 200 });
  });

  it('answers null for anything else, or a JPEG cut short', () => {
    expect(imageSize(Uint8Array.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]))).toBeNull();
    expect(imageSize(jpegHeader(10, 10).slice(0, 12))).toBeNull();
  });
});
