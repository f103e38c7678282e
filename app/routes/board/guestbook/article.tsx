/** Not built yet: this module is replaced by the page it names in app/routes.ts. */
export default function Unbuilt() {
  return null;
}
