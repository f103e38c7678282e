import { fuzzRoutes } from "./routes";

// The fuzz of every route and API endpoint (./routes.ts), share 2 of 2.
fuzzRoutes(2);
