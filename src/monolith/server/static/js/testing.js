// Hooks for the browser tests (tests/web), only on an explicit test flag: localStorage
// "monolith-test" set to "1", or "?monolith-test" in the address. Without it the shipped pages
// put nothing on `window` and keep no record for tests.
function flagged() {
  try {
    return localStorage.getItem("monolith-test") === "1" || new URLSearchParams(location.search).has("monolith-test");
  } catch {
    return false; // storage refused (a sandboxed frame): no flag
  }
}

export const TESTING = flagged();

// `window[name] = value`, under the test flag only.
export function exposeForTests(name, value) {
  if (TESTING) window[name] = value;
}
