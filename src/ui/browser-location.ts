import type { BaseLocationHook } from 'wouter';
import { usePathname } from 'wouter/use-browser-location';
import { browserNavigate } from '../machines/platform';

/**
 * Wouter's browser location, navigating as the machines do, so links mark their entries too and
 * Cancel on a deep-linked form knows it has no page of the app to go back to.
 */
export const useAppBrowserLocation: BaseLocationHook = () => [usePathname(), browserNavigate];
