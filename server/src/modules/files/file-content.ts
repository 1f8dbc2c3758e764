/** What a file really is, judged by its first bytes rather than its name or declared type. */
export type SniffedType = 'image/png' | 'image/jpeg' | 'video/mp4';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function sniffContentType(bytes: Uint8Array): SniffedType | null {
  if (PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  // ISO base media: a box size, then 'ftyp', then the major brand, which tells a video from a
  // HEIC or AVIF still image (brands 'heic', 'mif1', 'avif') in the same box format.
  if (
    bytes.length > 11 &&
    String.fromCharCode(...bytes.subarray(4, 8)) === 'ftyp' &&
    VIDEO_BRANDS.has(String.fromCharCode(...bytes.subarray(8, 12)))
  ) {
    return 'video/mp4';
  }
  return null;
}

/** Major brands of MP4 video as phones and cameras write it (QuickTime's 'qt  ' from iPhones). */
const VIDEO_BRANDS = new Set([
  'isom',
  'iso2',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'mmp4',
  'dash',
  '3gp4',
  '3gp5',
  '3gp6',
  '3g2a',
  'qt  ',
]);

export const EXTENSION_BY_TYPE: Record<SniffedType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'video/mp4': 'mp4',
};
