import type { Router } from "express";
import type { Runtime } from "#app/platform/runtime.server";

/** JSON endpoints of the uploads part of the community, mounted under /api. */
export function mountUploadsApi(_api: Router, _runtime: Runtime): void {}
