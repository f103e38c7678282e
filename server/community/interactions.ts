import type { Router } from "express";
import type { Runtime } from "#app/platform/runtime.server";

/** JSON endpoints of the interactions part of the community, mounted under /api. */
export function mountInteractionsApi(_api: Router, _runtime: Runtime): void {}
