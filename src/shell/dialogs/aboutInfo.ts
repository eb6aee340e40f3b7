/**
 * What the About dialog states (spec §2 user menu, §9: "the About dialog shows version 5.0").
 * The product version is the marketed one, independent of the build version in the storage keys.
 */
export const ABOUT_PRODUCT_VERSION = '5.0';
/** Vendor name and website: configurable per deployment through the build environment. */
export const VENDOR_NAME: string = import.meta.env.VITE_VENDOR_NAME ?? 'Plant Portal';
export const VENDOR_WEBSITE: string = import.meta.env.VITE_VENDOR_WEBSITE ?? 'https://www.example.com';
/** The interactive API reference the reference server serves beside the portal (server/http/api-reference.ts). */
export const API_REFERENCE_URL = '/api-docs';
