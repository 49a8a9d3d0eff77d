// The Monolith table (placeholder until its view settles): generic for now.
import { createGeneric } from "./generic.js";
export function createTheMonolith(container, ctx) {
  return createGeneric(container, ctx);
}
