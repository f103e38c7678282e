/** A sign-in provider as the pages show it. */
export interface ProviderOption {
  id: string;
  label: string;
}
