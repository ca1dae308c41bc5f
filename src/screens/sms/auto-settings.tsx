/** The automatic messages' settings (docs/DOMAIN.md, "SMS centre"): filled in with its endpoint. */
export function AutoSettings() {
  return null;
}
