import { useCallback, useState } from 'react';

/**
 * The burger side menu's open flag. A pure disclosure, so UI-only state: unlike the form
 * overlays it pushes no history entry, since its links navigate and a back() would undo them.
 */
export function useMenu() {
  const [menuOpen, setMenuOpen] = useState(false);
  const openMenu = useCallback(() => setMenuOpen(true), []);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  return { menuOpen, openMenu, closeMenu };
}
