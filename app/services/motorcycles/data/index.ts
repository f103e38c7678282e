import type { CatalogueRow } from "../catalogue-row";
// Japanese, Taiwanese and Korean makers
import { dl } from "./dl";
import { honda } from "./honda";
import { kawasaki } from "./kawasaki";
import { krMotors } from "./kr-motors";
import { kymco } from "./kymco";
import { suzuki } from "./suzuki";
import { sym } from "./sym";
import { yamaha } from "./yamaha";

// European, American, Indian and Chinese makers
import { benelli } from "./benelli";
import { bmw } from "./bmw";
import { cfmoto } from "./cfmoto";
import { ducati } from "./ducati";
import { harleyDavidson } from "./harley-davidson";
import { ktm } from "./ktm";
import { piaggio } from "./piaggio";
import { royalEnfield } from "./royal-enfield";
import { triumph } from "./triumph";
import { vespa } from "./vespa";

/** The shipped catalogue: every model year of every brand file, seeded at start (see ../seed.server.ts). */
export const catalogueRows: readonly CatalogueRow[] = [
  // Japanese, Taiwanese and Korean makers (rows)
  ...honda,
  ...yamaha,
  ...kawasaki,
  ...suzuki,
  ...kymco,
  ...sym,
  ...dl,
  ...krMotors,
  // European, American, Indian and Chinese makers (rows)
  ...bmw,
  ...harleyDavidson,
  ...ducati,
  ...ktm,
  ...triumph,
  ...royalEnfield,
  ...vespa,
  ...piaggio,
  ...benelli,
  ...cfmoto,
];
