import { crc32, deflateSync } from 'node:zlib';
import { createRandom, type Random } from './random';

/**
 * Small but real PNG pictures for seed data (avatars, selfies, incident photos, site covers),
 * drawn from simple shapes so that seeding needs no image library and no bundled assets.
 * The same seed number always gives the same bytes.
 */

type Colour = readonly [number, number, number];

const PNG_SIGNATURE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const BYTES_PER_PIXEL = 3;

const SKIN_TONES: readonly Colour[] = [
  [241, 194, 125],
  [224, 172, 105],
  [198, 134, 66],
  [141, 85, 36],
  [255, 219, 172],
];
const HAIR: readonly Colour[] = [
  [30, 24, 20],
  [60, 40, 25],
  [20, 20, 20],
];
const PASTELS: readonly Colour[] = [
  [174, 198, 207],
  [255, 179, 186],
  [255, 223, 186],
  [186, 255, 201],
  [186, 225, 255],
  [203, 170, 203],
  [253, 253, 150],
];
const UNIFORM_NAVY: Colour = [28, 40, 82];
const UNIFORM_BADGE: Colour = [222, 184, 65];

/** An RGB pixel buffer with just the drawing operations the pictures below need. */
class Raster {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8Array(width * height * BYTES_PER_PIXEL);
  }

  private set(x: number, y: number, colour: Colour): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    this.pixels.set(colour, (y * this.width + x) * BYTES_PER_PIXEL);
  }

  fillRect(left: number, top: number, width: number, height: number, colour: Colour): void {
    for (let y = Math.round(top); y < Math.round(top + height); y++) {
      for (let x = Math.round(left); x < Math.round(left + width); x++) this.set(x, y, colour);
    }
  }

  fillEllipse(cx: number, cy: number, rx: number, ry: number, colour: Colour): void {
    for (let y = Math.floor(cy - ry); y <= Math.ceil(cy + ry); y++) {
      for (let x = Math.floor(cx - rx); x <= Math.ceil(cx + rx); x++) {
        if (((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1) this.set(x, y, colour);
      }
    }
  }

  /** Blends from `top` to `bottom` colour between rows y0 and y1. */
  verticalGradient(y0: number, y1: number, top: Colour, bottom: Colour): void {
    for (let y = y0; y < y1; y++) {
      const t = (y - y0) / Math.max(1, y1 - y0 - 1);
      const colour: Colour = [
        Math.round(top[0] + (bottom[0] - top[0]) * t),
        Math.round(top[1] + (bottom[1] - top[1]) * t),
        Math.round(top[2] + (bottom[2] - top[2]) * t),
      ];
      this.fillRect(0, y, this.width, 1, colour);
    }
  }
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, 'ascii');
  chunk.set(data, 8);
  // The CRC covers the chunk type and data, not the length.
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return chunk;
}

/** Encodes 8-bit RGB pixels as a PNG: no filtering (type 0 per row), one zlib IDAT chunk. */
function encodePng(raster: Raster): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(raster.width, 0);
  header.writeUInt32BE(raster.height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour RGB
  // Bytes 10-12 (compression, filter, interlace) stay 0: the only methods PNG defines.

  const stride = raster.width * BYTES_PER_PIXEL;
  const scanlines = new Uint8Array(raster.height * (stride + 1));
  for (let y = 0; y < raster.height; y++) {
    scanlines.set(raster.pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }

  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(scanlines)),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
}

function drawPerson(
  image: Raster,
  random: Random,
  options: { cx: number; headY: number; scale: number; shirt: Colour },
): void {
  const { cx, headY, scale, shirt } = options;
  image.fillEllipse(cx, headY + 44 * scale, 34 * scale, 24 * scale, shirt);
  image.fillEllipse(cx, headY, 17 * scale, 20 * scale, random.pick(SKIN_TONES));
  image.fillEllipse(cx, headY - 12 * scale, 17 * scale, 9 * scale, random.pick(HAIR));
  const eye: Colour = [35, 30, 30];
  image.fillEllipse(cx - 6 * scale, headY + 1 * scale, 2 * scale, 2 * scale, eye);
  image.fillEllipse(cx + 6 * scale, headY + 1 * scale, 2 * scale, 2 * scale, eye);
  image.fillRect(cx - 5 * scale, headY + 10 * scale, 10 * scale, 2 * scale, [150, 60, 60]);
}

/** A head-and-shoulders portrait on a pastel background, for guard and user photos. */
export function avatarPng(seed: number, size = 96): Uint8Array {
  const random = createRandom(seed);
  const image = new Raster(size, size);
  image.fillRect(0, 0, size, size, random.pick(PASTELS));
  const shirt: Colour = [random.int(30, 200), random.int(30, 200), random.int(30, 200)];
  drawPerson(image, random, { cx: size / 2, headY: size * 0.42, scale: size / 96, shirt });
  return encodePng(image);
}

/** A guard in uniform and cap, off-centre as a phone selfie is, in front of a building. */
export function selfiePng(seed: number, size = 96): Uint8Array {
  const random = createRandom(seed);
  const image = new Raster(size, size);
  const night = random.chance(0.4);
  image.verticalGradient(
    0,
    size,
    night ? [20, 24, 60] : [135, 190, 235],
    night ? [60, 50, 80] : [220, 235, 245],
  );
  const wall: Colour = [random.int(150, 210), random.int(140, 190), random.int(120, 170)];
  image.fillRect(random.int(0, size / 3), size * 0.35, size, size, wall);
  const scale = (size / 96) * random.float(1.05, 1.3, 2);
  const cx = size / 2 + random.int(-10, 10);
  const headY = size * 0.45;
  drawPerson(image, random, { cx, headY, scale, shirt: UNIFORM_NAVY });
  image.fillRect(cx - 18 * scale, headY - 22 * scale, 36 * scale, 9 * scale, UNIFORM_NAVY);
  image.fillRect(cx + 10 * scale, headY + 34 * scale, 7 * scale, 5 * scale, UNIFORM_BADGE);
  return encodePng(image);
}

function drawCar(image: Raster, random: Random, left: number, groundY: number): void {
  const body: Colour = [random.int(40, 230), random.int(40, 230), random.int(40, 230)];
  image.fillRect(left, groundY - 14, 34, 9, body);
  image.fillRect(left + 7, groundY - 21, 19, 8, body);
  image.fillRect(left + 10, groundY - 19, 13, 5, [190, 220, 240]);
  image.fillEllipse(left + 8, groundY - 5, 4, 4, [25, 25, 25]);
  image.fillEllipse(left + 26, groundY - 5, 4, 4, [25, 25, 25]);
}

/** A street or car-park scene with something amiss: smoke, a fire glow or debris. */
export function incidentPhotoPng(seed: number, size = 96): Uint8Array {
  const random = createRandom(seed);
  const image = new Raster(size, size);
  const groundY = Math.round(size * random.float(0.6, 0.75, 2));
  image.verticalGradient(0, groundY, [160, 180, 200], [210, 210, 205]);
  image.fillRect(0, groundY, size, size - groundY, [95, 95, 100]);
  for (let i = 0; i < random.int(2, 4); i++) {
    const grey = random.int(120, 190);
    const height = random.int(15, groundY - 5);
    image.fillRect(random.int(-10, size - 20), groundY - height, random.int(18, 32), height, [
      grey,
      grey - 10,
      grey - 20,
    ]);
  }
  drawCar(image, random, random.int(0, size - 36), groundY + random.int(8, 20));
  const hazard: Colour = random.pick([
    [230, 90, 30],
    [200, 30, 30],
    [60, 60, 60],
  ] as const);
  image.fillEllipse(random.int(20, size - 20), groundY - random.int(0, 12), 14, 10, hazard);
  image.fillEllipse(random.int(20, size - 20), groundY + 6, 6, 3, [240, 200, 40]);
  return encodePng(image);
}

function drawTower(image: Raster, left: number, width: number, height: number, groundY: number) {
  const top = groundY - height;
  image.fillRect(left, top, width, height, [215, 210, 200]);
  for (let y = top + 4; y < groundY - 4; y += 6) {
    for (let x = left + 3; x < left + width - 4; x += 6) {
      image.fillRect(x, y, 3, 3, [90, 130, 170]);
    }
  }
}

/** A residential skyline: towers with window grids, trees and a lawn. */
export function siteCoverPng(seed: number, width = 160, height = 96): Uint8Array {
  const random = createRandom(seed);
  const image = new Raster(width, height);
  const groundY = height - random.int(14, 22);
  image.verticalGradient(0, groundY, [90, 150, 220], [200, 225, 245]);
  image.fillRect(0, groundY, width, height - groundY, [96, 160, 80]);
  let left = random.int(0, 12);
  while (left < width - 20) {
    const towerWidth = random.int(20, 34);
    drawTower(image, left, towerWidth, random.int(30, groundY - 6), groundY);
    left += towerWidth + random.int(4, 16);
  }
  for (let x = random.int(0, 10); x < width; x += random.int(14, 26)) {
    image.fillEllipse(x, groundY - 4, 7, 8, [40, 110, 50]);
  }
  return encodePng(image);
}
