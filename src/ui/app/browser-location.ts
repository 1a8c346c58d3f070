import type { BaseLocationHook } from 'wouter';
import { usePathname } from 'wouter/use-browser-location';
import { browserNavigate } from '../../machines/app/platform';

/**
 * Wouter's browser location, navigating as the machines do, so links mark their entries too and
 * Cancel knows an entry it pushed even after a reload.
 */
export const useAppBrowserLocation: BaseLocationHook = () => [usePathname(), browserNavigate];
