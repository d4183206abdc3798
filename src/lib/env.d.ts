/** Build-time settings read by the web app (Vite exposes only VITE_* variables). */
interface ImportMetaEnv {
  /** Prefix of every local storage key (spec §9); see src/lib/storage-prefix.ts. */
  readonly VITE_STORAGE_PREFIX?: string;
}
