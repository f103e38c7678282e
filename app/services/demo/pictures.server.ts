import sharp from "sharp";

/** What a demo picture shows; each is a simple light shape on a gradient of the chosen colour. */
export type DemoPictureSubject = "motorcycle" | "scooter" | "helmet" | "glove" | "part" | "box";

export interface DemoPicture {
  /** The gradient's starting colour, as CSS (`#1d4ed8`). */
  color: string;
  subject?: DemoPictureSubject;
  /** 0 is the plain view; 1 mirrors it and 2 shows it closer, so a listing's photos differ from one another. */
  view?: number;
}

const WIDTH = 960;
const HEIGHT = 640;
const LINE = `fill="none" stroke="#f8fafc" stroke-linecap="round" stroke-linejoin="round"`;

const shapes: Record<DemoPictureSubject, string> = {
  motorcycle: `<circle cx="290" cy="440" r="100" fill="none" stroke="#f8fafc" stroke-width="26"/>
  <circle cx="690" cy="440" r="100" fill="none" stroke="#f8fafc" stroke-width="26"/>
  <path d="M290 440 L450 400 M690 440 L610 220 L580 205 M600 200 L660 190" ${LINE} stroke-width="22"/>
  <path d="M410 330 L560 320 L580 420 L450 440 Z" fill="#f8fafc"/>
  <path d="M420 300 Q460 235 580 250 L600 305 L430 320 Z" fill="#f8fafc"/>
  <path d="M230 285 L420 295 L430 320 L260 315 Z" fill="#f8fafc"/>
  <path d="M450 445 L300 470" ${LINE} stroke-width="18"/>`,
  scooter: `<circle cx="290" cy="470" r="78" fill="none" stroke="#f8fafc" stroke-width="24"/>
  <circle cx="690" cy="470" r="78" fill="none" stroke="#f8fafc" stroke-width="24"/>
  <path d="M190 430 Q200 320 330 305 L480 305 Q500 360 470 410 L250 425 Z" fill="#f8fafc"/>
  <path d="M470 405 L610 405 M690 470 L660 300 L690 200 M650 185 L740 205" ${LINE} stroke-width="22"/>
  <path d="M600 415 L635 245 L690 235 L675 320 L640 420 Z" fill="#f8fafc"/>
  <rect x="300" y="268" width="170" height="34" rx="17" fill="#e2e8f0"/>`,
  helmet: `<path d="M290 460 C290 290 390 190 520 190 C660 190 730 300 730 430 L730 470 L290 470 Z" fill="#f8fafc"/>
  <path d="M520 300 L725 300 L725 390 L560 390 Q520 390 520 350 Z" fill="#0f172a" opacity="0.75"/>
  <path d="M330 440 L700 440" stroke="#0f172a" stroke-width="10" opacity="0.35"/>`,
  glove: `<rect x="400" y="170" width="38" height="170" rx="19" fill="#f8fafc"/>
  <rect x="446" y="150" width="38" height="190" rx="19" fill="#f8fafc"/>
  <rect x="492" y="160" width="38" height="180" rx="19" fill="#f8fafc"/>
  <rect x="538" y="190" width="38" height="150" rx="19" fill="#f8fafc"/>
  <rect x="390" y="290" width="44" height="150" rx="22" fill="#f8fafc" transform="rotate(-35 412 430)"/>
  <rect x="400" y="290" width="176" height="200" rx="40" fill="#f8fafc"/>
  <rect x="390" y="470" width="196" height="80" rx="14" fill="#cbd5e1"/>`,
  part: `<g transform="rotate(-12 480 330)">
    <rect x="380" y="260" width="360" height="130" rx="65" fill="#f8fafc"/>
    <circle cx="735" cy="325" r="38" fill="#0f172a" opacity="0.6"/>
    <path d="M385 325 L210 325 L160 380" ${LINE} stroke-width="30"/>
    <path d="M470 270 L470 380 M650 270 L650 380" stroke="#0f172a" stroke-width="8" opacity="0.35"/>
  </g>`,
  box: `<path d="M300 260 L400 190 L720 190 L620 260 Z" fill="#e2e8f0"/>
  <path d="M620 260 L720 190 L720 440 L620 510 Z" fill="#cbd5e1"/>
  <rect x="300" y="260" width="320" height="250" fill="#f8fafc"/>
  <path d="M400 330 L520 330" stroke="#0f172a" stroke-width="16" stroke-linecap="round" opacity="0.5"/>`,
};

/** The shape placed for a view: as drawn, mirrored, or enlarged around the centre. */
function placed(shape: string, view: number) {
  switch (view % 3) {
    case 1:
      return `<g transform="translate(${WIDTH} 0) scale(-1 1)">${shape}</g>`;
    case 2:
      return `<g transform="translate(480 360) scale(1.25) translate(-480 -360)">${shape}</g>`;
    default:
      return shape;
  }
}

/**
 * A JPEG drawn from an SVG, for demo content: nothing binary ships with the project, and every demo picture is a
 * real upload that goes through the image pipeline like a member's photo.
 */
export async function demoPicture({ color, subject = "motorcycle", view = 0 }: DemoPicture): Promise<Buffer> {
  // The gradient turns with the view, so even the same shape reads as another photo.
  const [x2, y2] = view % 2 === 0 ? [1, 1] : [0, 1];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="${x2}" y2="${y2}">
    <stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#0f172a"/></linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>
  ${placed(shapes[subject], view)}
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}
