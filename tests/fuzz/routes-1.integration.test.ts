import { fuzzRoutes } from "./routes";

// The fuzz of every route and API endpoint (./routes.ts), share 1 of 2.
fuzzRoutes(1);
