import { AVATAR_OUTPUT } from '@cirrus/shared';

export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Loads a picture the browser can decode (jpg, png and bmp all can). */
export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('the picture could not be read'));
    image.src = src;
  });
}

/** Draws the cropped square of the picture onto a square canvas of `size` pixels. */
export function drawCrop(
  image: HTMLImageElement,
  area: PixelArea,
  canvas: HTMLCanvasElement,
  size = AVATAR_OUTPUT,
): void {
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) return;
  context.imageSmoothingQuality = 'high';
  context.clearRect(0, 0, size, size);
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size, size);
}

/** The 120x120 png the avatar upload sends (spec 000 §4: the cropper outputs 120x120). */
export function cropToPng(image: HTMLImageElement, area: PixelArea): Promise<Blob> {
  const canvas = document.createElement('canvas');
  drawCrop(image, area, canvas);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('the crop could not be encoded'))),
      'image/png',
    );
  });
}
