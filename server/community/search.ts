import type { Router } from "express";
import type { Runtime } from "#app/platform/runtime.server";

/** JSON endpoints of the search part of the community, mounted under /api. */
export function mountSearchApi(_api: Router, _runtime: Runtime): void {}
